// Entry of the product server (`npm start` runs it through scripts/start.mjs after building the app):
// reads the settings, migrates, serves the app and /api from one process, prints the URL.
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { DEMO_ACCOUNTS } from './seed';
import { graphSandbox, type DriftOptions } from '../sandbox';

/** TESSERA_SANDBOX_DRIFT=<seconds> (and TESSERA_SANDBOX_DRIFT_SEED): the demo world changing by itself (sandbox/README.md "Drift") */
function demoDrift(env: NodeJS.ProcessEnv): DriftOptions | undefined {
  const raw = env.TESSERA_SANDBOX_DRIFT?.trim();
  if (!raw || raw === '0') return undefined;
  const everyS = Number(raw);
  if (!Number.isFinite(everyS) || everyS < 1 || everyS > 30 * 86400) throw new ConfigError(`TESSERA_SANDBOX_DRIFT must be a number of seconds from 1 to 30 days (or 0 for none), got ${raw}`);
  return { everyS, seed: env.TESSERA_SANDBOX_DRIFT_SEED || undefined };
}

let config: ServerConfig;
try {
  // Demo mode: the graph sandbox answers the demo executor's calls on the same origin, at /__graph.
  const drift = demoDrift(process.env);
  config = loadConfig(process.env, {
    mountDemoGraph: async (app) => {
      await app.register(graphSandbox, { prefix: '/__graph', seed: process.env.TESSERA_SANDBOX_SEED ?? 'tessera', scale: process.env.TESSERA_SANDBOX_SCALE === 'large' ? 'large' : 'small', drift });
    },
  });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Tessera cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;

console.log(`Tessera is running at http://${shownHost}:${port}/`);
console.log(`  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.pgliteDir}`}; mail: ${config.smtpUrl ? 'SMTP' : `outbox ${config.dataDir}/outbox.jsonl`}`);
if (config.demo) {
  console.log('  Demo mode (TESSERA_DEMO=1): demo accounts, graph sandbox at /__graph. Set TESSERA_DEMO=0 for a real installation.');
  // On the console only, never in the JSON log: the admin's password is made at start unless TESSERA_DEMO_ADMIN_PASSWORD sets it.
  for (const account of DEMO_ACCOUNTS) {
    const password = account.role === 'admin' ? config.demoAdminPassword : config.demoPassword;
    const note = account.role === 'admin' && config.demoAdminPasswordGenerated ? '  (made at this start; set TESSERA_DEMO_ADMIN_PASSWORD to keep one)' : '';
    console.log(`  demo ${account.role.padEnd(5)}  ${account.email}  password: ${password}${note}`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
