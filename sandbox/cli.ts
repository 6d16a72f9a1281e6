// `npm run sandbox -- --port P --seed S --scale small|large [--hostile] [--token T] [--host H] [--versions vA.0-vB.0] [--drift S] [--drift-seed D]`:
// the graph sandbox alone, at the root of its port.
import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { graphSandbox, latestVersion, parseVersions } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: 'tessera' },
    scale: { type: 'string', default: 'small' },
    hostile: { type: 'boolean', default: false },
    token: { type: 'string' },
    versions: { type: 'string', default: 'v16.0-v24.0' },
    drift: { type: 'string', default: '0' },
    'drift-seed': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('usage: npm run sandbox -- --port P --seed S --scale small|large [--hostile] [--token T] [--host H] [--versions vA.0-vB.0] [--drift S] [--drift-seed D]');
  console.log('  --drift S: a world event (an account disabled, a payment failing, …) every S seconds of the sandbox clock; 0 (default) for none');
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}
if (values.scale !== 'small' && values.scale !== 'large') {
  console.error(`--scale must be small or large, got ${values.scale}`);
  process.exit(2);
}

let versions;
try {
  versions = parseVersions(values.versions);
} catch (e) {
  console.error(`--versions: ${(e as Error).message}`);
  process.exit(2);
}

const driftS = Number(values.drift);
if (!Number.isFinite(driftS) || driftS < 0 || (driftS > 0 && driftS < 1)) {
  console.error(`--drift must be a number of seconds (0 for none, else at least 1), got ${values.drift}`);
  process.exit(2);
}
const drift = driftS > 0 ? { everyS: driftS, seed: values['drift-seed'] } : undefined;

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
await app.register(graphSandbox, { seed: values.seed, scale: values.scale, hostile: values.hostile, token: values.token ?? null, versions: values.versions, drift });
const address = await app.listen({ port, host: values.host });
const url = address.replace('[::1]', 'localhost');
console.log(`Graph sandbox at ${url}/ (seed ${values.seed}, scale ${values.scale}, versions v${versions.min}.0–${latestVersion(versions)}${values.hostile ? ', hostile names' : ''}${values.token ? ', one accepted token' : ''}${drift ? `, a world event every ${driftS} s` : ''})`);
console.log(`  session: ${url}/__sandbox/session   calls: ${url}/__sandbox/calls   faults: ${url}/__sandbox/faults   switches: ${url}/__sandbox/switches`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
