// The server's integration suite, run once on embedded PGlite and once on a real PostgreSQL cluster
// that this file starts (and removes). Without PostgreSQL installed, that half prints a SKIP line.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, findPgBin, freshDatabase, startPostgres, type DbKind } from './harness';
import type { SuiteEnv } from './suite/env';
import { accountTests } from './suite/accounts';
import { accessTests } from './suite/access';
import { featureTests } from './suite/features';
import { orderTests } from './suite/orders';
import { hardeningTests } from './suite/hardening';
import { startupTests } from './suite/startup';
import { graphqlDocTests } from './suite/graphql-docs';
import { takeoverTests } from './suite/takeover';
import { guardTests } from './suite/guards';
import { readCacheTests } from './suite/read-cache';
import { fuzzTests } from './suite/fuzz';
import { ownSessionTests } from './suite/own-sessions';
import { platformTests } from './suite/platform';
import { jobRecordTests } from './suite/job-records';
import { auditTests } from './suite/audit';
import { savedViewTests } from './suite/saved-views';
import { watchTests } from './suite/watch';
import { watchAlertTests } from './suite/watch-alerts';
import { watchTeamTests } from './suite/watch-team';
import { orgTests } from './suite/org';
import { libraryTests } from './suite/library';
import { approvalTests } from './suite/approvals';

const pgBin = findPgBin();
if (!pgBin) console.log('SKIP: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the PostgreSQL half of the server suite does not run');

const databases: { kind: DbKind; available: boolean }[] = [
  { kind: 'pglite', available: true },
  { kind: 'postgres', available: pgBin !== null },
];

describe.each(databases)('server on $kind', ({ kind, available }) => {
  if (!available) {
    test.skip('SKIP: PostgreSQL is not installed', () => {});
    return;
  }
  const env = { kind, cluster: null } as SuiteEnv;

  beforeAll(async () => {
    if (kind === 'postgres') env.cluster = await startPostgres(pgBin!);
    env.h = await createHarness(await freshDatabase(kind, env.cluster));
  });

  afterAll(async () => {
    await env.h?.close();
    await env.h?.database.close();
    await env.cluster?.stop();
  });

  afterEach(() => env.h.clock.reset());

  accountTests(env);
  accessTests(env);
  featureTests(env);
  orderTests(env);
  hardeningTests(env);
  startupTests(env);
  graphqlDocTests(env);
  platformTests(env);
  takeoverTests(env);
  guardTests(env);
  readCacheTests(env);
  ownSessionTests(env);
  jobRecordTests(env);
  auditTests(env);
  savedViewTests(env);
  watchTests(env);
  watchAlertTests(env);
  orgTests(env);
  libraryTests(env);
  approvalTests(env);
  watchTeamTests(env);
  fuzzTests(env);

  test('no log line holds a password, a code or a token', () => {
    expect(env.h.logs.length).toBeGreaterThan(100);
    expect(env.h.secrets.size).toBeGreaterThan(50);
    expect(env.h.findLeak()).toBeNull();
  });
});
