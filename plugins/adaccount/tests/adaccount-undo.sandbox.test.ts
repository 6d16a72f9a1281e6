// The undo contract of the ad-account area (tests/sandbox/undo-contract.ts): every declared inverse,
// written then undone against the sandbox, leaves the account exactly as it was.
import { describe, expect, it } from 'vitest';
import { sandboxArea, type Area } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('adaccount', { extensionVersion: '1.0.0' });

/** An open account the session user administers, as the list gives it. */
function adminAccount(a: Area) {
  const data = a.sb.state.data;
  const me = data.fixtures.sessionUser;
  const account = data.accountList.find((x) => x.account_status === 1 && x.users.some((u) => u.uid === me && u.role === 1001));
  expect(account).toBeTruthy();
  return { id: account!.id, name: account!.name, currency: account!.currency };
}

/** A fixture account as the list gives it (views/AccountList.tsx `toItem`), the session user its admin. */
function fixtureAccount(a: Area, key: string) {
  const data = a.sb.state.data;
  const account = data.accounts.get(data.fixtures.adaccounts[key]!)!;
  expect(account.users.some((u) => u.uid === data.fixtures.sessionUser && u.role === 1001), key).toBe(true);
  return {
    id: account.id, name: account.name, currency: account.currency, account_status: account.account_status, ownerrole: 1001,
    amount_spent: String(account.amount_spent), spend_cap: String(account.spend_cap),
  };
}

undoContract(area, {
  'adaccount.rename': (a) => {
    const item = adminAccount(a);
    return { item, params: { name: 'Undo me {index}' }, objects: [['adaccount', item.id]] };
  },

  // a person with no role on the account gets one, and loses it again
  'adaccount.addUser': (a) => {
    const uid = a.sb.state.data.fixtures.users.notOnAnyAccount!;
    const item = { ...fixtureAccount(a, 'active'), pair: uid };
    return { item, params: { uid: [uid], role: 1002 }, objects: [['adaccount', item.id]] };
  },

  // the account's last user (the sandbox lists users in the order they were added, and a role given
  // back is added at the end: the last one comes back to the same place)
  'adaccount.removeUser': (a) => {
    const account = fixtureAccount(a, 'spendCap');
    const users = a.sb.state.data.accounts.get(account.id)!.users;
    const last = users[users.length - 1]!;
    expect(last.uid).not.toBe(a.sb.state.data.fixtures.sessionUser);
    expect(last.role).toBe(1003);
    return { item: { ...account, pair: last.uid }, params: { uid: [last.uid] }, objects: [['adaccount', account.id]] };
  },

  // not shared with the agency before: unshared again (the agency's client accounts too)
  'adaccount.shareAgency': (a) => {
    const item = fixtureAccount(a, 'active');
    const agency = a.sb.state.data.fixtures.businesses.agency!;
    expect(a.sb.state.data.accounts.get(item.id)!.agencies).toEqual([]);
    return { item, params: { business: agency, role: 'advertiser' }, objects: [['adaccount', item.id], ['business', agency]] };
  },

  // shared with the agency (here, first, so that the account is the agency's last client account, where
  // a re-share puts it back), then removed: shared again with the same tasks
  'adaccount.removeAgency': async (a) => {
    const item = fixtureAccount(a, 'active');
    const agency = a.sb.state.data.fixtures.businesses.agency!;
    await a.run('adaccount.shareAgency', item, { business: agency, role: 'advertiser' });
    return { item, params: { business: agency }, objects: [['adaccount', item.id], ['business', agency]] };
  },

  // a cap of 5,000.00 USD set to 6,000: 5,000.00 again
  'adaccount.setSpendCap': (a) => {
    const item = fixtureAccount(a, 'spendCap');
    expect(item.spend_cap).toBe('500000');
    return { item, params: { amount: 6000.5 }, objects: [['adaccount', item.id]] };
  },

  'adaccount.deleteSpendCap': (a) => {
    const item = fixtureAccount(a, 'spendCap');
    return { item, params: {}, objects: [['adaccount', item.id]] };
  },

  'adaccount.changeCurrency': (a) => {
    const item = fixtureAccount(a, 'eur');
    return { item, params: { currency: 'GBP' }, objects: [['adaccount', item.id]] };
  },

  'adaccount.changeTimezone': (a) => {
    const item = fixtureAccount(a, 'active');
    return { item, params: { timezone: 'Asia/Tokyo' }, objects: [['adaccount', item.id]] };
  },

  // two of the six fields: those two get their values back, the rest are not touched
  'adaccount.updateBusinessInfo': (a) => {
    const item = fixtureAccount(a, 'active');
    return { item, params: { business_city: 'Undo City', business_country_code: 'de' }, objects: [['adaccount', item.id]] };
  },

  // an account of no business, made a client account of the agency (CONFIRMED: the session administers both)
  'adaccount.assignToBusiness': (a) => {
    const item = fixtureAccount(a, 'noBusiness');
    const agency = a.sb.state.data.fixtures.businesses.agency!;
    return { item, params: { business_id: agency, role: 'admin' }, objects: [['adaccount', item.id], ['business', agency]] };
  },
});

