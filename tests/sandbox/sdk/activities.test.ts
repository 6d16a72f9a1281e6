// The official SDK reads an ad account's activities (AdAccount.getActivities, AdActivity fields) from
// the sandbox as from the platform, after world events (sandbox/README.md "World events"; docs/SDK.md).
import { describe, expect, test } from 'vitest';
import { fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { ACCOUNT_ACTIVE, allRows } from './fixtures';

const { AdAccount, AdActivity } = sdk;
const env = useSdkSandbox();

const world = async (events: unknown[]) => {
  const r = await fetch(`${env.sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
  expect(r.status).toBe(200);
  return (await r.json()) as { applied: { user?: string }[] };
};

describe('activities', () => {
  test('getActivities answers AdActivity rows with every SDK field, newest first, through next()', async () => {
    const r = await world([
      { kind: 'disableAccount', id: ACCOUNT_ACTIVE, reason: 2 },
      { kind: 'addAdmin', id: ACCOUNT_ACTIVE, name: 'Sdk Outsider', email: 'sdk.outsider@example.test' },
      { kind: 'enableAccount', id: ACCOUNT_ACTIVE },
    ]);
    const cursor = await new AdAccount(ACCOUNT_ACTIVE).getActivities(fieldsOf(AdActivity), { limit: 2 });
    expect([...cursor]).toHaveLength(2);
    expect(cursor.hasNext()).toBe(true);
    const rows = await allRows(cursor);
    expect(rows.map((x: { event_type: string }) => x.event_type)).toEqual(['ad_account_update_status', 'ad_account_add_user_to_role', 'ad_account_update_status']);
    const known = new Set(fieldsOf(AdActivity));
    for (const row of rows) expect(Object.keys(row._data).filter((k) => !known.has(k))).toEqual([]);
    const added = rows[1] as { actor_name: string; object_id: string; extra_data: string };
    expect(added.object_id).toBe(ACCOUNT_ACTIVE.slice(4));
    expect(JSON.parse(added.extra_data)).toMatchObject({ old_value: null, new_value: { user_id: r.applied[1]!.user, user_name: 'Sdk Outsider', role: 1001 } });
    const disabled = rows[2] as { extra_data: string; event_time: string; actor_name: string };
    expect(JSON.parse(disabled.extra_data)).toEqual({ old_value: { account_status: 1, disable_reason: 0 }, new_value: { account_status: 2, disable_reason: 2 } });
    expect(disabled.event_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
  });

  test('an analyst\'s read is refused with the SDK\'s error (code 200)', async () => {
    const analyst = env.sb.state.data.fixtures.adaccounts.analystRole!;
    const e = await refusal(new AdAccount(analyst).getActivities(['event_type']));
    expect(e.status).toBe(403);
    expect(e.code).toBe(200);
  });
});
