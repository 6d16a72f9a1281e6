/**
 * The area's list loaders: the posts behind the session's ads, and the comments of some posts (of
 * every ad post when none are named), streamed as pages arrive.
 */
import type { Bridge, ListProgress, Sleep } from '@kernel';
import { loadAdPosts, readComments } from './api';
import type { AdComment } from './types';

export { loadAdPosts };

export interface CommentLoad {
  postIds?: readonly string[];
  signal?: AbortSignal;
  sleep?: Sleep;
  onRows?: (rows: AdComment[]) => void;
  onProgress?: (p: ListProgress) => void;
}

export async function loadComments(bridge: Bridge, o: CommentLoad = {}): Promise<AdComment[]> {
  const postIds = o.postIds ?? (await loadAdPosts(bridge, { signal: o.signal, sleep: o.sleep })).map((p) => p.id);
  const rows: AdComment[] = [];
  let done = 0;
  for (const id of postIds) {
    await readComments(bridge, id, { signal: o.signal, sleep: o.sleep, onPage: (page) => { rows.push(...page); o.onRows?.([...rows]); } });
    done += 1;
    o.onProgress?.({ pages: done, rows: rows.length, detailsDone: done, detailsTotal: postIds.length });
  }
  return rows;
}
