// Every endpoint under bad input (fast-check): bodies and queries generated from each route's own schema,
// mixed with hostile strings (lone UTF-16 surrogates, NUL, injections, huge text), numbers (out of the
// integer range, fractions, 1e308) and dates (years 0, 99999, -271821). Nothing may answer 5xx, every
// refusal is the envelope, and the server still answers afterwards.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { routesOf } from '../../../server/app';
import { hashPassword } from '../../../server/auth/passwords';
import type { Answer } from '../harness';
import type { SuiteEnv } from './env';

type Schema = Record<string, unknown>;

const hostileStrings = [
  '\ud800', '\udfff', 'a\ud83db', '\udc00\ud800', 'ok\u0000nul', '', ' ', '\u202e\u0644\u200b', '😀'.repeat(50), 'q'.repeat(70_000),
  "' or 1=1 --", '"; drop table users; --', '${7*7}', '<script>alert(1)</script>', '../../etc/passwd', '%00', '\\u0000',
  '__proto__', 'constructor', 'NaN', 'Infinity', '-0', '1e309', '9'.repeat(40),
  '+099999-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '0000-00-00', '2024-02-30T25:61:61Z', '1970-01-01T00:00:00Z', '275760-09-13T00:00:00.001Z',
  'a@b.c', 'admin@tessera.test', '987650', 'sandbox', 'manual', 'bm', 'pro',
];
const hostileDates = ['+099999-01-01T00:00:00Z', '-271821-04-20T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '10000-01-01', '2024-02-30', 'yesterday', '1e10'];
const hostileNumbers = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 0.5, -0.000001, 100_000_001];

/** Text with a lone UTF-16 surrogate somewhere (valid JSON with a \\uD800 escape, invalid Unicode). */
const loneSurrogate = fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 8 })).map((p) => p.join(''));

const hostile = fc.oneof(
  loneSurrogate,
  fc.constantFrom<unknown>(...hostileStrings, ...hostileNumbers, true, false, null, [], {}, [null], { __proto__: { admin: true } }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double({ noNaN: true }),
  fc.integer(),
);

/** Free-form JSON (an object without declared properties): hostile keys and values, nested. */
const freeForm = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostile, tie('object')),
  object: fc.dictionary(fc.oneof(fc.constantFrom('id', 'name', 'data', '__proto__', 'constructor', ''), loneSurrogate), tie('value'), { maxKeys: 4 }),
})).object;

/** Texts that pass common patterns (a generated value passing `pattern` is rare): the valid part of a body. */
const SEEDS = [
  'bm', 'adaccount', 'adaccount.list', 'pro', 'free', 'manual', 'sandbox', 'pending', 'fuzz@example.test', 'admin@tessera.test', '987650', 'CNY',
  'https://example.test/x', '1.0.0', 'abc', 'a.b', 'seed-text-1', '2030-01-01T00:00:00Z', 'others', 'all', 'user', 'admin', '12', '',
];

const isDateKey = (key: string) => /date|start|expiry|time|since|until/i.test(key);

/** A value the schema (roughly) accepts. */
function valid(schema: Schema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map((x) => valid(x, depth + 1, key)));
  const types = [schema.type].flat().filter(Boolean) as string[];
  const each = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const props = (schema.properties ?? {}) as Record<string, Schema>;
        if (!Object.keys(props).length) return freeForm;
        const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v, depth + 1, k)]));
        return fc.record(shape, { requiredKeys: ((schema.required ?? []) as string[]).filter((k) => k in props) });
      }
      case 'array': return fc.array(valid(schema.items as Schema | undefined, depth + 1), { maxLength: 3 });
      case 'string': {
        if (isDateKey(key)) return fc.constantFrom('2030-01-01T00:00:00Z', '2001-02-03');
        const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern as string) : null;
        const fits = SEEDS.filter((x) => (!pattern || pattern.test(x)) && x.length >= Number(schema.minLength ?? 0) && x.length <= Number(schema.maxLength ?? 1e9));
        return fits.length ? fc.constantFrom(...fits) : fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 20), 20) });
      }
      // ids: small, so they name rows that exist
      case 'integer': return /^(u?id|serviceId)$/.test(key) ? fc.integer({ min: 1, max: 12 })
        : fc.integer({ min: Math.max(Number(schema.minimum ?? -1000), -1e6), max: Math.min(Number(schema.maximum ?? 1000), 1e6) });
      case 'number': return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
      case 'boolean': return fc.boolean();
      default: return fc.constant(null);
    }
  });
  return each.length ? fc.oneof(...each) : fc.constant(null);
}

/** A hostile value for a field named `key` (dates get hostile dates, text lone surrogates and the rest). */
const hostileFor = (key: string) => (isDateKey(key) ? fc.oneof(fc.constantFrom(...hostileDates), hostile) : hostile);

/**
 * What an endpoint is sent: mostly a valid body with one field (or one nested field) made hostile, else a
 * valid body, else something hostile altogether.
 */
