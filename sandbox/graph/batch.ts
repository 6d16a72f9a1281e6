// The batch endpoint (docs/PLATFORM.md section 3): `POST /` or `/vNN.0/` with form field `batch`, a
// JSON array of at most 50 `{ method, relative_url, body? }`; the answer is an array in request
// order of `{ code, headers, body }` with the body as a JSON string.
import { GraphError } from '../errors';
import type { SandboxState } from '../state';
import type { Params } from './core';
import { runGraphCall, tokenOk, usageHeaders, type GraphReply } from './dispatch';
import { parseForm } from '../form';
import { VERSION_SEGMENT, deprecatedVersionBody, isServed } from '../switches';

export const MAX_BATCH = 50;

interface Entry {
  method?: unknown;
  relative_url?: unknown;
  body?: unknown;
  name?: unknown;
}

export interface BatchItem {
  code: number;
  headers?: { name: string; value: string }[];
  body: string;
}

export function runBatch(state: SandboxState, version: string | null, params: Params, headerToken: string | null): GraphReply {
  const headers: Record<string, string> = {};
  const fail = (e: GraphError): GraphReply => {
    Object.assign(headers, e.extra.headers ?? {});
    usageHeaders(state, headers, null);
    return { status: e.status, headers, body: e.body(), account: null };
  };
  const token = headerToken ?? params.access_token ?? null;
  if (!tokenOk(state, token)) {
    return fail(new GraphError(400, 190, 'Invalid OAuth access token - Cannot parse access token'));
  }
  let entries: unknown;
  try {
    entries = JSON.parse(params.batch ?? '');
  } catch {
    return fail(new GraphError(400, 100, '(#100) The parameter batch must be a JSON array'));
  }
  if (!Array.isArray(entries)) return fail(new GraphError(400, 100, '(#100) The parameter batch must be a JSON array'));
  if (entries.length === 0) return fail(new GraphError(400, 100, '(#100) The batch must contain at least one request'));
  if (entries.length > MAX_BATCH) {
    return fail(new GraphError(400, 100, `(#100) Too many requests in batch message. Maximum batch size is ${MAX_BATCH}`));
  }
  const includeHeaders = params.include_headers !== 'false';
  state.counters.batches++;
  state.counters.batchEntries += entries.length;
  const touched = new Set<string>();
  const out: BatchItem[] = (entries as Entry[]).map((entry) => {
    const reply = runEntry(state, version, entry, token);
    if (reply.account) touched.add(reply.account);
    const item: BatchItem = { code: reply.status, body: JSON.stringify(reply.body) };
    if (includeHeaders) {
      item.headers = [
        { name: 'Content-Type', value: 'application/json; charset=UTF-8' },
        ...Object.entries(reply.headers).map(([name, value]) => ({ name: headerName(name), value })),
      ];
    }
    return item;
  });
  usageHeaders(state, headers, [...touched]);
  return { status: 200, headers, body: out, account: null };
}

function runEntry(state: SandboxState, batchVersion: string | null, entry: Entry, token: string | null): GraphReply {
  if (!entry || typeof entry !== 'object' || typeof entry.relative_url !== 'string') {
    const e = new GraphError(400, 100, '(#100) Each batch request must have a relative_url');
    return { status: e.status, headers: {}, body: e.body(), account: null };
  }
  const method = typeof entry.method === 'string' ? entry.method.toUpperCase() : 'GET';
  const rel = entry.relative_url.replace(/^\/+/, '');
  const q = rel.indexOf('?');
  let path = q >= 0 ? rel.slice(0, q) : rel;
  const query: Params = q >= 0 ? parseForm(rel.slice(q + 1)) : {};
  let version = batchVersion;
  const first = path.split('/')[0]!;
  if (VERSION_SEGMENT.test(first)) {
    // an entry naming a version the platform no longer serves fails alone, as #2635
    if (!isServed(state.served, first)) return { status: 400, headers: {}, body: deprecatedVersionBody(state.served), account: null };
    version = first;
    path = path.slice(first.length + 1);
  }
  let body: Params = {};
  if (typeof entry.body === 'string') body = parseForm(entry.body);
  else if (entry.body && typeof entry.body === 'object') {
    body = Object.fromEntries(Object.entries(entry.body as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }
  const ownToken = query.access_token ?? body.access_token;
  return runGraphCall(state, { method, version, path, query, body, headerToken: ownToken ? null : token });
}

function headerName(name: string): string {
  return name.split('-').map((w) => (w === 'x' ? 'X' : w.charAt(0).toUpperCase() + w.slice(1))).join('-');
}
