// Builds the product server: API under /api, the graph sandbox hook, the built app. Tests call
// buildApp() and use app.inject(); server/main.ts adds listen() and the start-up lines.
import Fastify, { type FastifyInstance, type FastifySchemaValidationError } from 'fastify';
import helmet from '@fastify/helmet';
import { Ajv } from 'ajv';
import { checkConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db';
import { ApiError, Code, installEnvelopeHandlers, loggableError, type Envelope } from './envelope';
import { sweep, SWEEP_EVERY_MS } from './housekeeping';
import { pickLang, t } from './i18n';
import { createMailer, type Mailer } from './mail';
import { RateLimiter } from './rate-limit';
import { createPaymentRegistry } from './payments';
import { authenticate, rotateSession, tokenFromHeader } from './auth/sessions';
import { resolveOrgScope } from './org/scope';
import { seed } from './seed';
import { bootstrapRoutes, prepareBootstrapToken } from './bootstrap';
import { installDemoGuard } from './demo-guard';
import { mountApp, readWebVersion } from './static';
import type { AppContext } from './context';
import { readCacheFor, watchWrites } from './read-cache';
import { accountRoutes } from './routes/account';
import { userRoutes } from './routes/user';
import { sessionRoutes } from './routes/sessions';
import { runtimeRoutes } from './routes/runtime';
import { messageRoutes } from './routes/messages';
import { recordRoutes } from './routes/records';
import { jobRoutes } from './routes/jobs';
import { viewRoutes } from './routes/views';
import { libraryRoutes } from './routes/library';
import { watchRoutes } from './routes/watch';
import { orgRoutes } from './routes/org';
import { auditRoutes } from './routes/audit';
import { payRoutes } from './routes/pay';
import { adminRoutes } from './routes/admin/index';
import { graphqlDocRoutes } from './routes/graphql-docs';
import { approvalRoutes } from './routes/approvals';
import { startOutboxWorker } from './watch/outbox';

export interface BuildOptions {
  /** an open, migrated database to use instead of opening one (it is then not closed with the app) */
  database?: Database;
  /** where the JSON log lines go (default: stdout) */
  logStream?: NodeJS.WritableStream;
  /** replaces the mailer chosen from SMTP_URL */
  mailer?: Mailer;
  /**
   * Gets the one-time bootstrap token made at start (no admin, no TESSERA_ADMIN_EMAIL, demo mode off);
   * default: printed on the console (never into the JSON log).
   */
  onBootstrapToken?: (token: string) => void;
}

export function printBootstrapToken(token: string): void {
  console.log([
    '',
    '  There is no admin yet and TESSERA_ADMIN_EMAIL is not set. To become the first admin, sign in and call',
    `    POST /api/admin/bootstrap  {"token": "${token}"}`,
    '  This token works once and only until the next start (a new one is made while no admin exists).',
    '',
  ].join('\n'));
}

export function contentSecurityPolicy(config: ServerConfig, extra: { scriptSrc?: string[]; connectSrc?: string[]; frameSrc?: string[] }[] = []) {
  const more = (key: 'scriptSrc' | 'connectSrc' | 'frameSrc') => extra.flatMap((e) => e[key] ?? []);
  const wsOrigin = config.websocketUrl ? [new URL(config.websocketUrl).origin.replace(/^http/, 'ws')] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...more('scriptSrc')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'chrome-extension:', ...wsOrigin, ...more('connectSrc')],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: more('frameSrc').length ? more('frameSrc') : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

const MAX_DEPTH = 32;

/** Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (not valid Unicode; jsonb refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The path of the first thing in the input no route accepts, else null: text PostgreSQL cannot store
 * (unstorable) or nesting deeper than MAX_DEPTH. Iterative, so no input can exhaust the stack.
 */
function findUnacceptable(root: unknown): string | null {
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return path;
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) return `${path}/${key.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD').replace(/\u0000/g, '')}`;
        stack.push([item, `${path}/${key}`, depth + 1]);
      }
    }
  }
  return null;
}

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/** A schema validator that also refuses NUL characters and absurd nesting anywhere in the input. */
function strict(validate: Validator): Validator {
  const wrapped: Validator = (data) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    const path = findUnacceptable(data);
    if (path === null) return true;
    wrapped.errors = [{ keyword: 'pattern', instancePath: path, schemaPath: '#/strict', params: {}, message: 'not acceptable' }];
    return false;
  };
  return wrapped;
}

function isEnvelope(payload: unknown): payload is Envelope {
  return typeof payload === 'object' && payload !== null && 'status' in payload && 'code' in payload;
}

/** A registered route as the fuzz test (tests/server/suite/fuzz.ts) walks them. */
export interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  auth: string;
}

const registeredRoutes = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Every route the app registered (its methods, path, schemas and auth mode). */
export function routesOf(app: FastifyInstance): RouteInfo[] {
  return registeredRoutes.get(app) ?? [];
}

