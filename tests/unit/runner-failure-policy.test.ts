import { describe, expect, it } from 'vitest';
import { GraphError } from '../../src/kernel/bridge/bridge';
import { BridgeError } from '../../src/kernel/bridge/transport';
import { backoffMs, decideFailure, type ActionFacts, type ScopeFacts } from '../../src/kernel/runner/failure-policy';
import { scopeMap } from '../../src/kernel/runner/scope';

const idempotent: ActionFacts = { idempotent: true, maxAttempts: 4 };
const write: ActionFacts = { idempotent: false, maxAttempts: 4 };
/** Items of a plugin that declares `^obj_\d+$` scopes keyed `obj_{key}` by the per-object usage header. */
const objScopes = scopeMap({ pattern: '^obj_\\d+$', usageKey: 'obj_{key}' });
const onObj = (item: string | null): ScopeFacts => ({ item, fromUsageKey: objScopes.fromUsageKey });
const buc = (entries: Record<string, [callCount: number, regainMinutes: number]>) => ({
  'x-business-use-case-usage': JSON.stringify(Object.fromEntries(Object.entries(entries).map(([k, [c, r]]) => [k, [{ call_count: c, estimated_time_to_regain_access: r }]]))),
});
const graph = (code: number | undefined, extra: { status?: number; subcode?: number; transient?: boolean; headers?: Record<string, string> } = {}) =>
  new GraphError('platform says no', extra.status ?? 400, code, extra.subcode, extra.transient, extra.headers ?? {});

describe('the failure policy', () => {
  it('a #2635 answer pauses every job for the version, a session error for the session', () => {
    expect(decideFailure(graph(2635), 1, idempotent, onObj('obj_1'))).toEqual({ kind: 'pause-all', reason: 'version', message: 'platform says no' });
    expect(decideFailure(graph(190), 1, idempotent, onObj('obj_1'))).toMatchObject({ kind: 'pause-all', reason: 'session' });
  });

  it.each([
    // error, attempts, action, expected kind
    ['transient code 2, first attempt', graph(2, { status: 500 }), 1, idempotent, 'retry'],
    ['transient code 2, last attempt', graph(2, { status: 500 }), 4, idempotent, 'fail'],
    ['HTTP 503 on an idempotent call', graph(undefined, { status: 503 }), 1, idempotent, 'retry'],
    ['HTTP 503 on a write (the platform may have applied it before failing)', graph(undefined, { status: 503 }), 1, write, 'settle-first'],
    ['transient code 2 with HTTP 500 on a write', graph(2, { status: 500 }), 1, write, 'settle-first'],
    ['a 4xx transient (is_transient) on a write: refused, not applied', graph(2, { status: 400, transient: true }), 1, write, 'retry'],
    ['timeout of an idempotent call', new BridgeError('late', 'timeout'), 1, idempotent, 'retry'],
    ['timeout of a write that must not repeat', new BridgeError('late', 'timeout'), 1, write, 'settle-first'],
    ['no answer at all (status 0) on a write', graph(undefined, { status: 0 }), 2, write, 'settle-first'],
    ['executor unavailable', new BridgeError('gone', 'unavailable'), 1, write, 'retry'],
    ['aborted by cancel', new BridgeError('stop', 'aborted'), 1, idempotent, 'fail'],
    ['permanent (code 100)', graph(100), 1, idempotent, 'fail'],
    ['session (code 190)', graph(190), 1, write, 'pause-all'],
    ['checkpoint (subcode 459)', graph(100, { subcode: 459 }), 3, idempotent, 'pause-all'],
    ['rate limit (code 613)', graph(613), 4, idempotent, 'pause-scope'],
    ['retired Graph version (code 2635)', graph(2635), 1, write, 'pause-all'],
    ['not an Error', 'boom', 1, idempotent, 'fail'],
  ] as const)('%s → %s', (_name, error, attempts, action, kind) => {
    expect(decideFailure(error, attempts, action, onObj('obj_1')).kind).toBe(kind);
  });

  it('keeps the error message for the item', () => {
    expect(decideFailure(graph(100), 1, idempotent, onObj(null))).toEqual({ kind: 'fail', message: 'platform says no' });
  });

  it('backs off exponentially with jitter, capped at 30 s, and takes its draw from the caller', () => {
    const d1 = decideFailure(graph(2, { status: 500 }), 1, idempotent, onObj(null), 0);
    const d3 = decideFailure(graph(2, { status: 500 }), 3, idempotent, onObj(null), 1);
    expect(d1).toMatchObject({ kind: 'retry', afterMs: 750 });
    expect(d3).toMatchObject({ kind: 'retry', afterMs: 5000 });
    expect(backoffMs(10, 0.5)).toBe(30_000);
  });

  it('pauses the lane as a whole for a caller-wide limit, one object for its own', () => {
    // code 17 is the caller's limit, except subcode 2446079 (too many calls on one object)
    expect(decideFailure(graph(17, { headers: { 'retry-after': '30' } }), 1, idempotent, onObj('obj_1'))).toMatchObject({ kind: 'pause-scope', scope: null, forMs: 30_000 });
    expect(decideFailure(graph(4), 1, idempotent, onObj('obj_1'))).toMatchObject({ kind: 'pause-scope', scope: null, forMs: 5 * 60_000 });
    expect(decideFailure(graph(17, { subcode: 2446079 }), 1, idempotent, onObj('obj_1'))).toMatchObject({ kind: 'pause-scope', scope: 'obj_1' });
    // an item without a scope of its own pauses the lane
    expect(decideFailure(graph(17, { subcode: 2446079 }), 1, idempotent, onObj(null))).toMatchObject({ kind: 'pause-scope', scope: null });
  });

  it('names the exhausted object from the usage header through the plugin’s scope declaration', () => {
    const error = graph(80004, { headers: buc({ 7: [100, 3], 3: [40, 0] }) });
    expect(decideFailure(error, 1, idempotent, onObj('obj_1'))).toMatchObject({ kind: 'pause-scope', scope: 'obj_7', forMs: 3 * 60_000 });
    // the item's own entry wins when it is the one named, even below 100 %
    expect(decideFailure(graph(80004, { headers: buc({ 1: [90, 2] }) }), 1, idempotent, onObj('obj_1'))).toMatchObject({ scope: 'obj_1', forMs: 2 * 60_000 });
    // an item without a scope of its own (its plugin declares none) waits with the lane as a whole
    const bare: ScopeFacts = { item: null, fromUsageKey: scopeMap(undefined).fromUsageKey };
    expect(decideFailure(error, 1, idempotent, bare)).toMatchObject({ scope: null, forMs: 3 * 60_000 });
  });
});

describe('scopes from a plugin’s declaration', () => {
  it('maps item ids and usage keys, and leaves everything unscoped without a declaration', () => {
    expect(objScopes.of('obj_12')).toBe('obj_12');
    expect(objScopes.of('12')).toBeNull();
    expect(objScopes.of('other_12')).toBeNull();
    expect(objScopes.fromUsageKey('12')).toBe('obj_12');
    expect(objScopes.fromUsageKey('obj_12')).toBe('obj_12');
    // a key that cannot be one of the plugin's scopes is left alone
    expect(objScopes.fromUsageKey('abc')).toBe('abc');
    expect(scopeMap(undefined).of('obj_12')).toBeNull();
    expect(scopeMap({ pattern: '(', usageKey: '{key}' }).of('x')).toBeNull();
  });
});
