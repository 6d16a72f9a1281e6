// `npm run sandbox -- --port P --seed S --scale small|large [--hostile] [--token T] [--host H]`:
// the graph sandbox alone, at the root of its port.
import Fastify from 'fastify';
import { parseArgs } from 'node:util';
import { graphSandbox } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: 'tessera' },
    scale: { type: 'string', default: 'small' },
    hostile: { type: 'boolean', default: false },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('usage: npm run sandbox -- --port P --seed S --scale small|large [--hostile] [--token T] [--host H]');
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

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
await app.register(graphSandbox, { seed: values.seed, scale: values.scale, hostile: values.hostile, token: values.token ?? null });
const address = await app.listen({ port, host: values.host });
const url = address.replace('[::1]', 'localhost');
console.log(`Graph sandbox at ${url}/ (seed ${values.seed}, scale ${values.scale}${values.hostile ? ', hostile names' : ''}${values.token ? ', one accepted token' : ''})`);
console.log(`  session: ${url}/__sandbox/session   calls: ${url}/__sandbox/calls   faults: ${url}/__sandbox/faults`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
