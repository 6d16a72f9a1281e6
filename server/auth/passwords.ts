// argon2id through @node-rs/argon2 (its defaults: 19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the address is unknown, so a login takes as long either way.
let dummy: Promise<string> | null = null;

/** `stored` null (no such account) or '' (an account without a usable password yet) never matches, in the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('tessera-timing-equaliser');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
