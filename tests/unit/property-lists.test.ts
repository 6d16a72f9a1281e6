// Property tests of the multi-line rule and the id/URL rules (docs/SPEC.md section 12).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitLines } from '../../src/kernel/runner/params';
import { readPasted, recognise, type PastedLine } from '../../src/kernel/platform/pasted';
import type { Bridge } from '../../src/kernel/bridge/bridge';

/** A pasted list read as profiles: the format that takes ids, links and user names alike. */
const classifyEntries = (text: string) => readPasted('person', text);

const RUN = { numRuns: 200, seed: 1312, endOnFailure: true } as const;
const MAIN_HOST = 'www.facebook.com';
/** The main host and its aliases (docs/SPEC.md section 12; src/kernel/graph/resolve-ids.ts). */
const MAIN_HOSTS = ['facebook.com', MAIN_HOST, 'm.facebook.com', 'web.facebook.com'];

/** Line breaks as a browser text area normalizes them (CRLF, CR and LF are each one break). */
const rawLines = (text: string) => text.split(/\r\n|\r|\n/);
const WS = /\s/;

const piece = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.stringMatching(/^[0-9]{1,20}$/),
  fc.constantFrom(' ', '\t', '\r', '\n', '\r\n', '\n\r', '\u0000', '\u0007', '\u000b', '\u000c', '\u00a0', '\u2028', '\u2029', '\ufeff', '\u200b'),
  fc.constantFrom(
    'https://www.facebook.com/somepage', 'https://www.facebook.com/profile.php?id=100', 'http://www.facebook.com/x',
    'https://www.facebook.com@evil.com/', 'https://evil.com@www.facebook.com/', 'https://www.facebook.com:8443/x',
    'https://www.facebook.com.evil.com/x', 'https://facebook.com/x', 'https://m.facebook.com/x', 'https://web.facebook.com/x',
    'https://www.faсebook.com/x', 'https://xn--www-facebook.com/x', 'https://www.facebook.com/../../etc/passwd', '../../etc/passwd',
    'javascript:alert(1)', 'file:///etc/passwd', 'ftp://www.facebook.com/x', 'https://', 'https:///x', 'www.facebook.com/page',
    'https://www.faceb\took.com/x', 'https://www.facebook.com/a b', 'https://www.facebook.com/\u00a0x', 'HTTPS://WWW.FACEBOOK.COM/Page',
    'https://user:pw@www.facebook.com/x', 'https://www.facebook.com./x', '１２３', '٣٣', 'page.code_1-x', 'a'.repeat(101), '0'.repeat(300),
  ),
);
const listText = fc.array(piece, { maxLength: 25 }).chain((pieces) =>
  fc.array(fc.constantFrom('\n', '\r\n', '\r', ' ', ''), { minLength: pieces.length, maxLength: pieces.length }).map((seps) => pieces.map((p, i) => p + seps[i]).join('')));

function checkEntries(text: string, entries: PastedLine[]) {
  const lines = rawLines(text);
  const expected = splitLines(text);
  // the same entries, in the same order, as the multi-line rule
  expect(entries.map((e) => e.text)).toEqual(expected);
  let lastLine = 0;
  for (const e of entries) {
    // the line number names the first line holding the entry
    expect(e.line).toBeGreaterThan(lastLine);
    lastLine = e.line;
    expect(lines[e.line - 1].trim()).toBe(e.text);
    expect(lines.slice(0, e.line - 1).some((l) => l.trim() === e.text)).toBe(false);
    // digits alone are an id as they are
    if (/^[0-9]{1,20}$/.test(e.text)) expect(e).toMatchObject({ kind: 'id', id: e.text });
    if (e.kind === 'id') expect(e.id).toMatch(/^[0-9]{1,20}$/);
    if (e.kind !== 'refused') {
      expect(WS.test(e.text)).toBe(false);
      if (e.text.includes('/')) {
        // a link read as a profile: https, on the main host, no user name or port (one pasted without its scheme is read as https)
        const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(e.text) ? e.text : `https://${e.text}`);
        expect(url.protocol).toBe('https:');
        expect(MAIN_HOSTS).toContain(url.hostname);
        expect(url.port).toBe('');
        expect(url.username + url.password).toBe('');
      }
    }
    // what the router is asked: one path segment of a user name, never anything the operator typed beyond it
    if (e.kind === 'lookup') expect(e.route).toMatch(/^\/[A-Za-z0-9._-]{1,100}$/);
  }
}

