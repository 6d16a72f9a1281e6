// Mounted under a prefix in a host server: the sandbox's parsers and handlers stay inside it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { graphSandbox } from '../../sandbox/index';

let host: FastifyInstance;
let base: string;

beforeAll(async () => {
  host = Fastify({ logger: false });
  host.setErrorHandler((_err, _req, reply) => reply.code(400).send({ status: 0, code: 40000 }));
  host.setNotFoundHandler((_req, reply) => reply.code(404).send({ status: 0, code: 40400 }));
  host.post('/api/echo', async (req) => ({ status: 1, data: req.body }));
  await host.register(graphSandbox, { prefix: '/__graph', seed: 'mount', scale: 'small' });
  base = await host.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => host.close());

test('the sandbox answers under /__graph with next links on the platform host', async () => {
  const r = await fetch(`${base}/__graph/v19.0/me/adaccounts?limit=2`);
  const body = await r.json() as any;
  expect(r.status).toBe(200);
  expect(body.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v19\.0\//);
  const batch = await fetch(`${base}/__graph/`, { method: 'POST', body: new URLSearchParams({ batch: JSON.stringify([{ method: 'GET', relative_url: 'me' }]) }) });
  expect((await batch.json() as any)[0].code).toBe(200);
  expect((await (await fetch(`${base}/__graph/__sandbox/session`)).json() as any).userId).toMatch(/^\d+$/);
  const calls = await (await fetch(`${base}/__graph/__sandbox/calls`)).json() as any;
  expect(calls.byPath).toEqual({ '/v19.0/me/adaccounts': 1, '/': 1 });
});

test('the host keeps its own parsers, error and not-found handlers', async () => {
  const form = await fetch(`${base}/api/echo`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
  expect(await form.json() as any).toEqual({ status: 0, code: 40000 });
  expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  const sandboxError = await (await fetch(`${base}/__graph/v19.0/999`)).json() as any;
  expect(sandboxError.error.code).toBe(100);
});
