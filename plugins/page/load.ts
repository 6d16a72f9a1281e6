import { asPage, loaderError, ReplyChanged, sleep as defaultSleep, type Bridge, type Sleep } from '@kernel';
import { LIST_FIELDS, accountsPage, checkPages, pageGraph, type ListPage } from './api';
import type { Page } from './types';

/** 500 ms between pages of me/accounts, like the other lists (docs/SPEC.md section 16). */
export const PAGE_WAIT_MS = 500;

export interface LoadOptions {
  signal?: AbortSignal;
  sleep?: Sleep;
  onRows?: (rows: Page[]) => void;
  /** After each page: the page number and the rows so far (the progress toast). */
  onPage?: (page: number, rows: number) => void;
}

export interface LoadResult {
  rows: Page[];
  /** The token that answered: the user's, or the alternate one after the user's failed. */
  token: 'access_token' | 'access_token_alt';
  /** The error of the page that ended the list early (rows before it are kept), or null. */
  stoppedBy: Error | null;
}

/**
 * Every page of the session user: me/accounts 200 a page by next link. The first page is asked with the
 * user's token and, when an error comes back, once more with the alternate token, which then serves the
 * whole list. A later page that fails ends the list there (docs/SPEC.md: page pagination stops on the
 * first failed page): the rows read so far stay and the error is kept beside them.
 */
export async function loadPages(bridge: Bridge, o: LoadOptions = {}): Promise<LoadResult> {
  const sleep = o.sleep ?? defaultSleep;
  const rows = new Map<string, Page>();
  let token: LoadResult['token'] = 'access_token';
  let first: ListPage;
  try {
    first = await accountsPage(bridge, null, token, o);
  } catch (e) {
    // a reply without the fields the list relies on: the other token would not change it
    if (o.signal?.aborted || e instanceof ReplyChanged) throw e;
    token = 'access_token_alt';
    try {
      first = await accountsPage(bridge, null, token, o);
    } catch (again) {
      if (o.signal?.aborted) throw again;
      throw loaderError(again, e);
    }
  }
  let page = 1;
  const take = (p: ListPage) => {
    for (const r of p.rows) rows.set(r.id, r);
    o.onPage?.(page, rows.size);
    o.onRows?.([...rows.values()]);
  };
  take(first);
  let next = first.next;
  while (next) {
    await sleep(PAGE_WAIT_MS, o.signal);
    page += 1;
    let p: ListPage;
    try {
      p = await accountsPage(bridge, next, token, o);
    } catch (e) {
      if (o.signal?.aborted || e instanceof ReplyChanged) throw e;
      return { rows: [...rows.values()], token, stoppedBy: loaderError(e) };
    }
    take(p);
    next = p.next;
  }
  return { rows: [...rows.values()], token, stoppedBy: null };
}

/** How many pages a re-read asks at once, and past how many touched pages reading the list is cheaper. */
const REREAD_PARALLEL = 4;
export const REREAD_MAX = 200;

/**
 * The pages a job touched, read again one by one (GET {page-id} with the list's fields, each reply
 * scrubbed like the list's, page tokens included) instead of the whole list: with the user's token,
 * else the alternate one. A page that cannot be read (deleted, out of reach) keeps its row as it was.
 * Past REREAD_MAX pages, me/accounts is read again (at 200 a page that is fewer calls).
 */
export async function rereadPages(bridge: Bridge, ids: readonly string[], o: LoadOptions = {}): Promise<Page[]> {
  if (ids.length > REREAD_MAX) return (await loadPages(bridge, { signal: o.signal, sleep: o.sleep })).rows;
  const fresh: Page[] = [];
  const queue = [...ids];
  const readOne = async (id: string): Promise<Page | null> => {
    for (const token of ['access_token', 'access_token_alt'] as const) {
      try {
        const p = await pageGraph<Page>(bridge, 'GET', asPage(id), { fields: LIST_FIELDS }, token, o);
        if (p && typeof p === 'object' && p.id) return { ...checkPages<Page>([p])[0], id: String(p.id) };
      } catch (e) {
        if (o.signal?.aborted || e instanceof ReplyChanged) throw e;
      }
    }
    return null;
  };
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const p = await readOne(id);
      if (p) fresh.push(p);
    }
  };
  await Promise.all(Array.from({ length: Math.min(REREAD_PARALLEL, queue.length) }, worker));
  return fresh;
}
