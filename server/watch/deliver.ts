// Sending one alert message over HTTP without letting a channel reach inside the network (docs/DECISIONS.md,
// "The watch: rules, alerts and delivery (issue 34)", address pinning):
//
// - the URL must be https (http only to a loopback address with TESSERA_WEBHOOK_ALLOW_LOOPBACK, tests);
// - the host name is resolved once, here, and every address it resolves to is checked: loopback, private
//   (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), CGNAT (100.64/10), ULA (fc00::/7),
//   unspecified, multicast, broadcast, reserved, documentation and benchmarking ranges, and IPv4-mapped or
//   -translated IPv6 forms of any of those are refused;
// - the connection goes to the checked address (the socket's `lookup` answers it, so no second resolution
//   can swap it), with the URL's host name kept for TLS (SNI, certificate check) and the Host header;
// - a redirect is not followed (it is a failure), the request and the answer are bounded in time and size.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Why a message could not be sent; `key` is a message of server/i18n.ts. */
export class DeliveryError extends Error {
  constructor(readonly key: DeliveryErrorKey, readonly params: Record<string, string | number> = {}, readonly permanent = false) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}
export type DeliveryErrorKey =
  | 'watchNotHttps' | 'watchBadUrl' | 'watchAddressRefused' | 'watchUnresolved' | 'watchRedirect' | 'watchHttpStatus' | 'watchTimeout' | 'watchUnreachable';

export interface SafePostOptions {
  /** loopback addresses allowed (and http to them): tests and the local demo only */
  allowLoopback: boolean;
  resolve?: ((host: string) => Promise<{ address: string; family: number }[]>) | null;
  timeoutMs?: number;
}

const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

function v4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const n = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return n.every((x) => x >= 0 && x <= 255) ? n : null;
}

/** An IPv6 address as 8 numbers of 16 bits (an embedded IPv4 tail included), or null. */
function v6(address: string): number[] | null {
  let a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (!net.isIPv6(a)) return null;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (tail) {
    const b = v4(tail[1]!);
    if (!b) return null;
    a = a.slice(0, -tail[1]!.length) + `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, rest] = a.includes('::') ? a.split('::') as [string, string] : [a, null];
  const hs = head ? head.split(':') : [];
  const rs = rest ? rest.split(':') : [];
  const fill = rest === null ? [] : Array(8 - hs.length - rs.length).fill('0');
  const groups = [...hs, ...fill, ...rs].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** Why an IPv4 address may not be reached, or null when it is public. */
function refusedV4(b: number[], allowLoopback: boolean): string | null {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 127) return allowLoopback ? null : 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return 'private';
  if (a === 169 && c === 254) return 'link-local';
  if (a === 100 && c >= 64 && c <= 127) return 'CGNAT';
  if (a === 192 && c === 0 && (b[2] === 0 || b[2] === 2)) return 'reserved';
  if ((a === 198 && (c === 18 || c === 19)) || (a === 198 && c === 51 && b[2] === 100) || (a === 203 && c === 0 && b[2] === 113)) return 'reserved';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return null;
}

/**
 * Why the address may not be reached (`loopback`, `private`, `link-local`, `CGNAT`, `ULA`, `multicast`,
 * `unspecified`, `reserved`), or null when it is a public address. IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`) forms are judged by the
 * IPv4 address they carry.
 */
export function refusedAddress(address: string, allowLoopback = false): string | null {
  const four = v4(address);
  if (four) return refusedV4(four, allowLoopback);
  const g = v6(address);
  if (!g) return 'reserved';
  const embedded = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return allowLoopback ? null : 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated), 64:ff9b::a.b.c.d (NAT64)
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return refusedV4(embedded(g[6]!, g[7]!), allowLoopback) ?? (g[5] === 0 ? 'reserved' : null);
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0) return refusedV4(embedded(g[6]!, g[7]!), allowLoopback);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return refusedV4(embedded(g[6]!, g[7]!), allowLoopback);
  if (g[0] === 0x2002) return refusedV4(embedded(g[1]!, g[2]!), allowLoopback);
  if ((g[0]! & 0xfe00) === 0xfc00) return 'ULA';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'reserved'; // site-local (deprecated)
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return 'reserved'; // discard-only
  return null;
}

const systemResolve = async (host: string) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((r) => ({ address: r.address, family: r.family }));

/**
 * The address a request to `url` will use, checked: every address the name resolves to must be allowed
 * (one refused address refuses the target: a name that answers both a public and a private address is
 * not a target). Throws a DeliveryError.
 */
export async function pinnedAddress(url: URL, o: SafePostOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      let timer: NodeJS.Timeout | undefined;
      addresses = await Promise.race([
        (o.resolve ?? systemResolve)(host),
        new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), o.timeoutMs ?? TIMEOUT_MS); }),
      ]).finally(() => clearTimeout(timer));
    } catch {
      throw new DeliveryError('watchUnresolved', { host });
    }
  }
  if (!addresses.length) throw new DeliveryError('watchUnresolved', { host });
  for (const a of addresses) {
    const why = refusedAddress(a.address, o.allowLoopback);
    if (why) throw new DeliveryError('watchAddressRefused', { host, address: a.address, why }, true);
  }
  return addresses[0]!;
}

/** A URL a channel may send to: https, or http to a loopback address when loopback is allowed. Throws a DeliveryError. */
export function checkUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DeliveryError('watchBadUrl', {}, true);
  }
  if (url.username || url.password) throw new DeliveryError('watchBadUrl', {}, true);
  if (url.protocol === 'https:') return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && allowLoopback && (host === 'localhost' || /^127\./.test(host) || host === '::1')) return url;
  throw new DeliveryError('watchNotHttps', {}, true);
}

/**
 * POSTs `body` as JSON to `url` through the pinned address. Resolves on a 2xx answer; throws a
 * DeliveryError otherwise (a 3xx is not followed).
 */
export async function safePostJson(raw: string, body: unknown, o: SafePostOptions): Promise<void> {
  const url = checkUrl(raw, o.allowLoopback);
  const pinned = await pinnedAddress(url, o);
  const payload = Buffer.from(JSON.stringify(body));
  const timeoutMs = o.timeoutMs ?? TIMEOUT_MS;
  const lib = url.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err); else resolve();
    };
    const req = lib.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': payload.length, 'user-agent': 'Tessera-Watch/1', host: url.host },
      // the socket connects to the checked address, whatever the name would resolve to now
      lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
        else cb(null, pinned.address, pinned.family);
      }) as unknown as typeof dns.lookup,
      ...(url.protocol === 'https:' ? { servername: net.isIP(url.hostname) ? undefined : url.hostname } : {}),
      agent: false,
    }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      res.on('error', () => {});
      res.on('end', () => {});
      res.on('close', () => {
        if (status >= 200 && status < 300) finish();
        else if (status >= 300 && status < 400) finish(new DeliveryError('watchRedirect', { status }));
        else finish(new DeliveryError('watchHttpStatus', { status }));
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(new DeliveryError('watchTimeout', { seconds: Math.round(timeoutMs / 1000) }));
    }, timeoutMs);
    req.on('error', () => finish(new DeliveryError('watchUnreachable', { host: url.hostname })));
    req.end(payload);
  });
}
