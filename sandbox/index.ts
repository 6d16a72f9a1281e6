// The graph sandbox as a fastify plugin: a local emulator of the platform endpoints Tessera uses
// (docs/INTERFACES.md section 5). `npm start` mounts it at /__graph in demo mode; `npm run sandbox` serves
// it at the root of a port (cli.ts); tests register it on a fastify of their own.
//
//   app.register(graphSandbox, { prefix: '/__graph', seed: 1, scale: 'small' })
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphError, errors } from './errors';
import { bodyParams, parseForm, parseMultipart } from './form';
import { runBatch } from './graph/batch';
import { runGraphCall, usageHeaders, type GraphReply } from './graph/dispatch';
import { VERSION_SEGMENT, deprecatedVersionBody, isServed, mergeSwitches } from './switches';
import { TYPES } from './graph/core';
import { SandboxState, mergeFaults, type FaultsPatch, type SandboxOptions } from './state';
import { handleWeb } from './web/index';
import { objectState } from './objects';
import { AREAS } from './areas';
import { WorldEventError, applyWorldEvents, checkDrift, tickDrift } from './world';
import { DEFAULT_OVERLAY, buildCatalogue, type Catalogue, type GraphqlCatalogue } from './catalogue';
import type { Scale } from './dataset';

export type { SandboxOptions, Faults, FaultsPatch, Session, CallCounters } from './state';
export type { Switches, ReplyShape, VersionRange } from './switches';
export { DEFAULT_VERSIONS, parseVersions, latestVersion } from './switches';
export { SandboxState } from './state';
export type { Scale, Dataset, Fixtures } from './data';
export { SCALES, ACCOUNT_FIXTURES } from './data';
export type { SandboxArea } from './area';
export { AREAS } from './areas';
export { sandboxDocIds, type Catalogue, type GraphqlCatalogue } from './catalogue';
export { WORLD_EVENT_KINDS, PLATFORM_ACTOR, type WorldEvent, type WorldEventKind, type DriftOptions } from './world';

/** the areas' documents with an overlay over them: a catalogue file's path or its parsed content; default sandbox/graphql-docs.json */
export function loadCatalogue(overlay?: string | GraphqlCatalogue): Catalogue {
  let parsed = DEFAULT_OVERLAY;
  if (overlay && typeof overlay === 'object') parsed = overlay;
  else if (typeof overlay === 'string') parsed = JSON.parse(readFileSync(overlay, 'utf8')) as GraphqlCatalogue;
  if (!parsed || typeof parsed.docs !== 'object') throw new Error('graphql-docs: expected { "docs": { "<operation>": { "docId", "handler", "kind" } } }');
  return buildCatalogue(AREAS, parsed);
}

/** the state a sandbox serves; pass it as `state` to share it with a test or a second mount */
export function createSandboxState(opts: SandboxOptions = {}): SandboxState {
  return new SandboxState(opts, loadCatalogue(opts.graphqlDocs));
}

// The sandbox answers any origin: it is called same-origin at /__graph in demo mode and from the
// extension's worker (host permission) in development; it holds only generated fake data, so an
// open CORS policy exposes nothing.
const CORS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, PUT, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-tessera-request-id',
  'access-control-expose-headers': 'x-app-usage, x-business-use-case-usage, retry-after, www-authenticate, x-fb-trace-id, facebook-api-version',
  'access-control-max-age': '600',
};

const HOST_NAME = /^[a-z0-9.-]+$/;

