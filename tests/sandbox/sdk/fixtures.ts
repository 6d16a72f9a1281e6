// Fixture ids of the sandbox's data set (sandbox/README.md "Fixtures") and helpers the SDK files share.
import { sdk } from './sdk-harness';

export const BUSINESS_MAIN = '100200000000001';
export const BUSINESS_EMPLOYEE_ONLY = '100200000000003';
export const PAGE_MAIN = '104000000000001';
export const PIXEL_MAIN = '1400000000000001';
export const ACCOUNT_ACTIVE = 'act_120200000000001';
export const ACCOUNT_JPY = 'act_120200000000025';
export const SESSION_USER = '61550000000001';

/** the business users of a business as its `business_users` edge lists them (through the SDK) */
export async function businessUsersOf(business: string): Promise<{ id: string; name: string; role: string }[]> {
  const cursor = await new sdk.Business(business).getBusinessUsers(['id', 'name', 'role'], { limit: 100 });
  return [...cursor].map((u: { id: string; name: string; role: string }) => ({ id: u.id, name: u.name, role: u.role }));
}

/** every row of an SDK cursor, following next() to the end */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function allRows<T = any>(first: T[] & { hasNext: () => boolean; next: () => Promise<unknown> }): Promise<T[]> {
  const rows: T[] = [...first];
  let guard = 0;
  while (first.hasNext() && guard++ < 100) {
    await first.next();
    rows.push(...first);
  }
  return rows;
}
