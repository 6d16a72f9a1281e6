// Property tests of every compiled action schema (docs/PLUGINS.md) and the runner's refusal of bad parameters.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { schemas, validators } from '../../src/generated/validators.js';
import { validateActionParams, validateParams, compiledSchemas, type FieldError } from '../../src/kernel/runner/params';
import { createKernelStore } from '../../src/kernel/store/store';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { RunnerRefusal } from '../../src/kernel/runner/types';
import { actionMap, testAction, testPlugin } from '../harness/actions';
import { patternFieldProblems } from '../../src/kernel/platform/name-pattern';
// @ts-expect-error -- plain ESM build script without type declarations; the one list of the id formats
import { ID_FORMATS } from '../../scripts/compile-schemas.mjs';

const RUN = { numRuns: 150, seed: 4242, endOnFailure: true } as const;

type Prop = { type?: string; default?: unknown; anyOf?: Prop[]; enum?: unknown[]; pattern?: string; format?: string; minLength?: number; maxLength?: number; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number; items?: Prop; minItems?: number; maxItems?: number; uniqueItems?: boolean };
type ObjSchema = { properties?: Record<string, Prop>; required?: string[]; additionalProperties?: boolean; minProperties?: number };

/** The action schemas: compiled keys `<plugin>.<verb>` (the plugin manifest and plugin settings schemas are not actions). */
const actionKeys = Object.keys(validators).filter((k) => /^[a-z0-9-]+\.[A-Za-z0-9]+$/.test(k) && !k.endsWith('.settings'));
const schemaOf = (key: string) => schemas[key] as ObjSchema;

/** A value valid for one property schema. */
function validFor(p: Prop): fc.Arbitrary<unknown> {
  if (p.enum) return fc.constantFrom(...p.enum);
  if (p.anyOf) return fc.oneof(...p.anyOf.map(validFor));
  switch (p.type) {
    case 'string': {
      const min = p.minLength ?? 0;
      const max = Math.min(p.maxLength ?? 60, 60);
      // an id format (the value the kernel makes of what was pasted: digits, or an address) unless a pattern says more
      const format = p.format === 'email' ? fc.emailAddress().filter((e) => ID_FORMATS.email.test(e))
        : p.format && p.format in ID_FORMATS ? fc.stringMatching(ID_FORMATS[p.format as keyof typeof ID_FORMATS]) : null;
      const base = p.pattern ? fc.stringMatching(new RegExp(p.pattern)) : format ?? fc.string({ minLength: min, maxLength: max });
      return base.filter((s) => s.length >= min && s.length <= (p.maxLength ?? Infinity));
    }
    case 'integer':
      return fc.integer({ min: p.minimum ?? -1e9, max: p.maximum ?? 1e9 });
    case 'number': {
      const min = p.minimum ?? p.exclusiveMinimum ?? -1e12;
      const max = p.maximum ?? p.exclusiveMaximum ?? 1e12;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
        .filter((n) => (p.exclusiveMinimum === undefined || n > p.exclusiveMinimum) && (p.exclusiveMaximum === undefined || n < p.exclusiveMaximum));
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const size = { minLength: p.minItems ?? 0, maxLength: Math.max(p.minItems ?? 0, Math.min(p.maxItems ?? 5, 5)) };
      return p.uniqueItems ? fc.uniqueArray(validFor(p.items ?? {}), { ...size, selector: (x) => JSON.stringify(x) }) : fc.array(validFor(p.items ?? {}), size);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of a JSON type the property schema does not allow (so it is certainly refused). */
function wrongTypeFor(p: Prop): fc.Arbitrary<unknown> {
  const allowed = new Set((p.anyOf ?? [p]).map((branch) => (branch.enum ? typeof branch.enum[0] : branch.type)));
  const all: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 10 })],
    ['number', fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer())],
    ['integer', fc.integer()],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })],
  ];
  const wrong = all.filter(([name]) => !allowed.has(name) && !(allowed.has('number') && name === 'integer') && !(allowed.has('integer') && name === 'number'));
  return fc.oneof(...wrong.map(([, a]) => a));
}

