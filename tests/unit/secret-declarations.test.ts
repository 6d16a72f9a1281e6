// A secret parameter marked `"x-tessera-secret": "prepare"` is kept by the tab it was typed in, and
// the runner never gives it to the items' code (issue 26, item 4). The mark must tell the truth:
// every action with a secret runs its items here with the secret given, and a marked secret must
// reach no request of `run`, `verify` or `toBatch`, while an unmarked one must (else mark it).
import { beforeAll, describe, expect, it } from 'vitest';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import type { ActionModule } from '../../src/kernel/plugin/types';
import { schemas } from '../../src/generated/schemas.js';
import { prepareOnlySecrets, secretFields } from '../../src/kernel/runner/params';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import { sandboxDocIds } from '../../sandbox/index';

const modules = import.meta.glob<{ default: ActionModule }>('../../plugins/*/actions/*.ts', { eager: true });
const SECRET = 'probe-secret-8231';

/** Answers every request with a plain success and records what each carried. */
function recordingBridge(sent: string[]) {
  const transport: BridgeTransport = {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async () => ({ state: 'unknown' }),
    request: async (payload) => {
      sent.push(JSON.stringify(payload));
      return { ok: true, status: 200, headers: {}, body: { success: true, data: {} } };
    },
  };
  return createBridge(transport);
}

/** Parameters that pass as far as the items' code reads them: each property's first plausible value. */
function paramsFor(schema: { properties?: Record<string, { type?: string; items?: unknown }> }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    out[name] = p.type === 'array' ? ['100000000000001'] : p.type === 'boolean' ? true : p.type === 'integer' || p.type === 'number' ? 1 : '100000000000002';
  }
  return out;
}

const withSecrets = Object.values(modules).map((m) => m.default).filter((a) => secretFields(schemas[a.id]).length > 0);

beforeAll(() => setDocCatalogue(sandboxDocIds()));

describe('the secrets only `prepare` uses', () => {
  it('are declared on the page actions that re-check the password, and not on rename, which sends it with each page', () => {
    const declared = Object.fromEntries(withSecrets.map((a) => [a.id, prepareOnlySecrets(schemas[a.id])]));
    expect(declared).toEqual({
      'page.deletePage': ['password'], 'page.inviteAdmin': ['password'], 'page.releaseFromBusiness': ['password'],
      'page.removePartner': ['password'], 'page.rename': [],
    });
  });

  it.each(withSecrets.map((a) => [a.id, a] as const))('%s: the items send exactly the secrets not marked', async (id, action) => {
    const schema = schemas[id] as { properties?: Record<string, { type?: string }> };
    const names = secretFields(schemas[id]);
    const prepareOnly = prepareOnlySecrets(schemas[id]);
    const sent: string[] = [];
    const bridge = recordingBridge(sent);
    const params = { ...paramsFor(schema), ...Object.fromEntries(names.map((n) => [n, `${SECRET}-${n}`])) };
    const item = { id: '100000000000003', name: 'A page', tasks: ['MANAGE'] };
    const ctx = { signal: new AbortController().signal, progress: () => {}, bridge, requestId: 'r-1', prepared: { rechecked: true } };
    const quiet = async (f: () => unknown) => { try { await f(); } catch { /* only the requests matter */ } };
    await quiet(() => action.run(item as never, params as never, ctx as never));
    if (action.verify) await quiet(() => action.verify!(item as never, params as never, ctx as never));
    if (action.toBatch) sent.push(JSON.stringify(action.toBatch(item as never, params as never)));
    expect(sent.length).toBeGreaterThan(0);
    for (const name of names) expect([name, sent.some((s) => s.includes(`${SECRET}-${name}`))]).toEqual([name, !prepareOnly.includes(name)]);
  });
});