describe('splitLines (the multi-line rule) — properties', () => {
  it('never throws; entries are trimmed, non-blank, unique and in first-occurrence order', () => {
    fc.assert(fc.property(listText, (text) => {
      const out = splitLines(text);
      expect(new Set(out).size).toBe(out.length);
      for (const e of out) {
        expect(e).toBe(e.trim());
        expect(e.length).toBeGreaterThan(0);
        expect(/[\r\n]/.test(e)).toBe(false);
      }
      const firsts: string[] = [];
      for (const l of rawLines(text)) { const t = l.trim(); if (t && !firsts.includes(t)) firsts.push(t); }
      expect(out).toEqual(firsts);
    }), RUN);
  });

  it('is idempotent: joining its output and splitting again gives the same list', () => {
    fc.assert(fc.property(listText, (text) => {
      const out = splitLines(text);
      expect(splitLines(out.join('\n'))).toEqual(out);
      expect(splitLines(out.join('\r\n'))).toEqual(out);
    }), RUN);
  });

  it('treats CR, LF and CRLF alike as line breaks', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 20 }), (words) => {
      const want = [...new Set(words)];
      expect(splitLines(words.join('\n'))).toEqual(want);
      expect(splitLines(words.join('\r\n'))).toEqual(want);
      expect(splitLines(words.join('\r'))).toEqual(want);
    }), RUN);
  });

  it('handles 10,000 lines and very long lines', () => {
    // ids repeat every 3,000 lines (1,000 distinct), a blank line, a URL; the breaks cycle LF, CRLF, CR
    const lines = Array.from({ length: 10_000 }, (_, i) => (i % 3 === 0 ? `  ${1000 + (i % 3000)}  ` : i % 3 === 1 ? '\t' : `https://www.facebook.com/p${i}`));
    const text = lines.map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join('') + 'x'.repeat(200_000);
    const out = splitLines(text);
    const entries = classifyEntries(text);
    expect(out).toHaveLength(1000 + 3333 + 1);
    expect(entries.map((e) => e.text)).toEqual(out);
    expect(entries.filter((e) => e.kind === 'id')).toHaveLength(1000);
    expect(entries.filter((e) => e.kind === 'lookup')).toHaveLength(3333);
    const last = entries[entries.length - 1];
    expect(last.kind).toBe('refused');
    expect(last.line).toBe(10_001);
  });
});