export async function graphSandbox(app: FastifyInstance, opts: SandboxOptions = {}): Promise<void> {
  const state = opts.state ?? createSandboxState(opts);
  const prefix = app.prefix;

  // Parsers live in this plugin's scope only, so the host server keeps its own.
  for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, parseForm(body as string)));
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (req, body, done) => done(null, parseMultipart(body as string, req.headers['content-type'] ?? '')));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new GraphError(400, 100, '(#100) The request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // the drift (sandbox/world.ts) applies the events due by the sandbox clock before anything is answered
  app.addHook('onRequest', async () => {
    tickDrift(state);
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(CORS)) reply.header(k, v);
    return payload;
  });

  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const e = err instanceof GraphError ? err : new GraphError(err.statusCode && err.statusCode < 500 ? err.statusCode : 500, err.statusCode && err.statusCode < 500 ? 100 : 1, err.message);
    void reply.code(e.status).type('application/json; charset=UTF-8').send(JSON.stringify(e.body()));
  });
  app.setNotFoundHandler((req, reply) => {
    const e = new GraphError(400, 100, `Unsupported ${req.method.toLowerCase()} request.`, { type: 'GraphMethodException' });
    void reply.code(400).type('application/json; charset=UTF-8').send(JSON.stringify(e.body()));
  });

  const relative = (req: FastifyRequest) => {
    const raw = req.raw.url ?? req.url;
    const q = raw.indexOf('?');
    const pathname = (q >= 0 ? raw.slice(0, q) : raw).slice(prefix.length) || '/';
    return { pathname, query: q >= 0 ? parseForm(raw.slice(q + 1)) : {} };
  };

  const beginOutcome = (req: FastifyRequest): string | null => {
    const id = req.headers['x-tessera-request-id'];
    const requestId = typeof id === 'string' && id ? id.slice(0, 200) : null;
    if (requestId) state.recordOutcome(requestId, { state: 'pending' });
    return requestId;
  };
  const endOutcome = (requestId: string | null, status: number) => {
    if (requestId) state.recordOutcome(requestId, { state: status < 400 ? 'done' : 'failed', status });
  };

  const json = (reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) =>
    reply.code(status).headers(headers).type('application/json; charset=UTF-8').send(JSON.stringify(body));

  // ------------------------------------------------------------------------------------------
  // test endpoints: never rate limited, faulted or counted

  app.get('/__sandbox', async (_req, reply) => json(reply, 200, summary(state)));
  app.get('/__sandbox/session', async (_req, reply) => json(reply, 200, state.session));
  app.get('/__sandbox/fixtures', async (_req, reply) => json(reply, 200, state.data.fixtures));
  app.get('/__sandbox/outcome/:requestId', async (req, reply) => {
    const { requestId } = req.params as { requestId: string };
    const o = state.journal.get(requestId);
    return json(reply, 200, o ?? { state: 'unknown' });
  });
  app.post('/__sandbox/reset', async (req, reply) => {
    const p = (req.body && typeof req.body === 'object' ? req.body : bodyParams(req.body)) as Record<string, unknown>;
    const scale = p.scale;
    if (scale !== undefined && scale !== 'small' && scale !== 'large') return json(reply, 400, { error: 'scale must be small or large' });
    const seed = p.seed;
    if (seed !== undefined && typeof seed !== 'string' && typeof seed !== 'number') return json(reply, 400, { error: 'seed must be text or a number' });
    const hostile = p.hostile === undefined ? undefined : p.hostile === true || p.hostile === 'true' || p.hostile === '1';
    let faults: FaultsPatch | undefined;
    if (p.faults !== undefined) {
      try {
        faults = p.faults as FaultsPatch;
        mergeFaults(state.faults, faults);
      } catch (e) {
        return json(reply, 400, { error: (e as Error).message });
      }
    }
    state.reset({ seed: seed as string | number | undefined, scale: scale as Scale | undefined, hostile });
    if (faults) state.faults = mergeFaults(state.faults, faults);
    return json(reply, 200, summary(state));
  });
  app.get('/__sandbox/switches', async (_req, reply) => json(reply, 200, state.switches));
  app.put('/__sandbox/switches', async (req, reply) => {
    try {
      state.setSwitches(mergeSwitches(state.switches, req.body, Object.keys(TYPES).filter((t) => t !== 'plain')));
    } catch (e) {
      return json(reply, 400, { error: (e as Error).message });
    }
    return json(reply, 200, state.switches);
  });
  app.get('/__sandbox/clock', async (_req, reply) => json(reply, 200, { now: state.now() }));
  app.post('/__sandbox/clock', async (req, reply) => {
    const p = (req.body && typeof req.body === 'object' ? req.body : bodyParams(req.body)) as Record<string, unknown>;
    const advanceS = Number(p.advanceS);
    if (!Number.isFinite(advanceS) || advanceS < 0 || advanceS > 10 * 365 * 86400) return json(reply, 400, { error: 'advanceS must be a number of seconds from 0 to 10 years' });
    state.clockOffsetMs += advanceS * 1000;
    tickDrift(state);
    return json(reply, 200, { now: state.now() });
  });
  // the world outside Tessera (README "World events"): applied at once, all or nothing
  app.post('/__sandbox/world', async (req, reply) => {
    const body = typeof req.body === 'string' ? safeJson(req.body) : req.body;
    try {
      const applied = applyWorldEvents(state, body);
      return json(reply, 200, { applied, now: state.now() });
    } catch (e) {
      if (e instanceof WorldEventError) return json(reply, 400, { error: e.message });
      throw e;
    }
  });
  app.get('/__sandbox/drift', async (_req, reply) => json(reply, 200, driftView(state)));
  const putDrift = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      state.setDrift(checkDrift(req.body && typeof req.body === 'object' ? req.body : bodyParams(req.body)));
    } catch (e) {
      return json(reply, 400, { error: (e as Error).message });
    }
    return json(reply, 200, driftView(state));
  };
  app.put('/__sandbox/drift', putDrift);
  app.post('/__sandbox/drift', putDrift);
  app.get('/__sandbox/faults', async (_req, reply) => json(reply, 200, state.faults));
  const putFaults = async (req: FastifyRequest, reply: FastifyReply) => {
    const { expireToken, ...patch } = (req.body && typeof req.body === 'object' ? req.body : {}) as FaultsPatch;
    try {
      state.faults = mergeFaults(state.faults, patch);
    } catch (e) {
      return json(reply, 400, { error: (e as Error).message });
    }
    if (expireToken === true) state.expireToken();
    return json(reply, 200, state.faults);
  };
  app.put('/__sandbox/faults', putFaults);
  app.post('/__sandbox/faults', putFaults);
  app.get('/__sandbox/calls', async (_req, reply) => json(reply, 200, { ...state.counters, recent: state.recentCalls() }));
  app.delete('/__sandbox/calls', async (_req, reply) => {
    state.clearCounters();
    return json(reply, 200, { ...state.counters, recent: [] });
  });
  app.get('/__sandbox/objects/:type/:id', async (req, reply) => {
    const { type, id } = req.params as { type: string; id: string };
    const o = objectState(state.data, type, id);
    return o ? json(reply, 200, o) : json(reply, 404, { error: `no ${type} with id ${id}` });
  });

  // ------------------------------------------------------------------------------------------
  // web hosts: S/__web/<host>/<path>

  const web = async (req: FastifyRequest, reply: FastifyReply) => {
    const { pathname, query } = relative(req);
    const m = /^\/__web\/([^/]+)(\/.*)?$/.exec(pathname);
    const host = m?.[1]?.toLowerCase() ?? '';
    const path = m?.[2] ?? '/';
    const requestId = beginOutcome(req);
    if (HOST_NAME.test(host)) state.countCall(req.method, `/__web/${host}${path}`);
    await pause(state);
    const r = handleWeb(state, { method: req.method, host, path, query, body: bodyParams(req.body) });
    endOutcome(requestId, r.status);
    return reply.code(r.status).headers(r.headers).type(r.contentType).send(r.body);
  };
  app.route({ method: ['GET', 'POST'], url: '/__web/*', handler: web });

  // ------------------------------------------------------------------------------------------
  // graph: S/<path>, S/vNN.0/<path>, batch at S/ and S/vNN.0/

  const graph = async (req: FastifyRequest, reply: FastifyReply) => {
    const { pathname, query } = relative(req);
    const requestId = beginOutcome(req);
    state.countCall(req.method, pathname);
    await pause(state);
    const write = req.method !== 'GET';
    const spike = write ? state.takeLatencySpike() : 0;
    if (spike > 0) await sleep(spike);
    const fault = write ? state.takeWriteFault() : null;
    if (fault === 'error' || fault === 'drop') {
      state.counters.injectedErrors++;
      endOutcome(requestId, fault === 'drop' ? 0 : 500);
      if (fault === 'drop') return dropConnection(req, reply);
      const e = errors.injected();
      return json(reply, e.status, e.body());
    }
    const result = graphRequest(state, req, pathname, query);
    if (fault) {
      // applied (or refused) as usual, then the answer is lost: a 500 or no answer at all
      state.counters.injectedErrors++;
      endOutcome(requestId, result.status);
      if (fault === 'drop-after-apply') return dropConnection(req, reply);
      const e = errors.injected();
      return json(reply, e.status, e.body(), result.headers);
    }
    endOutcome(requestId, result.status);
    return json(reply, result.status, result.body, result.headers);
  };
  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/', handler: graph });
  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler: graph });
  app.route({ method: 'OPTIONS', url: '/*', handler: async (_req, reply) => reply.code(204).send() });
  app.route({ method: 'OPTIONS', url: '/', handler: async (_req, reply) => reply.code(204).send() });
}

