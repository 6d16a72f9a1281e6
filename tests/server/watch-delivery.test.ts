// Two server instances on one PostgreSQL deliver the watch's alerts (server/watch/outbox.ts): both run
// their delivery timers and are also driven at once, many times over; a local receiver gets each alert
// state exactly once per channel (docs/DECISIONS.md, "The watch: rules, alerts and delivery (issue 34)").
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { deliverDue } from '../../server/watch/outbox';
import { createHarness, findPgBin, startPostgres, type Harness, type PgCluster } from './harness';
import { startReceiver, type Receiver } from './receiver';

const pgBin = findPgBin();
if (!pgBin) console.log('SKIP: PostgreSQL is not installed: the two-instance delivery test does not run');

describe.skipIf(!pgBin)('watch delivery: two instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  const databases: Database[] = [];
  let a: Harness;
  let b: Harness;
  let rx: Receiver;

  beforeAll(async () => {
    rx = await startReceiver();
    cluster = await startPostgres(pgBin!);
    const url = await cluster.createDatabase();
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: url, pgliteDir: '' }));
    // both instances run their timers (every 20 ms) besides the calls below
    const overrides = { webhookAllowLoopback: true, telegramApi: rx.url, watchOutboxPollMs: 20 };
    a = await createHarness(databases[0]!, overrides);
    b = await createHarness(databases[1]!, overrides);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const d of databases) await d.close();
    await cluster?.stop();
    await rx?.close();
  });

  test('30 accounts disabled, then re-enabled: each alert state received exactly once per channel', async () => {
    const user = await a.signUp();
    for (const body of [{ kind: 'webhook', url: `${rx.url}/hook` }, { kind: 'telegram', token: '777:tokentok', chatId: '1' }]) {
      expect(await a.call('POST', '/api/watch/channels', { token: user.token, body })).toMatchObject({ status: 1 });
    }
    const ids = Array.from({ length: 30 }, (_, i) => `act_${9000 + i}`);
    const rows = (status: string) => ids.map((id) => ({ id, name: id, status }));
    const snap = (h: Harness, status: string) => h.call('POST', '/api/watch/snapshots', { token: user.token, body: { type: 'adaccount', rows: rows(status) } });
    await snap(a, 'ACTIVE');
    // the two instances take the snapshots by turns, the same one twice at once
    await Promise.all([snap(a, 'DISABLED'), snap(b, 'DISABLED')]);
    const drive = async () => {
      for (let round = 0; round < 5; round++) await Promise.all([deliverDue(a.app.ctx), deliverDue(b.app.ctx), deliverDue(a.app.ctx), deliverDue(b.app.ctx)]);
    };
    await drive();
    await Promise.all([snap(b, 'ACTIVE'), snap(a, 'ACTIVE')]);
    await drive();
    // let the timers run a while longer: nothing more may arrive
    await new Promise((r) => setTimeout(r, 300));

    const hooks = rx.on('/hook').map((r) => `${r.body.alert.id}:${r.body.alert.state}`);
    expect(hooks).toHaveLength(60);
    expect(new Set(hooks).size).toBe(60);
    const alerts = (await a.call('GET', '/api/watch/alerts', { token: user.token, query: { limit: '500' } })).data as { id: string; state: string; object: { id: string } }[];
    expect(alerts).toHaveLength(30);
    expect(new Set(alerts.map((x) => x.object.id))).toEqual(new Set(ids));
    expect(alerts.every((x) => x.state === 'resolved')).toBe(true);
    expect(new Set(hooks)).toEqual(new Set(alerts.flatMap((x) => [`${x.id}:firing`, `${x.id}:resolved`])));
    // each alert's firing message before its resolved one
    for (const x of alerts) expect(hooks.indexOf(`${x.id}:firing`)).toBeLessThan(hooks.indexOf(`${x.id}:resolved`));
    expect(rx.on('/bot777:tokentok/sendMessage')).toHaveLength(60);
  });
});