describe('readPasted (the id and URL rules, read as profiles) — properties', () => {
  it('never throws and agrees with the multi-line rule; ids, URLs and codes hold no whitespace', () => {
    fc.assert(fc.property(listText, (text) => { checkEntries(text, classifyEntries(text)); }), RUN);
  });

  it('digits-only lines are ids (up to 20 digits), whatever surrounds them; longer ones are refused', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,40}$/), fc.constantFrom('', ' ', '\t', '  \t'), (digits, pad) => {
      const [e] = classifyEntries(`${pad}${digits}${pad}`);
      if (digits.length <= 20) expect(e).toEqual({ kind: 'id', line: 1, text: digits, id: digits });
      else expect(e).toEqual({ kind: 'refused', line: 1, text: digits, problem: 'entry' });
    }), RUN);
  });

  it('an https URL is accepted only on the main host (or its www., m., web. aliases); any other URL is refused with a reason on its line', () => {
    const host = fc.oneof(
      fc.constantFrom(MAIN_HOST, 'facebook.com', 'm.facebook.com', 'web.facebook.com', 'evil.com', 'www.facebook.com.evil.com', 'xn--80ak6aa92e.com', 'www.faсebook.com', 'www.facebook.com.', '127.0.0.1', '[::1]'),
      fc.domain(),
    );
    const scheme = fc.constantFrom('https', 'http', 'HTTPS', 'ftp', 'wss');
    const userinfo = fc.constantFrom('', 'user@', 'user:pw@', `${MAIN_HOST}@`, ':@');
    const port = fc.constantFrom('', ':443', ':80', ':8443', ':0');
    const path = fc.oneof(fc.webPath(), fc.constantFrom('/../../etc/passwd', '/%2e%2e/x', '/a%20b', '/profile.php?id=1', '/#frag'));
    fc.assert(fc.property(fc.nat({ max: 5 }), scheme, userinfo, host, port, path, (blank, s, u, h, p, pa) => {
      const text = `${s}://${u}${h}${p}${pa}`;
      const entries = classifyEntries('\n'.repeat(blank) + text);
      expect(entries).toHaveLength(1);
      const [e] = entries;
      expect(e.line).toBe(blank + 1);
      let parsed: URL | null = null;
      try { parsed = new URL(text); } catch { /* refused below */ }
      const shouldPass = parsed !== null && parsed.protocol === 'https:' && MAIN_HOSTS.includes(parsed.hostname) && parsed.port === '' && !parsed.username && !parsed.password && !WS.test(text);
      // a link on the main host names a profile (an id or a name to look up) or, on a path that names none, is refused as such
      if (shouldPass) expect(e.kind === 'id' || e.kind === 'lookup' || (e.kind === 'refused' && e.problem === 'link')).toBe(true);
      else expect(e.kind === 'refused' && ['url', 'https', 'host'].includes(e.problem)).toBe(true);
    }), RUN);
  });

  it('accepts no URL carrying whitespace, even when the URL parser would drop or encode it', () => {
    fc.assert(fc.property(fc.webPath(), fc.constantFrom(' ', '\t', '\u00a0', '\u000b', '\u2028'), fc.nat({ max: 40 }), (pa, ws, at) => {
      const base = `https://${MAIN_HOST}${pa || '/x'}`;
      const i = Math.min(at, base.length - 1) + 1;
      const text = base.slice(0, i) + ws + base.slice(i) + 'z';
      for (const e of classifyEntries(text)) expect(e.kind).toBe('refused');
    }), RUN);
  });
});

describe('recognise — properties', () => {
  it('keeps ids, asks the router only for the routes of links and names, and never sends a refused line', async () => {
    const asked: string[] = [];
    // the platform's router: names every other route; the name batch: answers no names
    const bridge = {
      send: async (url: string, init: { body?: string }) => {
        if (url.includes('bulk-route-definitions')) {
          const routes = [...new URLSearchParams(init.body).entries()].filter(([k]) => k.startsWith('route_urls')).map(([, v]) => v);
          asked.push(...routes);
          const payloads = Object.fromEntries(routes.map((r, i) => [r, { result: { exports: { rootView: { props: i % 2 ? {} : { userID: `9${r.length}` } } } } }]));
          return { ok: true, status: 200, headers: {}, body: `for (;;);${JSON.stringify({ payload: { payloads } })}` };
        }
        const batch = JSON.parse(new URLSearchParams(init.body).get('batch') ?? '[]') as unknown[];
        return { ok: true, status: 200, headers: {}, body: batch.map(() => ({ code: 404, body: '{"error":{"code":100,"message":"Unknown"}}' })) };
      },
    } as unknown as Bridge;
    await fc.assert(fc.asyncProperty(listText, async (text) => {
      asked.length = 0;
      const lines = readPasted('person', text);
      const out = await recognise(bridge, 'person', lines, { names: 0 });
      expect(out.map((o) => o.text)).toEqual(lines.map((l) => l.text));
      expect([...new Set(asked)].sort()).toEqual([...new Set(lines.flatMap((l) => (l.kind === 'lookup' ? [l.route] : [])))].sort());
      for (const [i, o] of out.entries()) {
        const l = lines[i]!;
        if (l.kind === 'id') expect(o).toMatchObject({ state: 'id', id: l.id });
        if (l.kind === 'refused') expect(o.id).toBeUndefined();
        if (o.state === 'found') expect(o.id).toMatch(/^\d+$/);
      }
    }), { ...RUN, numRuns: 100 });
  });
});