function graphRequest(state: SandboxState, req: FastifyRequest, pathname: string, query: Record<string, string>): GraphReply {
  const segs = pathname.split('/').filter(Boolean);
  let version: string | null = null;
  if (segs[0] && VERSION_SEGMENT.test(segs[0])) {
    version = segs.shift()!;
    if (!isServed(state.served, version)) {
      // the platform's answer to a version past its end (docs/PLATFORM.md): #2635 naming the newest served
      const headers: Record<string, string> = {};
      usageHeaders(state, headers, null);
      return { status: 400, headers, body: deprecatedVersionBody(state.served), account: null };
    }
  }
  const body = bodyParams(req.body);
  const headerToken = authToken(req.headers.authorization);
  if (req.method === 'POST' && segs.length === 0 && (body.batch !== undefined || query.batch !== undefined)) {
    return runBatch(state, version, { ...query, ...body }, headerToken);
  }
  return runGraphCall(state, { method: req.method, version, path: segs.join('/'), query, body, headerToken });
}

function authToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(?:OAuth|Bearer)\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : null;
}

/** Closes the connection without an answer: the caller sees a network error (status 0). */
function dropConnection(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  req.raw.socket.destroy();
  return reply;
}

async function pause(state: SandboxState): Promise<void> {
  const ms = state.latency();
  if (ms > 0) await sleep(ms);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function driftView(state: SandboxState) {
  const d = state.drift;
  return d ? { everyS: d.everyS, seed: d.seed, ticks: d.ticks, nextAt: d.originMs + (d.ticks + 1) * d.everyS * 1000 } : { everyS: 0 };
}

function summary(state: SandboxState) {
  const d = state.data;
  return {
    seed: d.seed,
    scale: d.scale,
    hostile: d.hostile,
    counts: Object.assign({}, ...AREAS.map((a) => a.summary?.(d) ?? {})) as Record<string, number>,
    session: state.session,
    fixtures: d.fixtures,
  };
}