function validValue(key: string): fc.Arbitrary<Record<string, unknown>> {
  const s = schemaOf(key);
  const props = s.properties ?? {};
  const rec = fc.record(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validFor(p)])), { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
  return rec.filter((v) => Object.keys(v).length >= (s.minProperties ?? 0) && meetsConditions(s, v)).map((v) => usablePatterns(props, v));
}

/**
 * A schema's conditions (`allOf` of `if`/`then` on which fields are given and their constants, as in
 * page.addRole: a role, or the tasks of a custom set): a valid value meets them.
 */
type Condition = { not?: Condition; required?: string[]; properties?: Record<string, true | { const?: unknown }> };
function meetsConditions(s: ObjSchema & { allOf?: { if?: Condition; then?: Condition }[] }, v: Record<string, unknown>): boolean {
  const holds = (c: Condition | undefined): boolean => {
    if (!c) return true;
    if (c.not && holds(c.not)) return false;
    if (c.required && !c.required.every((k) => k in v)) return false;
    return Object.entries(c.properties ?? {}).every(([k, p]) => !(k in v) || p === true || !('const' in p) || v[k] === p.const);
  };
  return (s.allOf ?? []).every((rule) => !holds(rule.if) || holds(rule.then));
}

/**
 * Name patterns and find and replace (`x-tessera-pattern`) are checked beside the schema
 * (tests/unit/name-pattern.test.ts): a valid value writes no braces in a template and, when find and
 * replace would still be refused (a regular expression that does not compile), leaves them out.
 */
function usablePatterns(props: Record<string, Prop>, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  const role = (k: string) => (props[k] as { 'x-tessera-pattern'?: string })['x-tessera-pattern'];
  for (const k of Object.keys(out)) if (role(k) === 'name' && typeof out[k] === 'string') out[k] = (out[k] as string).replace(/[{}]/g, '(');
  if (patternFieldProblems(props, out).length) for (const k of Object.keys(out)) if (role(k) && role(k) !== 'name') delete out[k];
  return out;
}

/** A valid value made certainly invalid, with the kind of damage done. */
function invalidValue(key: string): fc.Arbitrary<{ how: string; value: unknown }> {
  const s = schemaOf(key);
  const props = Object.entries(s.properties ?? {});
  const mutations: fc.Arbitrary<{ how: string; value: unknown }>[] = [
    fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 10 }), fc.double(), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }))
      .map((value) => ({ how: 'not an object', value })),
  ];
  if (s.additionalProperties === false) {
    const extraKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in (s.properties ?? {})) && k !== '__proto__');
    mutations.push(fc.tuple(validValue(key), extraKey, fc.jsonValue({ maxDepth: 2 })).map(([v, k, x]) => ({ how: `extra ${k}`, value: { ...v, [k]: x } })));
  }
  if (props.length) {
    const which = fc.constantFrom(...props);
    mutations.push(fc.tuple(validValue(key), which).chain(([v, [k, p]]) => wrongTypeFor(p).map((x) => ({ how: `wrong type ${k}`, value: { ...v, [k]: x } }))));
    mutations.push(fc.tuple(validValue(key), which, fc.dictionary(fc.string({ maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }), { maxKeys: 3 }))
      .filter(([, [, p]]) => p.type !== 'object')
      .map(([v, [k], nested]) => ({ how: `nested object ${k}`, value: { ...v, [k]: nested } })));
    const numeric = props.filter(([, p]) => p.type === 'number' || p.type === 'integer');
    if (numeric.length) {
      mutations.push(fc.tuple(validValue(key), fc.constantFrom(...numeric), fc.constantFrom(NaN, Infinity, -Infinity))
        .map(([v, [k], x]) => ({ how: `${x} in ${k}`, value: { ...v, [k]: x } })));
    }
    const bounded = props.filter(([, p]) => p.type === 'string' && (p.enum || p.maxLength !== undefined || (p.pattern && !new RegExp(p.pattern).test('x'.repeat(5000)))));
    if (bounded.length) {
      mutations.push(fc.tuple(validValue(key), fc.constantFrom(...bounded), fc.integer({ min: 5000, max: 100_000 }))
        .map(([v, [k], n]) => ({ how: `huge string in ${k}`, value: { ...v, [k]: 'x'.repeat(n) } })));
    }
  }
  // a required property with a default is filled in by the validator, so leaving it out is no mistake
  for (const req of (s.required ?? []).filter((r) => s.properties?.[r]?.default === undefined)) {
    mutations.push(validValue(key).map((v) => { const { [req]: _gone, ...rest } = v; return { how: `missing ${req}`, value: rest }; }));
  }
  return fc.oneof(...mutations);
}