function fromSchema(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const props = Object.keys(((schema?.properties ?? {}) as Record<string, Schema>));
  if (!schema || !props.length) return fc.oneof(valid(schema), hostile);
  const mutated = fc.tuple(valid(schema), fc.constantFrom(...props)).chain(([body, key]) =>
    hostileFor(key).map((bad) => ({ ...(body as object), [key]: bad })));
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: valid(schema), weight: 1 }, { arbitrary: hostile, weight: 1 });
}

/** Path parameters: as sent, already percent-encoded (%ED%A0%80 is a lone surrogate in UTF-8 form). */
const PATH_VALUES = ['manual', 'sandbox', '%ED%A0%80', '%25', '..%2F..', 'a'.repeat(300), '%00'];

/** A value as query-string text. */
const asQuery = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));

export function fuzzTests(env: SuiteEnv): void {
  describe('fuzz: no endpoint answers 5xx to bad input', () => {
    test('every endpoint, bodies and queries from its schema plus hostile values: 4xx with the envelope, never 5xx', async () => {
      const { h } = env;
      const fuzzer = await h.signUp(h.uniqueEmail('fuzz'), 'fuzz-pass-1');
      let token = fuzzer.token;
      const knownHash = await hashPassword(fuzzer.password);
      // Admin endpoints are reached as admin; whatever a call did to the account (role, deactivation,
      // logout, a password change) is undone before the next one.
      const restore = async () => {
        await h.database.db.execute(sql`update users set role = 'admin', status = 'active' where email = ${fuzzer.email}`);
        h.app.ctx.readCache.clear();
        const info = await h.call('POST', '/api/user/info', { token });
        if (info.status === 1 && info.data.role === 'admin') return;
        await h.database.db.execute(sql`update users set password_hash = ${knownHash} where email = ${fuzzer.email}`);
        h.app.ctx.readCache.clear();
        const again = await h.login(fuzzer.email, 'fuzz-pass-1', '10.250.0.1');
        expect(again.status, again.raw).toBe(1);
        token = again.data.token;
      };
      await restore();

      const routes = routesOf(h.app).filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(45);
      const failures: string[] = [];
      let calls = 0;
      let fiveHundreds = 0;
      const check = (label: string, res: Answer) => {
        calls++;
        if (res.http >= 500) fiveHundreds++;
        const envelope = typeof res.status === 'number' && typeof res.code === 'number' && typeof res.info === 'string' && 'data' in JSON.parse(res.raw || '{}');
        if (res.http >= 500 || (res.http >= 400 && !envelope)) failures.push(`${label} → ${res.http} ${res.raw.slice(0, 200)}`);
      };
      for (const route of routes) {
        const schema = route.schema ?? {};
        const url = route.url.replace(/:(\w+)/g, () => PATH_VALUES[calls % PATH_VALUES.length]!);
        const body = fromSchema(schema.body as Schema | undefined);
        const query = fromSchema((schema.querystring as Schema | undefined) ?? { type: 'object', properties: { uid: { type: 'string' } } });
        await fc.assert(fc.asyncProperty(body, query, fc.boolean(), async (b, q, asJunkText) => {
          const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
          const opts = method === 'GET' || method === 'DELETE'
            ? { query: asQuery(q) }
            : asJunkText ? { payload: typeof b === 'string' ? b : JSON.stringify(b) ?? 'null', headers: { 'content-type': 'application/json' } } : { body: b, query: asQuery(q) };
          const res = await h.call(method, url, { ...opts, token, junk: true, ip: '10.250.1.1' });
          check(`${route.method} ${route.url} ${JSON.stringify(b)?.slice(0, 120)}`, res);
          if (res.status === -1 || res.code === 40300 || res.code === 40006) await restore();
          return true;
        }), { numRuns: 40, seed: 27 });
      }
      // and the two inputs found by hand
      const record = await h.call('POST', '/api/pay/addRecord', { token, payload: '{"module_id":"bm","data":{"name":"\\ud800"}}', headers: { 'content-type': 'application/json' } });
      check('addRecord lone surrogate', record);
      const membership = await h.call('POST', '/api/admin/users/membership', { token, body: { uid: fuzzer.uid, level: 'pro', expiry: '+099999-01-01T00:00:00Z' } });
      check('membership +099999', membership);
      console.log(`fuzz (${env.kind}): ${routes.length} endpoints, ${calls} calls, ${fiveHundreds} answers 5xx${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}`);
      expect(record).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(membership).toMatchObject({ http: 400, status: 0, code: 40000 });
      expect(failures).toEqual([]);
      expect(fiveHundreds).toBe(0);
      // still answering
      expect(await h.call('GET', '/api/runtime')).toMatchObject({ http: 200, status: 1 });
      expect((await h.call('POST', '/api/user/info', { token })).status).toBe(1);
    }, 120_000);
  });
}
