// Reply helpers of the web side (forms answer `for (;;);{…}` JavaScript, pages HTML), shared by the
// core's router and the areas' web routes.
import type { GraphError } from '../errors';

export interface WebReply {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  body: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const JS_TYPE = 'application/x-javascript; charset=utf-8';

/** a form's answer: the platform's script-inclusion guard, then the payload */
export function formReply(payload: Record<string, unknown>): WebReply {
  return { status: 200, headers: {}, contentType: JS_TYPE, body: `for (;;);${JSON.stringify({ __ar: 1, payload, lid: lid() })}` };
}

export function formError(e: GraphError): string {
  const err = e.body().error;
  return `for (;;);${JSON.stringify({
    __ar: 1, error: err.code, errorSummary: err.error_user_title ?? 'Sorry, something went wrong',
    errorDescription: err.error_user_msg ?? err.message, isNotCritical: false, payload: null, transientError: err.is_transient, lid: lid(),
  })}`;
}

export function htmlReply(title: string, body: string): WebReply {
  return { status: 200, headers: {}, contentType: HTML_TYPE, body: htmlPage(title, body) };
}

export function notFound(): WebReply {
  return { status: 404, headers: {}, contentType: HTML_TYPE, body: htmlPage('Page not found', '<p>This page isn\'t available.</p>') };
}

export function htmlPage(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function lid(): string {
  return String(7_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));
}