function expectRefusal(errors: FieldError[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.field).toBe('string');
    expect(e.message.trim().length).toBeGreaterThan(0);
  }
}

/** A runner whose every action has one of the compiled schemas; the transport counts what would be sent. */
function makeRunner() {
  const sent: unknown[] = [];
  const transport: BridgeTransport = {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => { sent.push('cookies'); return []; }, dispose() {},
    outcome: async () => { sent.push('outcome'); return { state: 'unknown' }; },
    request: async (payload) => { sent.push(payload); return { ok: true, status: 200, headers: {}, body: { success: true } }; },
  };
  const plugin = testPlugin('adaccount');
  const actions = actionMap(plugin, ...actionKeys.map((key) => testAction({ id: key, schema: key }, { run: async () => { sent.push('run'); } })),
    testAction({ id: 'adaccount.noParams', schema: null }, { run: async () => { sent.push('run'); } }));
  const runner = new Runner({
    store: createKernelStore(), bridge: createBridge(transport), actions: () => actions, usablePluginIds: () => new Set(['adaccount']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {},
  });
  return { runner, sent };
}
const items = [{ id: 'act_1' }, { id: 'act_2' }];

describe('compiled action schemas — properties', () => {
  it('cover every action schema', () => {
    expect(actionKeys.length).toBeGreaterThanOrEqual(12);
    for (const key of actionKeys) expect(schemaOf(key).properties).toBeTypeOf('object');
  });

  for (const key of actionKeys) {
    describe(key, () => {
      it('never throws on arbitrary values, and every refusal has a field error with a message', () => {
        fc.assert(fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withTypedArray: true })), (value) => {
          const ok = validators[key](value);
          const errors = validateParams(key, value);
          expect(errors.length === 0).toBe(ok);
          if (!ok) expectRefusal(errors);
          expect(validateActionParams(compiledSchemas, key, value)).toEqual(errors);
        }), RUN);
      });

      it('accepts values built from its properties', () => {
        fc.assert(fc.property(validValue(key), (value) => {
          expect(validateParams(key, value)).toEqual([]);
        }), RUN);
      });

      it('refuses mutated values with field errors, and the runner sends nothing', () => {
        const { runner, sent } = makeRunner();
        fc.assert(fc.property(invalidValue(key), ({ value }) => {
          expectRefusal(validateParams(key, value));
          expectRefusal(validateActionParams(compiledSchemas, key, value));
          let thrown: unknown = null;
          try { runner.start(key, value, items); } catch (e) { thrown = e; }
          expect(thrown).toBeInstanceOf(RunnerRefusal);
          expect((thrown as RunnerRefusal).reason).toBe('params');
          expectRefusal((thrown as RunnerRefusal).fieldErrors);
        }), { ...RUN, numRuns: 200 });
        expect(sent).toEqual([]);
        expect(runner.jobStore.jobs()).toEqual([]);
      });
    });
  }

  it('a valid value passes the runner’s draft (so the refusals above are about the parameters)', () => {
    const { runner, sent } = makeRunner();
    for (const key of actionKeys) {
      fc.assert(fc.property(validValue(key), (value) => { expect(() => runner.draft(key, value, items)).not.toThrow(); }), { ...RUN, numRuns: 20 });
    }
    expect(sent).toEqual([]);
  });

  it('an action without a schema refuses any parameter and sends nothing', () => {
    const { runner, sent } = makeRunner();
    fc.assert(fc.property(fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }), fc.string(), fc.integer(), fc.array(fc.integer(), { maxLength: 3 })), (value) => {
      expectRefusal(validateActionParams(compiledSchemas, null, value));
      expect(() => runner.start('adaccount.noParams', value, items)).toThrow(RunnerRefusal);
    }), RUN);
    expect(validateActionParams(compiledSchemas, null, undefined)).toEqual([]);
    expect(validateActionParams(compiledSchemas, null, {})).toEqual([]);
    expect(sent).toEqual([]);
  });
});
