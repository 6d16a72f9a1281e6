import { REFUSED_PREFIX } from '../../../protocol';
import { getItem } from '../storage';
import { REFUSED_TEXT } from './refused-text';

/**
 * The one error extractor of docs/SPEC.md section 15: the first present of errorSummary, errorDescription,
 * the error's user message, its user title, its message, or the description of the first of errors.
 * Works on a platform reply body (object or JSON text) and on the web endpoints' shapes.
 */
export function extractErrorMessage(reply: unknown): string | null {
  const body = parseMaybeJson(reply);
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const error = (typeof b.error === 'object' && b.error !== null ? b.error : {}) as Record<string, unknown>;
  const errors = Array.isArray(b.errors) ? (b.errors as Record<string, unknown>[]) : [];
  const candidates = [
    b.errorSummary,
    b.errorDescription,
    error.error_user_msg,
    error.error_user_title,
    error.message,
    errors[0]?.description ?? errors[0]?.message,
  ];
  for (const c of candidates) if (typeof c === 'string' && c.trim()) return c.trim();
  return null;
}

/** The platform's numeric error fields, when the reply has them. */
export function extractErrorCodes(reply: unknown): { code?: number; subcode?: number; isTransient?: boolean } {
  const body = parseMaybeJson(reply) as { error?: { code?: unknown; error_subcode?: unknown; is_transient?: unknown } } | null;
  const e = body && typeof body === 'object' ? body.error : undefined;
  if (!e || typeof e !== 'object') return {};
  return {
    code: typeof e.code === 'number' ? e.code : undefined,
    subcode: typeof e.error_subcode === 'number' ? e.error_subcode : undefined,
    isTransient: typeof e.is_transient === 'boolean' ? e.is_transient : undefined,
  };
}

function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // The web endpoints prefix JSON with `for (;;);` to stop script inclusion.
  const text = value.replace(/^for \(;;\);/, '').trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The error text of a bridge reply, for the operator: a refusal of the executor (`refused: <reason>`,
 * docs/INTERFACES.md section 4) in the operator's language, with the technical reason kept; any other
 * text as it is.
 */
export function bridgeErrorText(error: string | undefined): string | undefined {
  if (!error?.startsWith(REFUSED_PREFIX)) return error;
  const reason = error.slice(REFUSED_PREFIX.length);
  return REFUSED_TEXT[getItem('arco-locale') === 'en-US' ? 'en-US' : 'zh-CN'].replace('{{reason}}', reason);
}
