import type { Bridge, Params } from '../bridge/bridge';
import { GraphError } from '../bridge/bridge';
import { sleep as defaultSleep, type Sleep } from './sleep';

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface PagingOptions {
  /** Wait between pages (the spec's 500 ms for lists). */
  waitMs?: number;
  maxPages?: number;
  signal?: AbortSignal;
  sleep?: Sleep;
  /** Called after each page: page number (1-based) and rows so far — the progress toast reads it. */
  onPage?: (page: number, rows: number) => void;
}

/**
 * Next-link paging: follows `paging.next` until there is none. Fewer rows than the limit does not
 * end the list (docs/PLATFORM.md section 2); an empty page with a next link goes on.
 */
export async function* followNextLinks<T>(bridge: Bridge, path: string, params: Params, o: PagingOptions = {}): AsyncGenerator<T[], void> {
  const { waitMs = 500, maxPages = 10_000, signal, sleep = defaultSleep, onPage } = o;
  let url: string | undefined = path;
  let first = true;
  let rows = 0;
  for (let page = 1; url && page <= maxPages; page++) {
    if (!first) await sleep(waitMs, signal);
    const { body }: { body: GraphPage<T> } = await bridge.graph<GraphPage<T>>({ path: url, params: first ? params : undefined }, { signal });
    first = false;
    const data = Array.isArray(body?.data) ? body.data : [];
    rows += data.length;
    onPage?.(page, rows);
    yield data;
    url = body?.paging?.next;
  }
}

/** Cursor paging (`after`): asks for the next page with the last page's `after` cursor. */
export async function* cursorPages<T>(bridge: Bridge, path: string, params: Params, o: PagingOptions = {}): AsyncGenerator<T[], void> {
  const { waitMs = 500, maxPages = 10_000, signal, sleep = defaultSleep, onPage } = o;
  let after: string | undefined;
  let rows = 0;
  for (let page = 1; page <= maxPages; page++) {
    if (page > 1) await sleep(waitMs, signal);
    const { body } = await bridge.graph<GraphPage<T>>({ path, params: { ...params, after } }, { signal });
    const data = Array.isArray(body?.data) ? body.data : [];
    rows += data.length;
    onPage?.(page, rows);
    yield data;
    const next = body?.paging?.cursors?.after;
    if (!body?.paging?.next || !next) return;
    after = next;
  }
}

export interface AssetPage<T> { items: T[]; hasNextPage: boolean; endCursor: string | null | undefined }

/**
 * The asset-list rule: stop on no next page, a missing end cursor, or a cursor that does not
 * advance — which is retried once after a delay, then the list stops — or at the maximum page count
 * (200 pages of 200, 500 ms apart).
 */
export async function assetList<T>(fetchPage: (cursor: string | null) => Promise<AssetPage<T>>, o: PagingOptions & { retryDelayMs?: number } = {}): Promise<T[]> {
  const { waitMs = 500, maxPages = 200, signal, sleep = defaultSleep, onPage, retryDelayMs = 1000 } = o;
  const all: T[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= maxPages; page++) {
    if (page > 1) await sleep(waitMs, signal);
    let result = await fetchPage(cursor);
    if (result.hasNextPage && result.endCursor && result.endCursor === cursor) {
      await sleep(retryDelayMs, signal);
      result = await fetchPage(cursor);
      if (result.endCursor === cursor) {
        all.push(...result.items);
        onPage?.(page, all.length);
        return all;
      }
    }
    all.push(...result.items);
    onPage?.(page, all.length);
    if (!result.hasNextPage || !result.endCursor) return all;
    cursor = result.endCursor;
  }
  return all;
}

export interface PixelPage<T> { items: T[]; cursor: string | null | undefined; status?: string }

/** The pixel cursor: stops when the cursor is missing or the status reads COMPLETED. */
export async function pixelCursor<T>(fetchPage: (cursor: string | null) => Promise<PixelPage<T>>, o: PagingOptions = {}): Promise<T[]> {
  const { waitMs = 500, maxPages = 1000, signal, sleep = defaultSleep, onPage } = o;
  const all: T[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= maxPages; page++) {
    if (page > 1) await sleep(waitMs, signal);
    const result = await fetchPage(cursor);
    all.push(...result.items);
    onPage?.(page, all.length);
    if (!result.cursor || result.status === 'COMPLETED') return all;
    cursor = result.cursor;
  }
  return all;
}

/**
 * Page pagination: pages 1, 2, … until one comes back short or fails; a failed page ends the list
 * (what was loaded so far is kept, and the error is reported alongside).
 */
export async function pagedUntilFailure<T>(fetchPage: (page: number) => Promise<T[]>, o: PagingOptions & { pageSize: number }): Promise<{ items: T[]; error: GraphError | Error | null }> {
  const { waitMs = 500, maxPages = 200, signal, sleep = defaultSleep, onPage, pageSize } = o;
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    if (page > 1) await sleep(waitMs, signal);
    let rows: T[];
    try {
      rows = await fetchPage(page);
    } catch (e) {
      return { items, error: e as Error };
    }
    items.push(...rows);
    onPage?.(page, items.length);
    if (rows.length < pageSize) break;
  }
  return { items, error: null };
}

/** Collects an async generator of pages into one list. */
export async function collect<T>(pages: AsyncGenerator<T[], void>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}
