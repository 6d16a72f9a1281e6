// The one answer shape of the API ({ status, code, info, data }) and the codes it uses (docs/INTERFACES.md section 3).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t, type Lang, type MessageKey } from './i18n';

export const Code = {
  OK: 20000,
  INVALID: 40000,
  BAD_CREDENTIALS: 40001,
  CODE_INVALID: 40002,
  CODE_TOO_MANY_ATTEMPTS: 40003,
  PASSWORD_MISMATCH: 40004,
  NOT_ACTIVATED: 40005,
  DEACTIVATED: 40006,
  EMAIL_TAKEN: 40007,
  MUST_AGREE: 40008,
  ALREADY_ACTIVE: 40009,
  MAIL_FAILED: 40010,
  /** login needs the unlock code mailed to the address (too many failed logins from many sources) */
  UNLOCK_REQUIRED: 40011,
  PROVIDER_UNAVAILABLE: 40020,
  ORDER_STATE: 40021,
  RECORD_TOO_LARGE: 40030,
  /** a cap on what a user keeps is reached (saved views: per list) */
  LIMIT_REACHED: 40031,
  /** a watch channel's test message could not be sent (the info says why) */
  DELIVERY_FAILED: 40040,
  FORBIDDEN: 40300,
  PLUGIN_DISABLED: 40301,
  /** the request names an organisation (x-tessera-org) the caller is not (or no longer) a member of */
  NOT_MEMBER: 40302,
  /** the caller's role in the organisation does not allow this (an owner or admin is needed) */
  ORG_ROLE: 40303,
  /** the organisation's action policy does not let the caller's role run this action */
  POLICY_DENIED: 40304,
  /** an organisation's endpoint was called without naming one (x-tessera-org) */
  NO_ORG: 40032,
  NOT_FOUND: 40400,
  RESOURCE_NOT_FOUND: 40401,
  CONFLICT: 40900,
  TOO_LARGE: 41300,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
  TOKEN_INVALID: 50008,
  LOGGED_IN_ELSEWHERE: 50012,
  SESSION_EXPIRED: 50014,
} as const;

export type Status = 1 | 0 | -1;

export interface Envelope<T = unknown> {
  status: Status;
  code: number;
  info: string;
  data: T;
}

const AUTH_CODES = new Set<number>([Code.TOKEN_INVALID, Code.LOGGED_IN_ELSEWHERE, Code.SESSION_EXPIRED]);

/** A refusal the client is meant to see: thrown anywhere in a request, answered as the envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly httpStatus = 200,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

export function ok<T>(lang: Lang, data: T): Envelope<T> {
  return { status: 1, code: Code.OK, info: t(lang, 'ok'), data };
}

export function rateLimited(seconds: number, key: MessageKey = 'rateLimited'): ApiError {
  const s = Math.max(1, Math.ceil(seconds));
  return new ApiError(Code.RATE_LIMITED, key, { seconds: s }, 429, { retryAfter: s }, { 'retry-after': String(s) });
}

interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** A readable one-line message for the first schema violation, in the request's language. */
export function describeValidation(lang: Lang, errors: AjvLikeError[]): string {
  const e = errors[0];
  if (!e) return t(lang, 'malformed');
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = e.keyword === 'required' ? [path, String(e.params.missingProperty ?? '')].filter(Boolean).join('.') : path;
  const leaf = field.split('.').pop() ?? '';
  if (!field) return t(lang, e.keyword === 'type' ? 'vBody' : 'vInvalid', { field: 'body' });
  if (e.keyword === 'required') return t(lang, 'vRequired', { field });
  if (e.keyword === 'type') return t(lang, 'vType', { field });
  if (leaf === 'email') return t(lang, 'vEmail');
  if (leaf === 'password' || leaf === 'confirmPassword') return t(lang, 'vPassword');
  if (leaf === 'code') return t(lang, 'vCode');
  switch (e.keyword) {
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems': return t(lang, 'vLength', { field });
    case 'enum': case 'const': return t(lang, 'vEnum', { field });
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum': return t(lang, 'vRange', { field });
    case 'pattern': case 'format': return t(lang, 'vFormat', { field });
    default: return t(lang, 'vInvalid', { field });
  }
}

/**
 * What of an unexpected error goes to the log: never a query's parameters (drizzle puts them in its
 * message), which may hold hashes of tokens and codes.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; message?: string; stack?: string; query?: string; params?: unknown; cause?: { message?: string; code?: string } };
  if (e && typeof e.query === 'string' && 'params' in e) {
    return { type: e.name, query: e.query, cause: e.cause?.message, dbCode: e.cause?.code };
  }
  return { type: e?.name, message: e?.message, stack: e?.stack };
}

function send(reply: FastifyReply, httpStatus: number, envelope: Envelope, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.code(httpStatus).type('application/json; charset=utf-8').send(envelope);
}

export function installEnvelopeHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    if (err instanceof ApiError) {
      const status: Status = AUTH_CODES.has(err.code) ? -1 : 0;
      return send(reply, err.httpStatus, { status, code: err.code, info: t(lang, err.key, err.params), data: err.data }, err.headers);
    }
    if (err.validation) {
      return send(reply, 400, { status: 0, code: Code.INVALID, info: t(lang, 'invalidRequest', { detail: describeValidation(lang, err.validation as AjvLikeError[]) }), data: null });
    }
    const statusCode = err.statusCode ?? 500;
    if (statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, { status: 0, code: Code.TOO_LARGE, info: t(lang, 'tooLarge'), data: null });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Unparsable JSON, an unsupported media type, a bad content-length, a poisoned prototype: all malformed.
      req.log.info({ reason: err.code, detail: err.message }, 'malformed request');
      return send(reply, 400, { status: 0, code: Code.INVALID, info: t(lang, 'malformed'), data: null });
    }
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return send(reply, 500, { status: 0, code: Code.INTERNAL, info: t(lang, 'internal'), data: null });
  });
}
