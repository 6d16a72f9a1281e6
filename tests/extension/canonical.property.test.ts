// The executor parses a request once (protocol/canonical.ts), checks that form and sends it
// re-serialised. The property: whatever encoding a page invents, a request the parser accepts is
// read the same way by every kind of receiver, on the bytes the page wrote and on the bytes that
// leave, as the form that was checked. Receivers differ in exactly the ways an attacker uses: the
// first or the last of a repeated field, field names compared in any case, PHP's renaming of `.` and
// spaces in names, escapes that are not escapes left as text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOW_LIST, checkRequest, parseForm, parseRequest, serializeForm, serializeRequest } from '../../protocol';

type Reader = (text: string) => Map<string, string>;
/** A fixed seed: CI sees the same cases every run (the guards below count how many were accepted). */
const RUN = { seed: 20_261_127 };

/** PHP's reading: `+` is a space, each `%XX` a byte, anything else its own UTF-8 bytes; the bytes read as UTF-8. */
function lenientDecode(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const m = /^%([0-9A-Fa-f]{2})/.exec(s.slice(i));
    if (m) { bytes.push(parseInt(m[1]!, 16)); i += 2; continue; }
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++;
    bytes.push(...new TextEncoder().encode(s[i] === '+' ? ' ' : String.fromCodePoint(cp)));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
const pieces = (text: string) => text.split('&').filter(Boolean).map((p) => { const i = p.indexOf('='); return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)]; });

const READERS: Record<string, Reader> = {
  'first wins (URLSearchParams.get)': (t) => { const m = new Map<string, string>(); for (const [k, v] of new URLSearchParams(t)) if (!m.has(k)) m.set(k, v); return m; },
  'last wins (the sandbox, PHP)': (t) => new Map(new URLSearchParams(t)),
  'names in any case, last wins': (t) => new Map([...new URLSearchParams(t)].map(([k, v]) => [k.toLowerCase(), v])),
  'PHP names (. and space become _), byte escapes': (t) => new Map(pieces(t).map(([k, v]) => [lenientDecode(k!).replace(/^ +/, '').replace(/[. ]/g, '_'), lenientDecode(v!)])),
};

/** What a reader should see for the checked pairs (names in the reader's own terms). */
function expected(reader: string, pairs: readonly (readonly [string, string])[]): Map<string, string> {
  if (reader.startsWith('names in any case')) return new Map(pairs.map(([k, v]) => [k.toLowerCase(), v]));
  return new Map(pairs);
}

const NAMES = ['batch', 'BATCH', 'Batch', 'method', 'Method', 'doc_id', 'doc.id', 'doc id', ' doc_id', 'access_token', 'fields', 'fields[0]', 'fields[]', 'name', 'q', '%62atch', 'b%61tch', 'x%00', 'a+b', '%zz', '%', 'ünï'];
const VALUES = ['1', 'GET', 'DELETE', 'a&b', 'a=b', '%', '%2', '%zz', '%C3', '%FF', '%C3%A9', 'é', '+', ' ', '{{access_token}}', '[{"method":"GET","relative_url":"me"}]', ''];
const encodings = (s: string) => fc.constantFrom(s, encodeURIComponent(s), s.replace(/a/g, '%61'), s.replace(/ /g, '+'));