export async function buildApp(config: ServerConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  checkConfig(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // fastify's request log holds no headers or bodies; should one ever be logged, these paths are blanked.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers.authorization', '*.password', '*.confirmPassword', '*.code', '*.token'], censor: '[redacted]' },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A path the router refuses before any route (a path parameter over 100 characters: 414, an
    // undecodable one: 400) is answered in the envelope like every other refusal.
    frameworkErrors: (error, req, reply) => {
      const envelope: Envelope<null> = { status: 0, code: Code.INVALID, info: t(pickLang(req.headers['accept-language']), 'malformed'), data: null };
      void (reply as unknown as { code(status: number): { send(body: unknown): unknown } }).code(error.statusCode === 414 ? 414 : 400).send(envelope);
    },
  });

  // JSON as fastify parses it (prototype poisoning refused), except that an empty body is no body: a
  // client may send the JSON content type on a POST without payload (logout, info, menu).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.length === 0) done(null, undefined);
    else jsonParser(req, body as string, done);
  });

  // Bodies are checked as sent (no coercion); query strings arrive as text and are coerced.
  const bodyAjv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
  const queryAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
  app.setValidatorCompiler(({ schema, httpPart }) => strict((httpPart === 'body' ? bodyAjv : queryAjv).compile(schema)));
  installEnvelopeHandlers(app);
  const routeList: RouteInfo[] = [];
  registeredRoutes.set(app, routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({ method, url: route.url, schema: route.schema as RouteInfo['schema'], auth: String((route.config as { auth?: string } | undefined)?.auth ?? 'none') });
    }
  });

  const database = opts.database ?? await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log, clock: config.clock });
  app.addHook('onClose', async () => {
    mailer.close();
    if (!opts.database) await database.close();
  });

  const payments = createPaymentRegistry(config);
  const readCache = readCacheFor(database.db);
  const ctx: AppContext = {
    config,
    db: watchWrites(database.db, () => readCache.clear()),
    readCache,
    dbKind: database.kind,
    now: () => new Date(config.clock()),
    mailer,
    // kept in the database, so every instance on it counts the same (server/rate-limit.ts)
    limits: {
      loginPerEmail: new RateLimiter(database.db, 'login', config.rateLimits.loginPerEmail, config.clock),
      loginPerIp: new RateLimiter(database.db, 'login-ip', config.rateLimits.loginPerIp, config.clock),
      loginSoft: new RateLimiter(database.db, 'login-soft', config.rateLimits.loginSoft, config.clock),
      authPerIp: new RateLimiter(database.db, 'auth-ip', config.rateLimits.authPerIp, config.clock),
      perUser: {
        visits: new RateLimiter(database.db, 'visits', { limit: config.userLimits.visits.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
        records: new RateLimiter(database.db, 'records', { limit: config.userLimits.records.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
        orders: new RateLimiter(database.db, 'orders', { limit: config.userLimits.orders.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
        jobRecords: new RateLimiter(database.db, 'job-records', { limit: config.userLimits.jobRecords.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
        watchSnapshots: new RateLimiter(database.db, 'watch-snapshots', { limit: config.userLimits.watchSnapshots.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
        watchTests: new RateLimiter(database.db, 'watch-tests', { limit: config.userLimits.watchTests.perMinute, windowMs: 60_000, blockMs: 0 }, config.clock),
      },
    },
    payments,
    webVersion: readWebVersion(config.distDir, config.packageJsonPath),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);
  app.decorateRequest('org', null);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, payments.list().flatMap((p) => (p.csp ? [p.csp] : []))) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // Served over plain HTTP on loopback by default; a TLS-terminating proxy in front adds HSTS.
    hsts: false,
  });

  installDemoGuard(app, config);
  app.addHook('onRequest', async (req) => {
    req.lang = pickLang(req.headers['accept-language']);
    const mode = req.routeOptions.config?.auth ?? 'none';
    if (mode === 'none') return;
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) throw new ApiError(Code.TOKEN_INVALID, 'tokenFailed');
    req.auth = await authenticate(ctx, token);
    if (mode === 'admin' && req.auth.user.role !== 'admin') throw new ApiError(Code.FORBIDDEN, 'forbidden');
    req.org = await resolveOrgScope(ctx, req, req.auth.user.id);
  });

  // A token older than 7 days is replaced on its next successful answer (docs/INTERFACES.md section 3).
  app.addHook('preSerialization', async (req, reply, payload) => {
    const auth = req.auth;
    if (!auth?.rotate || !isEnvelope(payload) || payload.status !== 1) return payload;
    auth.rotate = false;
    const token = await rotateSession(ctx, auth);
    if (!token) return payload;
    reply.header('authorization', `Bearer ${token}`);
    return { ...payload, status: -1 };
  });

  for (const routes of [runtimeRoutes, accountRoutes, userRoutes, sessionRoutes, messageRoutes, recordRoutes, jobRoutes, auditRoutes, viewRoutes, libraryRoutes, watchRoutes, orgRoutes, payRoutes, adminRoutes, bootstrapRoutes, graphqlDocRoutes]) await routes(app);
  await approvalRoutes(app);

  await seed(ctx);
  const bootstrapToken = await prepareBootstrapToken(ctx);
  if (bootstrapToken) {
    app.log.warn('no admin and no TESSERA_ADMIN_EMAIL: a one-time bootstrap token was printed on the console (POST /api/admin/bootstrap)');
    (opts.onBootstrapToken ?? printBootstrapToken)(bootstrapToken);
  }
  await sweep(ctx);
  const sweeper = setInterval(() => {
    sweep(ctx).catch((err: unknown) => app.log.warn({ err: loggableError(err) }, 'housekeeping failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  // alert messages due in the outbox, also those a stopped instance left (server/watch/outbox.ts)
  ctx.watchOutbox = startOutboxWorker(ctx, app.log);
  app.addHook('preClose', async () => ctx.watchOutbox?.stop());
  if (config.demo && config.mountDemoGraph) await config.mountDemoGraph(app);
  await mountApp(app, config.distDir);
  return app;
}
