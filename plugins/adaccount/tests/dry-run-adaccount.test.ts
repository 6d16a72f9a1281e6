// The dry run in domain terms: every ad-account action describes each item's change in both
// languages and preflight flags, on the list's own data, what would fail — before anything is sent.
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { validators } from '../../../src/generated/validators.js';
import { createRegistry } from '../../../src/kernel/plugin/registry';
import { createI18n } from '../../../src/kernel/i18n';
import { dryRun } from '../../../src/kernel/runner/dry-run';
import type { ActionHandlers } from '../../../src/kernel/plugin/types';
import type { JobItem } from '../../../src/kernel/runner/types';
import type { BridgeResponse } from '../../../protocol';
import { createBridge } from '../../../src/kernel/bridge/bridge';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));
const adaccount = registry.plugins.find((p) => p.id === 'adaccount')!;
let i18n: I18n;
const handlers = new Map<string, ActionHandlers<JobItem, unknown, unknown>>();
beforeAll(async () => {
  i18n = await createI18n(registry.plugins, 'en-US');
  // the tests read both languages: load zh-CN's strings too (a page loads them on a switch)
  await i18n.changeLanguage('zh-CN');
  await i18n.changeLanguage('en-US');
  for (const a of adaccount.actions) handlers.set(a.verb, await a.load());
});

/** Valid parameters of each action with parameters (checked against its schema below). */
const PARAMS: Record<string, Record<string, unknown>> = {
  rename: { name: '{name} - new' },
  addUser: { uid: ['61550000000002'], role: 1002 },
  removeUser: { uid: ['61550000000002'] },
  shareAgency: { business: '100200000000002', role: 'advertiser' },
  removeAgency: { business: '100200000000002' },
  setSpendCap: { amount: 500 },
  changeCurrency: { currency: 'EUR' },
  changeTimezone: { timezone: 'Asia/Tokyo' },
  updateBusinessInfo: { business_city: 'Lyon', business_name: 'Acme' },
  appealSubmit: { appeal_comment: 'We fixed the payment method.' },
  assignToBusiness: { business_id: '100200000000002', role: 'admin' },
  requestAccess: { business_id: '100200000000002' },
};
/** Whether the action writes (reads carry no preflight: reading a closed account is fine). */
const READS = new Set(['listAgencies', 'countryCode', 'billing', 'detectHiddenAdmins', 'appealStatus']);