const piece = fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES), fc.boolean(), fc.boolean())
  .chain(([k, v, ek, ev]) => fc.tuple(ek ? encodings(k) : fc.constant(k), ev ? encodings(v) : fc.constant(v), fc.boolean()))
  .map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`));
const formText = fc.array(piece, { minLength: 0, maxLength: 6 }).map((ps) => ps.join('&'));
/** Mostly plain fields, sometimes a hostile one: enough accepted requests to test what an accepted one does. */
const plainPiece = fc.tuple(fc.constantFrom('fields', 'name', 'access_token', 'method', 'limit', 'after'), fc.constantFrom('id,name', 'GET', 'DELETE', 'é x', '{{access_token}}', '10'))
  .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
const mostlyPlain = fc.array(fc.oneof({ weight: 4, arbitrary: plainPiece }, { weight: 1, arbitrary: piece }), { maxLength: 4 }).map((ps) => ps.join('&'));

describe('what the guard accepts, every receiver reads as it was checked', () => {
  it('form bodies and queries: accepted text reads the same to every reader, before and after re-serialising', () => {
    let accepted = 0;
    fc.assert(fc.property(formText, (text) => {
      const parsed = parseForm(text, 'the body');
      if (!parsed.ok) return;
      accepted++;
      const sent = serializeForm(parsed.value);
      for (const [name, read] of Object.entries(READERS)) {
        const want = expected(name, parsed.value);
        expect(read(text), `${name} on ${JSON.stringify(text)}`).toEqual(want);
        expect(read(sent), `${name} on the sent ${JSON.stringify(sent)}`).toEqual(want);
      }
    }), { ...RUN, numRuns: 3000 });
    console.log(`form texts accepted: ${accepted} of 3000`);
    expect(accepted).toBeGreaterThan(100); // the property is not empty
  });

  it('requests: what leaves is exactly the checked form, the host as written, the path unchanged by URL parsing', () => {
    const host = fc.constantFrom('graph.facebook.com', 'Graph.facebook.com', 'graph.facebook.com.', 'graph.facebook.com:443', 'u@graph.facebook.com', 'graph.facebook.com%2e', 'business.facebook.com', 'evil.example');
    const path = fc.constantFrom('/v19.0/act_1', '/v19.0/act_1/users', '/v19.0/', '/v19.0/act_1/../me', '/v19.0/act_1/./users', '/v19.0//act_1', '/v19.0/act_1%2Fusers', '/v19.0/act_1%2fusers', '/v19.0/act_1\\users', '/api/graphql/', '/v19.0/act_1#x');
    const body = fc.option(mostlyPlain, { nil: undefined });
    const method = fc.constantFrom('GET', 'POST', 'DELETE', 'post', 'PUT');
    const type = fc.constantFrom(undefined, 'application/x-www-form-urlencoded', 'application/json', 'text/plain', 'application/x-www-form-urlencoded; charset=UTF-8');
    let accepted = 0;
    fc.assert(fc.property(host, path, mostlyPlain, body, method, type, (h, p, q, b, m, t) => {
      const url = `https://${h}${p}${q ? `?${q}` : ''}`;
      const parsed = parseRequest({ url, method: m, body: b, headers: t ? { 'content-type': t } : undefined });
      if (!parsed.ok) return;
      accepted++;
      const req = parsed.value;
      const wire = serializeRequest(req);
      const u = new URL(wire.url);
      // the URL parser (fetch's) normalises nothing away: host and path are the checked ones
      expect(u.hostname).toBe(req.host);
      expect(u.pathname).toBe(req.path);
      expect(url.startsWith(`https://${req.host}${req.path}`)).toBe(true);
      expect([...u.searchParams]).toEqual(req.query.map(([k, v]) => [k, v]));
      if (wire.body !== undefined) {
        expect([...new URLSearchParams(wire.body)]).toEqual(req.form!.map(([k, v]) => [k, v]));
        expect(wire.headers['content-type']).toBe('application/x-www-form-urlencoded');
      }
      // and parsing what leaves gives the same form: checking it again gives the same verdict
      const again = parseRequest({ url: wire.url, method: wire.method, headers: wire.headers, body: wire.body });
      expect(again.ok && again.value).toEqual(req);
      expect(checkRequest(ALLOW_LIST, again.ok ? again.value : req, null).ok).toBe(checkRequest(ALLOW_LIST, req, null).ok);
    }), { ...RUN, numRuns: 3000 });
    console.log(`requests accepted: ${accepted} of 3000`);
    expect(accepted).toBeGreaterThan(20);
  });

  it('batches: the items that leave are the items that were checked, whatever JSON the page wrote', () => {
    const key = fc.constantFrom('"method"', '"relative_url"', '"body"', '"name"', '"Method"', '"relative_url "');
    const value = fc.constantFrom('"GET"', '"DELETE"', '"act_1?fields=name"', '"me?fields=email"', '"act_1/../me"', '"act_1%2Fx"', '"a=1&a=2"', '"x"', 'true', 'null');
    const item = fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 5 }).map((kv) => `{${kv.map(([k, v]) => `${k}:${v}`).join(',')}}`);
    const batch = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => `[${items.join(',')}]`);
    let accepted = 0;
    fc.assert(fc.property(batch, (json) => {
      const parsed = parseRequest({ url: 'https://graph.facebook.com/v19.0/', method: 'POST', body: `access_token=t&batch=${encodeURIComponent(json)}` });
      if (!parsed.ok) return;
      accepted++;
      const wire = serializeRequest(parsed.value);
      const sent = new URLSearchParams(wire.body).get('batch')!;
      // re-serialised: no key twice, so a first-wins and a last-wins JSON reader agree
      expect(sent).toBe(JSON.stringify(JSON.parse(sent)));
      const items = JSON.parse(sent) as { method: string; relative_url: string; body?: string }[];
      expect(items.map((i) => [i.method, `/${i.relative_url.split('?')[0]}`])).toEqual(parsed.value.batch!.map((i) => [i.method, i.path]));
      for (const i of items) expect(i.relative_url).not.toMatch(/\.\.|%2f|#|\/\//i);
    }), { ...RUN, numRuns: 3000 });
    console.log(`batches accepted: ${accepted} of 3000`);
    expect(accepted).toBeGreaterThan(10);
  });
});
