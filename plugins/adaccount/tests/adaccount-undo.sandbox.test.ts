// The undo contract of the ad-account area (tests/sandbox/undo-contract.ts): every declared inverse,
// written then undone against the sandbox, leaves the account exactly as it was.
import { expect } from 'vitest';
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

undoContract(area, {
  'adaccount.rename': (a) => {
    const item = adminAccount(a);
    return { item, params: { name: 'Undo me {index}' }, objects: [['adaccount', item.id]] };
  },
});