// ---------------------------------------------------------------------------------------------
// the paths of the inverses the contract's cases do not take

describe('undo paths beyond the contract cases', () => {
  const readCtx = () => ({ signal: new AbortController().signal, bridge: area.bridge });
  const account = async (id: string) => (await area.sb.getJson(`/__sandbox/objects/adaccount/${id}`)).body;
  /** Writes, then undoes with the before-state read just before the write; returns that state. */
  async function writeThenUndo(actionId: string, item: Record<string, unknown> & { id: string }, params: unknown) {
    const undo = area.action(actionId).undo!;
    const before = (await undo.read([item], params, readCtx())).get(item.id) ?? null;
    await area.run(actionId, item, params);
    await undo.run(item, before, params, area.ctx());
    return before;
  }

  it('setSpendCap on an account without a cap: the undo removes the cap again', async () => {
    const item = fixtureAccount(area, 'active');
    expect(item.spend_cap).toBe('0');
    const was = await account(item.id);
    expect(await writeThenUndo('adaccount.setSpendCap', item, { amount: 2000 })).toEqual({ spend_cap: '0', currency: 'USD' });
    expect(await account(item.id)).toEqual(was);
  });

  it('shareAgency to an agency that held other tasks: the undo gives back those tasks', async () => {
    const item = fixtureAccount(area, 'withAgency');
    const agency = area.sb.state.data.fixtures.businesses.agency!;
    const tasks = (await account(item.id)).agencies.find((l: { business: string }) => l.business === agency).tasks as string[];
    expect(tasks).toHaveLength(4);
    await writeThenUndo('adaccount.shareAgency', item, { business: agency, role: 'advertiser' });
    // the same tasks (a task list is a set: the order they are sent in is not kept)
    expect([...(await account(item.id)).agencies.find((l: { business: string }) => l.business === agency).tasks].sort()).toEqual([...tasks].sort());
  });

  it('updateBusinessInfo over a field that had no value: the undo refuses before writing, and says why', async () => {
    const item = fixtureAccount(area, 'noBusiness');
    const undo = area.action('adaccount.updateBusinessInfo').undo!;
    const params = { business_name: 'Named at last', business_city: 'Undo City' };
    const before = (await undo.read([item], params, readCtx())).get(item.id)!;
    expect(before.business_name).toBe('');
    await area.run('adaccount.updateBusinessInfo', item, params);
    const written = await account(item.id);
    await expect(undo.run(item, before, params, area.ctx())).rejects.toThrow(/business_name had no value/);
    // as a batch entry too: that entry fails alone, nothing is sent for it
    expect(() => undo.toBatch!(item, before, params)).toThrow(/business_name had no value/);
    expect(await account(item.id)).toEqual(written);
  });

  it('an account the platform no longer finds reads as null (relations, like fields)', async () => {
    const item = { id: 'act_999999999999', pair: '61550000000002' };
    expect((await area.action('adaccount.addUser').undo!.read([item], { uid: [item.pair], role: 1002 }, readCtx())).get(`${item.id}|${item.pair}`)).toBeNull();
  });
});