const healthy = (over: Partial<JobItem> = {}): JobItem => ({
  id: 'act_100', name: 'Shop A', currency: 'USD', account_status: 1, amount_spent: '12000', spend_cap: '50000', ownerrole: 1001, timezone_name: 'Asia/Shanghai', ...over,
});
const paramsOf = (verb: string) => PARAMS[verb] ?? {};
const itemFor = (verb: string, over: Partial<JobItem> = {}) => {
  const item = healthy(verb === 'appealSubmit' ? { account_status: 2, ...over } : over);
  return verb === 'addUser' || verb === 'removeUser' ? { ...item, pair: '61550000000002' } : item;
};
/** A plugin sentence as the dialog renders it: `{ t: key }` values become their label first. */
function render(lng: string, key: string, values: Record<string, unknown> = {}): string {
  const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x && typeof x === 'object' && 't' in x ? i18n.t(`adaccount:${(x as { t: string }).t}`, { lng }) : x]));
  return i18n.t(key.includes(':') ? key : `adaccount:${key}`, { lng, ...v });
}
const readable = (text: string) => expect(text).not.toMatch(/\{\{|\bundefined\b|\[object Object\]|^adaccount:|^(effects|preflight)\./);

describe('every ad-account action describes its effect', () => {
  it('covers every declared action, with schema-valid parameters', () => {
    expect(handlers.size).toBe(adaccount.actions.length);
    for (const a of adaccount.actions) {
      expect(handlers.get(a.verb)!.describe, `${a.id} describe`).toBeTypeOf('function');
      if (a.schema) expect(validators[a.schema](paramsOf(a.verb)), `${a.id} ${JSON.stringify(validators[a.schema].errors)}`).toBe(true);
    }
  });

  for (const lng of ['en-US', 'zh-CN']) {
    it(`in ${lng}: a sentence of the plugin's, its values filled`, () => {
      for (const a of adaccount.actions) {
        const effect = handlers.get(a.verb)!.describe!(itemFor(a.verb), paramsOf(a.verb));
        expect(i18n.exists(`adaccount:${effect.key}`, { lng }), `${lng} ${effect.key}`).toBe(true);
        readable(render(lng, effect.key, effect.values));
      }
    });
  }

  it('in domain terms: old name → new name, user X gets role Advertiser, limit old → new', () => {
    const d = (verb: string, item: JobItem, params = paramsOf(verb)) => { const e = handlers.get(verb)!.describe!(item, params); return render('en-US', e.key, e.values); };
    expect(d('rename', healthy())).toBe('Shop A → Shop A - new');
    expect(d('addUser', itemFor('addUser'))).toBe('User 61550000000002 gets the role Advertiser');
    expect(d('setSpendCap', healthy())).toBe('Spending limit $500 → $500');
    expect(d('setSpendCap', healthy({ spend_cap: '0' }), { amount: 750.5 })).toBe('Spending limit no limit → $750.50');
    expect(d('changeCurrency', healthy())).toBe('Currency USD → EUR');
    expect(render('zh-CN', 'effects.addUser', { user: '42', role: { t: 'actions.addUser.enum.role.1002' } })).toBe('用户 42 获得角色：广告主');
  });
});

describe('preflight flags what the list already shows', () => {
  const flag = (verb: string, over: Partial<JobItem>, params = paramsOf(verb)) => handlers.get(verb)!.preflight?.(itemFor(verb, over), params) ?? null;

  it('a healthy account the operator administers passes every action (a currency change: one that has not spent)', () => {
    for (const a of adaccount.actions) expect(flag(a.verb, a.verb === 'changeCurrency' ? { amount_spent: '0' } : {}), a.id).toBeNull();
  });

  it('a closed account is flagged for every write, never for a read', () => {
    for (const a of adaccount.actions) {
      const found = flag(a.verb, { account_status: 101 });
      if (READS.has(a.verb)) expect(found, a.id).toBeNull();
      else expect(found?.key, a.id).toBe(a.verb === 'appealSubmit' ? 'preflight.notDisabled' : 'preflight.closed');
    }
    expect(render('en-US', 'preflight.closed', flag('rename', { account_status: 101 })!.values)).toBe('The account is closed (Closed): it takes no changes');
  });

  it('a role that cannot write: analyst everywhere, advertiser for the settings and people', () => {
    expect(flag('rename', { ownerrole: 1003 })?.key).toBe('preflight.needsAdmin');
    expect(flag('addUser', { ownerrole: 1002 })?.key).toBe('preflight.needsAdmin');
    expect(render('en-US', 'preflight.needsAdmin', flag('setSpendCap', { ownerrole: 1002 })!.values)).toMatch(/role on this account is Advertisers: only an admin/);
    expect(flag('requestAccess', { ownerrole: 1003 })).toBeNull(); // asked on a business's behalf
  });

  it('an account reached through a business: the role is unknown, every write that needs a role warns (never a pass)', () => {
    for (const a of adaccount.actions) {
      const found = flag(a.verb, { ownerrole: 0 });
      // an appeal and an access request do not depend on the operator's role on the account
      if (READS.has(a.verb) || a.verb === 'requestAccess' || a.verb === 'appealSubmit') expect(found, a.id).toBeNull();
      else expect(found?.key, a.id).toBe('preflight.roleUnknown');
    }
    for (const lng of ['en-US', 'zh-CN']) readable(render(lng, 'preflight.roleUnknown', flag('rename', { ownerrole: 0 })!.values));
    expect(render('en-US', 'preflight.roleUnknown', flag('rename', { ownerrole: 0 })!.values)).toMatch(/through a business.*role on it is not known/);
  });

  it('a spending limit not above what was spent, or with decimals the currency has none of', () => {
    const below = flag('setSpendCap', { amount_spent: '60000' }, { amount: 500 });
    expect(below?.key).toBe('preflight.capBelowSpent');
    expect(render('en-US', below!.key, below!.values)).toBe('The new limit $500 is not above what the account has already spent ($600)');
    expect(render('zh-CN', below!.key, below!.values)).toBe('新上限 $500 不高于账户已花费的金额（$600）');
    expect(flag('setSpendCap', { amount_spent: '60000' }, { amount: 600.01 })).toBeNull();
    expect(flag('setSpendCap', { currency: 'JPY', amount_spent: '0' }, { amount: 1000.5 })?.key).toBe('preflight.noDecimals');
    expect(flag('setSpendCap', { currency: 'JPY', amount_spent: '900' }, { amount: 1000 })).toBeNull(); // JPY is read in whole yen
  });

  it('a currency change on an account that has spent', () => {
    expect(flag('changeCurrency', { amount_spent: '1' })?.key).toBe('preflight.currencyAfterSpend');
    expect(flag('changeCurrency', { amount_spent: '0' })).toBeNull();
  });
});

describe('dryRun (src/kernel/runner/dry-run.ts)', () => {
  const stub = createBridge({ request: async () => ({ ok: true, status: 200, headers: {}, body: {} } as BridgeResponse) } as never);

  it('every item gets its effect and its problem; amounts over several currencies are stated per currency', async () => {
    const items: JobItem[] = [healthy({ id: 'act_1' }), healthy({ id: 'act_2', currency: 'JPY', amount_spent: '90000', spend_cap: '0' }), healthy({ id: 'act_3', account_status: 101 }), healthy({ id: 'act_4', currency: 'JPY', amount_spent: '0' })];
    const preview = await dryRun({ handlers: handlers.get('setSpendCap')!, params: { amount: 500 }, planned: items.map((item) => ({ itemId: item.id, item })), batched: true, bridge: stub });
    expect(preview.effects.map((e) => e.itemId)).toEqual(['act_1', 'act_2', 'act_3', 'act_4']);
    expect(preview.effects[0]).toMatchObject({ label: 'Shop A (act_1)', key: 'effects.setSpendCap' });
    expect(preview.problems.map((p) => [p.itemId, p.key])).toEqual([['act_2', 'preflight.capBelowSpent'], ['act_3', 'preflight.closed']]);
    expect(preview.effects[1].problem?.key).toBe('preflight.capBelowSpent');
    expect(preview.currencies).toEqual([{ currency: 'USD', amount: '500', count: 2 }, { currency: 'JPY', amount: '500', count: 2 }]);
    // the raw requests stay available (for engineers), for the first items only
    expect(preview.requests).toHaveLength(3);
    expect(preview.requests[0].batch?.body).toBe('spend_cap=500');
  });

  it('one currency: no per-currency statement; an action without describe still lists every item', async () => {
    const items = [healthy({ id: 'act_1' }), healthy({ id: 'act_2' })];
    const one = await dryRun({ handlers: handlers.get('setSpendCap')!, params: { amount: 900 }, planned: items.map((item) => ({ itemId: item.id, item })), batched: true, bridge: stub });
    expect(one.currencies).toEqual([]);
    const bare = await dryRun({ handlers: { run: async () => {} }, params: {}, planned: items.map((item) => ({ itemId: item.id, item })), batched: false, bridge: stub });
    expect(bare.effects.map((e) => e.key)).toEqual([null, null]);
    expect(bare.problems).toEqual([]);
  });
});
