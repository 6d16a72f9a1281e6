import type { AdAccount } from '../types';

/** Billing transactions and hidden administrators of one account, loaded on demand (filled in with the area's api). */
export function AccountExtras(_props: { account: AdAccount; timeZone: string }) {
  return null;
}
