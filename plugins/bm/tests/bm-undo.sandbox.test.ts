// The undo contract of the business-manager area (tests/sandbox/undo-contract.ts): every declared
// inverse, written then undone against the sandbox, leaves the business, its people, the pixel and
// the ad account exactly as they were. A removal's case first adds what it removes (the undo adds it
// back at the end of the platform's list, where the case put it: a list's order is not part of the
// state the undo restores).
import { expect, it } from 'vitest';
import { sandboxArea, type Area } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('bm');

/** The main business as the list gives it (the session user an admin there). */
function mainBusiness(a: Area) {
  const d = a.sb.state.data;
  const b = d.businesses.get(d.fixtures.businesses.main)!;
  return { id: b.id, name: b.name, roles: ['ADMIN', 'EMPLOYEE'], isRestricted: 'false', bmtype: 'BM1' };
}

/** An employee of the main business (business-user id). */
function employee(a: Area): string {
  const d = a.sb.state.data;
  const bu = d.businesses.get(d.fixtures.businesses.main)!.users.map((id) => d.businessUsers.get(id)!).find((u) => u.role === 'EMPLOYEE' && !Object.keys(u.assigned).length);
  expect(bu).toBeTruthy();
  return bu!.id;
}

/** An active ad account the main business owns that the main pixel is not shared with (digits). */
function ownedAccount(a: Area): string {
  const d = a.sb.state.data;
  const px = d.pixels.get(d.fixtures.pixels.main)!;
  const id = d.businesses.get(d.fixtures.businesses.main)!.owned_accounts.find((x) => d.accounts.get(x)!.account_status === 1 && !px.shared_accounts.includes(x));
  expect(id).toBeTruthy();
  return id!.replace(/^act_/, '');
}

const connection = (a: Area, to: string) => ({ from_id: a.sb.state.data.fixtures.pixels.main, from_asset_type: 'pixel', to_ids: [to], to_asset_type: 'ad-account' });
const connectionObjects = (a: Area, to: string) => [
  ['business', a.sb.state.data.fixtures.businesses.main], ['pixel', a.sb.state.data.fixtures.pixels.main], ['adaccount', `act_${to}`],
] as const;

undoContract(area, {
  'bm.inviteUser': (a) => {
    const item = mainBusiness(a);
    return { item: { ...item, pair: 'undo.me@example.test' }, params: { emails: ['undo.me@example.test'], role: 'FINANCE_ANALYST' }, objects: [['business', item.id]] };
  },
  'bm.updateUserRole': (a) => {
    const item = mainBusiness(a);
    const user = employee(a);
    return { item: { ...item, pair: user }, params: { users: [user], role: 'DEVELOPER' }, objects: [['business_user', user], ['business', item.id]] };
  },
  'bm.updateBasicInfo': (a) => {
    const item = mainBusiness(a);
    const d = a.sb.state.data;
    const b = d.businesses.get(item.id)!;
    // a business with a primary page gets another of its pages, and a new name
    expect(b.primary_page).toBeTruthy();
    const page = b.owned_pages.find((p) => p !== b.primary_page);
    expect(page).toBeTruthy();
    return { item, params: { name: 'Renamed for undo', primary_page_id: page }, objects: [['business', item.id]] };
  },
  'bm.userAssetAssign': (a) => {
    const item = mainBusiness(a);
    return { item, params: { user_id: employee(a), asset_id: `act_${ownedAccount(a)}`, tasks: ['ADVERTISE', 'ANALYZE'] }, objects: [['business', item.id]] };
  },
  'bm.userAssetRemove': async (a) => {
    const item = mainBusiness(a);
    const user = employee(a);
    const asset = `act_${ownedAccount(a)}`;
    await a.run('bm.userAssetAssign', item, { user_id: user, asset_id: asset, tasks: ['ANALYZE', 'ADVERTISE', 'DRAFT'] });
    return { item, params: { user_id: user, asset_id: asset }, objects: [['business', item.id], ['business_user', user]] };
  },
  'bm.shareToAssetGroup': async (a) => {
    // a group of the business holding one account already: the job adds that one again and a new one
    const item = mainBusiness(a);
    const d = a.sb.state.data;
    const [first, second] = d.businesses.get(item.id)!.owned_accounts.filter((x) => d.accounts.get(x)!.account_status === 1).map((x) => x.replace(/^act_/, ''));
    const group = (await a.run('bm.createAssetGroup', item, { name: 'Undo group' })).id as string;
    await a.run('bm.shareToAssetGroup', item, { asset_group_id: group, ad_account_ids: [first] });
    return { item, params: { asset_group_id: group, ad_account_ids: [first, second] }, objects: [['business', item.id]] };
  },
  'bm.addConnections': (a) => {
    const to = ownedAccount(a);
    return { item: mainBusiness(a), params: connection(a, to), objects: connectionObjects(a, to) };
  },
  'bm.removeConnections': async (a) => {
    const to = ownedAccount(a);
    const item = mainBusiness(a);
    await a.run('bm.addConnections', item, connection(a, to));
    return { item, params: connection(a, to), objects: connectionObjects(a, to) };
  },
});

it('a primary page set where there was none cannot be cleared: that undo refuses and sends nothing', async () => {
  // the main business without a primary page (no business of the data set has none and a page of its own)
  const b = area.sb.state.data.businesses.get(area.sb.state.data.fixtures.businesses.main)!;
  b.primary_page = null;
  const item = { id: b.id, name: b.name, roles: ['ADMIN'] };
  const params = { primary_page_id: b.owned_pages[0]! };
  const undo = area.action('bm.updateBasicInfo').undo!;
  const before = (await undo.read([item], params, area.ctx())).get(item.id) ?? null;
  expect(before).toEqual({ primary_page: null });
  await area.run('bm.updateBasicInfo', item, params);
  const sent = area.sent.length;
  await expect(undo.run(item, before, params, area.ctx())).rejects.toThrow(/cannot clear/);
  expect(area.sent.length).toBe(sent);
});
