import { clearCached, type KernelStore } from '@kernel';

/** The area's list caches (12 hours, like every list): the ad posts, and comments per set of posts. */
export const POSTS_KEY = 'adcomment:posts';
export const COMMENTS_PREFIX = 'adcomment:comments:';

/** A short stable key for a set of post ids. */
export function commentsKey(postIds: readonly string[]): string {
  const text = [...postIds].sort().join(',');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  return `${COMMENTS_PREFIX}${postIds.length}:${(h >>> 0).toString(36)}`;
}

/** Forgets the cached comment lists (after a job changed comments), but `keep` (the list reloading itself). */
export function forgetComments(store: KernelStore, keep?: string): void {
  for (const key of store.getRowIds('cache')) if (key.startsWith(COMMENTS_PREFIX) && key !== keep) clearCached(store, key);
}
