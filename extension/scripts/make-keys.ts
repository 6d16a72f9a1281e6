/**
 * Run ONCE (already done; the output is checked in): makes the two RSA-2048 key pairs whose public
 * halves fix the ids of the production and development flavours, writes extension/keys.json (public
 * keys only, base64 DER SubjectPublicKeyInfo) and the ids in protocol/extension-ids.ts. The private keys are
 * thrown away: an unpacked or self-hosted install needs only the public key in the manifest.
 *
 *   npx tsx extension/scripts/make-keys.ts           # refuses to replace existing keys
 *   npx tsx extension/scripts/make-keys.ts --ids     # recompute protocol/extension-ids.ts's ids from keys.json
 *   npx tsx extension/scripts/make-keys.ts --force   # new keys: CHANGES BOTH EXTENSION IDS
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionIdFromSha256Hex } from '../src/lib/ids';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keysFile = path.join(dir, 'keys.json');
const idsFile = path.resolve(dir, '../protocol/extension-ids.ts');
const flavours = ['production', 'development'] as const;

function idOfKey(publicKeyBase64: string): string {
  return extensionIdFromSha256Hex(createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex'));
}

function writeIds(keys: Record<(typeof flavours)[number], string>) {
  const ids = Object.fromEntries(flavours.map((f) => [f, idOfKey(keys[f])]));
  const body = flavours.map((f) => `  ${f}: '${ids[f]}',\n`).join('');
  const source = fs.readFileSync(idsFile, 'utf8');
  const updated = source.replace(/(export const EXTENSION_IDS = \{\n)[^}]*(\} as const)/, `$1${body}$2`);
  if (updated === source && !flavours.every((f) => source.includes(`${f}: '${ids[f]}'`))) throw new Error(`${idsFile}: EXTENSION_IDS not found`);
  fs.writeFileSync(idsFile, updated);
  console.log(ids);
}

const args = process.argv.slice(2);
if (args.includes('--ids')) {
  writeIds(JSON.parse(fs.readFileSync(keysFile, 'utf8')));
} else {
  if (fs.existsSync(keysFile) && !args.includes('--force')) {
    console.error(`${keysFile} exists; new keys would change both extension ids (use --force if you mean it)`);
    process.exit(1);
  }
  const keys = Object.fromEntries(flavours.map((f) => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return [f, publicKey.export({ type: 'spki', format: 'der' }).toString('base64')];
  })) as Record<(typeof flavours)[number], string>;
  fs.writeFileSync(keysFile, `${JSON.stringify(keys, null, 2)}\n`);
  writeIds(keys);
}
