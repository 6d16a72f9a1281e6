import { GraphError, loaderError, pixelCursor, sleep as defaultSleep, type Bridge, type Sleep } from '@kernel';
import { myBusinesses, signalsPage, type MyBusiness } from './api';
import { preferOwner, toPixel, type DataSource } from './rules';
import type { Pixel } from './types';

/** 500 ms between the pages of one business's list (docs/PLATFORM.md section 10.1). */
export const PAGE_WAIT_MS = 500;
/** 200 ms after each business's list, like the business list's pacing. */
export const BUSINESS_WAIT_MS = 200;
/** A business's list stops after this many pages whatever the cursor says. */
export const MAX_PAGES = 200;

export interface LoadOptions {
  signal?: AbortSignal;
  sleep?: Sleep;
  /** Rows per `me/signals` page (the platform's own size when unset). */
  pageSize?: number;
  onRows?: (rows: Pixel[]) => void;
  onProgress?: (p: { page: number; rows: number; done: number; total: number }) => void;
}

/** Every data source of one business, by cursor key until it is missing or COMPLETED. */
export async function businessPixels(bridge: Bridge, business: MyBusiness, mine: ReadonlySet<string>, o: LoadOptions & { onPage?: (rows: Pixel[]) => void } = {}): Promise<Pixel[]> {
  return pixelCursor<Pixel>(async (cursor) => {
    const page = await signalsPage(bridge, business.id, cursor, { signal: o.signal, limit: o.pageSize });
    const rows = (page.data_sources as DataSource[]).map((s) => toPixel(s, business, mine)).filter((p) => p.id !== '');
    o.onPage?.(rows);
    const key = page.pixel_cursor_key;
    return { items: rows, cursor: key, status: key === 'COMPLETED' ? 'COMPLETED' : undefined };
  }, { waitMs: PAGE_WAIT_MS, maxPages: MAX_PAGES, signal: o.signal, sleep: o.sleep ?? defaultSleep });
}

/**
 * The pixel list by business: the operator's businesses (`me/businesses`), then `me/signals` for each,
 * page by page. Rows stream out as pages land; a pixel reached through two businesses is one row.
 * A business whose list is refused is skipped (its pixels are not the operator's to list); any
 * other failure ends the load with the platform's message.
 */
export async function loadPixels(bridge: Bridge, o: LoadOptions = {}): Promise<Pixel[]> {
  const sleep = o.sleep ?? defaultSleep;
  const rows = new Map<string, Pixel>();
  const emit = () => o.onRows?.([...rows.values()]);
  try {
    const businesses = await myBusinesses(bridge, { signal: o.signal });
    const mine = new Set(businesses.map((b) => b.id));
    let page = 0;
    let done = 0;
    for (const business of businesses) {
      try {
        await businessPixels(bridge, business, mine, {
          ...o, sleep,
          onPage: (found) => {
            page += 1;
            for (const p of found) {
              const before = rows.get(p.id);
              rows.set(p.id, before ? preferOwner(before, p) : p);
            }
            o.onProgress?.({ page, rows: rows.size, done, total: businesses.length });
            emit();
          },
        });
      } catch (e) {
        if (o.signal?.aborted) throw e;
        if (!(e instanceof GraphError) || (e.code !== 100 && e.code !== 200)) throw e;
      }
      done += 1;
      o.onProgress?.({ page, rows: rows.size, done, total: businesses.length });
      await sleep(BUSINESS_WAIT_MS, o.signal);
    }
    emit();
    return [...rows.values()];
  } catch (e) {
    if (o.signal?.aborted) throw e;
    throw loaderError(e);
  }
}
