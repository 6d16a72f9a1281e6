// The undo contract of the pixel area (tests/sandbox/undo-contract.ts): every declared inverse,
// written then undone against the sandbox, leaves the pixel, the ad account and the business exactly
// as they were. A removal's case first adds what it removes (the undo adds it back at the end of the
// platform's list, where the case put it: a list's order is not part of the state the undo restores).
import { expect } from 'vitest';
import { sandboxArea, type Area } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('pixel');

/** The main pixel as the list gives it (owned by the main business, the session user an admin there). */
function mainPixel(a: Area) {
  const fx = a.sb.state.data.fixtures;
  return { id: fx.pixels.main, name: 'Main pixel', type: 'PIXEL', business_id: fx.businesses.main, relation_business_id: fx.businesses.main, bmrole: 'admin', can_share: true };
}

/** An active ad account of the main business the main pixel is not shared with (digits). */
function unsharedAccount(a: Area): string {
  const d = a.sb.state.data;
  const px = d.pixels.get(d.fixtures.pixels.main)!;
  const id = d.businesses.get(d.fixtures.businesses.main)!.owned_accounts.find((x) => d.accounts.get(x)!.account_status === 1 && !px.shared_accounts.includes(x));
  expect(id).toBeTruthy();
  return id!.replace(/^act_/, '');
}

/** An employee of the main business not assigned to the main pixel (business-user id). */
function unassignedEmployee(a: Area): string {
  const d = a.sb.state.data;
  const px = d.pixels.get(d.fixtures.pixels.main)!;
  const bu = d.businesses.get(d.fixtures.businesses.main)!.users.map((id) => d.businessUsers.get(id)!)
    .find((u) => u.role === 'EMPLOYEE' && !px.assigned_users.some((r) => r.uid === u.uid));
  expect(bu).toBeTruthy();
  return bu!.id;
}

/** A business other than the owner that is not a partner of the main pixel yet. */
function agency(a: Area): string {
  const d = a.sb.state.data;
  const px = d.pixels.get(d.fixtures.pixels.main)!;
  const b = d.businessList.find((x) => x.id !== px.owner_business && !px.agencies.some((l) => l.business === x.id));
  expect(b).toBeTruthy();
  return b!.id;
}

const pixelObjects = (a: Area, account?: string) => [
  ['pixel', a.sb.state.data.fixtures.pixels.main] as const,
  ...(account ? [['adaccount', `act_${account}`] as const] : []),
];

undoContract(area, {
  'pixel.shareToAccounts': (a) => {
    const account = unsharedAccount(a);
    return { item: { ...mainPixel(a), pair: account }, params: { account_ids: [account] }, objects: pixelObjects(a, account) };
  },
  'pixel.assignUsers': (a) => {
    const user = unassignedEmployee(a);
    return { item: { ...mainPixel(a), pair: user }, params: { user_ids: [user], tasks: ['ANALYZE', 'ADVERTISE'] }, objects: [...pixelObjects(a), ['business_user', user]] };
  },
  'pixel.removeUsers': async (a) => {
    const user = unassignedEmployee(a);
    const item = { ...mainPixel(a), pair: user };
    await a.run('pixel.assignUsers', item, { user_ids: [user], tasks: ['EDIT', 'ANALYZE'] });
    return { item, params: { user_ids: [user] }, objects: [...pixelObjects(a), ['business_user', user]] };
  },
  'pixel.addPartners': (a) => {
    const business = agency(a);
    return { item: { ...mainPixel(a), pair: business }, params: { business_ids: [business], tasks: ['ANALYZE'] }, objects: [...pixelObjects(a), ['business', business]] };
  },
  'pixel.removePartners': async (a) => {
    const business = agency(a);
    const item = { ...mainPixel(a), pair: business };
    await a.run('pixel.addPartners', item, { business_ids: [business], tasks: ['ANALYZE', 'UPLOAD'] });
    return { item, params: { business_ids: [business] }, objects: [...pixelObjects(a), ['business', business]] };
  },
  'pixel.addConnections': (a) => {
    const account = unsharedAccount(a);
    const fx = a.sb.state.data.fixtures;
    return { item: { ...mainPixel(a), pair: account }, params: { to_ids: [account], to_asset_type: 'ad-account' }, objects: [...pixelObjects(a, account), ['business', fx.businesses.main]] };
  },
  'pixel.removeConnections': async (a) => {
    // a connection the business made, whose account the pixel was not shared with before
    const account = unsharedAccount(a);
    const fx = a.sb.state.data.fixtures;
    const item = { ...mainPixel(a), pair: account };
    await a.run('pixel.addConnections', item, { to_ids: [account], to_asset_type: 'ad-account' });
    return { item, params: { to_ids: [account], to_asset_type: 'ad-account' }, objects: [...pixelObjects(a, account), ['business', fx.businesses.main]] };
  },
});
