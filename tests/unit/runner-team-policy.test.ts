// The runner checks a job against the active team's action policy before anything is sent
// (src/kernel/runner/admission.ts, docs/TEAMS.md "Action policy"), and the refusal reads as the
// operator's sentence in both languages (src/kernel/runner/refusal-text.ts).
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { createKernelStore } from '../../src/kernel/store/store';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { RunnerRefusal, type JobItem } from '../../src/kernel/runner/types';
import type { OrgPolicyState } from '../../src/kernel/runner/runner-deps';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { refusalText } from '../../src/kernel/runner/refusal-text';
import { teamPolicyDenial } from '../../src/kernel/runner/policy-denial';
import { DEFAULT_ORG_POLICY, decideJob } from '../../protocol/org-policy';
import type { OrgPolicy, OrgRole } from '../../protocol/api/org';
import { actionMap, testAction, testPlugin } from '../harness/actions';
import en from '../../src/kernel/i18n/locales/en-US.json';
import zh from '../../src/kernel/i18n/locales/zh-CN.json';

const plugin = testPlugin('adaccount');
const rename = testAction({ id: 'adaccount.rename' }, { run: async () => {} });
const remove = testAction({ id: 'adaccount.removeUser', irreversible: true }, { run: async () => {} });
const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };
const silent: BridgeTransport = { async request() { return { ok: true, status: 200, headers: {}, body: {} }; } } as unknown as BridgeTransport;

function runnerWith(team: () => OrgPolicyState) {
  return new Runner({
    store: createKernelStore(), bridge: createBridge(silent), actions: () => actionMap(plugin, rename, remove), usablePluginIds: () => new Set(['adaccount']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 1, flush: async () => {}, paramSchemas: schemas, orgPolicy: team,
  });
}

const accounts = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `act_${i + 1}`, name: `A${i + 1}` }));
const ready = (role: OrgRole, policy: OrgPolicy = DEFAULT_ORG_POLICY): OrgPolicyState => ({ state: 'ready', orgId: 4, role, decide: (job) => decideJob(policy, role, job) });
const refusal = (fn: () => unknown): RunnerRefusal | null => { try { fn(); return null; } catch (e) { if (e instanceof RunnerRefusal) return e; throw e; } };

describe("the team's action policy in the runner", () => {
  it('on their own, a user runs what the product allows; in a team, an owner runs everything', () => {
    expect(refusal(() => runnerWith(() => ({ state: 'own' })).draft('adaccount.removeUser', {}, accounts(500)))).toBeNull();
    expect(refusal(() => runnerWith(() => ready('owner')).draft('adaccount.removeUser', {}, accounts(500)))).toBeNull();
  });

  it('a viewer runs nothing; an operator needs approval for an irreversible action and for a job over the size, not for a small one', () => {
    expect(refusal(() => runnerWith(() => ready('viewer')).draft('adaccount.rename', {}, accounts(1)))).toMatchObject({ reason: 'policy', names: ['role', ''] });
    const operator = runnerWith(() => ready('operator'));
    expect(refusal(() => operator.draft('adaccount.rename', {}, accounts(200)))).toBeNull();
    expect(refusal(() => operator.draft('adaccount.rename', {}, accounts(201)))).toMatchObject({ reason: 'approval', names: ['size', '200'] });
    expect(refusal(() => operator.draft('adaccount.removeUser', {}, accounts(1)))).toMatchObject({ reason: 'approval', names: ['irreversible', ''] });
    // nothing was started
    expect(operator.jobs()).toHaveLength(0);
    expect(refusal(() => operator.start('adaccount.removeUser', {}, accounts(1)))).toMatchObject({ reason: 'approval' });
    expect(operator.jobs()).toHaveLength(0);
  });

  it("an entry for the action or its area decides over the role's defaults", () => {
    const policy: OrgPolicy = { ...DEFAULT_ORG_POLICY, operator: { ...DEFAULT_ORG_POLICY.operator, actions: { 'adaccount.*': 'deny', 'adaccount.removeUser': 'allow' } } };
    const operator = runnerWith(() => ready('operator', policy));
    expect(refusal(() => operator.draft('adaccount.rename', {}, accounts(1)))).toMatchObject({ reason: 'policy', names: ['action', ''] });
    expect(refusal(() => operator.draft('adaccount.removeUser', {}, accounts(1)))).toBeNull();
  });

  it('a job keeps the team it ran in (its records go there); on their own work, 0', () => {
    const inTeam = runnerWith(() => ready('operator'));
    expect(inTeam.job(inTeam.start('adaccount.rename', {}, accounts(2)))).toMatchObject({ org: 4 });
    const own = runnerWith(() => ({ state: 'own' }));
    expect(own.job(own.start('adaccount.rename', {}, accounts(2)))).toMatchObject({ org: 0 });
  });

  it("says the policy's \"no\" before a job is drafted: a denial only, not an approval nor a policy still loading", () => {
    expect(teamPolicyDenial(runnerWith(() => ready('viewer')), 'adaccount.rename', false, 1)).toMatchObject({ reason: 'policy', names: ['role', ''] });
    expect(teamPolicyDenial(runnerWith(() => ready('operator')), 'adaccount.removeUser', true, 1)).toBeNull();
    expect(teamPolicyDenial(runnerWith(() => ready('operator')), 'adaccount.rename', false, 5000)).toBeNull();
    expect(teamPolicyDenial(runnerWith(() => ({ state: 'loading' })), 'adaccount.rename', false, 1)).toBeNull();
    expect(teamPolicyDenial(runnerWith(() => ({ state: 'own' })), 'adaccount.rename', false, 1)).toBeNull();
  });

  it('refuses while the policy is still loading', () => {
    expect(refusal(() => runnerWith(() => ({ state: 'loading' })).draft('adaccount.rename', {}, accounts(1)))).toMatchObject({ reason: 'policy-loading' });
  });

  it('words each refusal for the operator in both languages', async () => {
    for (const [lng, strings] of [['en-US', en], ['zh-CN', zh]] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng, resources: { [lng]: { kernel: strings } }, defaultNS: 'kernel', interpolation: { escapeValue: false } });
      const t = i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string;
      const texts = [
        new RunnerRefusal('x', 'policy', [], ['role', '']), new RunnerRefusal('x', 'policy', [], ['irreversible', '']), new RunnerRefusal('x', 'policy', [], ['action', '']),
        new RunnerRefusal('x', 'approval', [], ['size', '200']), new RunnerRefusal('x', 'approval', [], ['irreversible', '']), new RunnerRefusal('x', 'approval', [], ['action', '']),
        new RunnerRefusal('x', 'policy-loading'),
      ].map((r) => refusalText(r, t));
      for (const text of texts) expect(text).not.toMatch(/runner\.|teamPolicy/);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts[3]).toContain('200');
    }
  });
});
