/**
 * What the dry run says about a comment before anything is sent (`describe`, in the operator's words)
 * and what the list's data already shows (`preflight`): already hidden, the page does not allow it.
 */
import type { JobItem, PreflightProblem } from '@kernel';
import type { AdComment } from './types';

/** A comment as the list publishes it with its selection (views/CommentList.tsx `toItem`). */
export interface CommentItem extends JobItem {
  page_id?: string;
  post_id?: string;
  message?: string;
  from_name?: string;
  is_hidden?: boolean;
  can_hide?: boolean;
  can_remove?: boolean;
}

export const toItem = (c: AdComment): CommentItem => {
  const item: CommentItem = {
    id: c.id, page_id: c.page_id, post_id: c.post_id, message: c.message.slice(0, 120), from_name: c.from_name,
    is_hidden: c.is_hidden, can_hide: c.can_hide, can_remove: c.can_remove,
  };
  // what the jobs panel and the dry run name the comment by ("“text” — author"), never its id alone
  return { ...item, name: commentName(item) };
};

/** The comment as the dry run names it: "“text” by Name". Platform text: the dialog renders it as text. */
export function commentName(item: CommentItem): string {
  const text = (item.message ?? '').replace(/\s+/g, ' ').trim();
  const short = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return `“${short || item.id}”${item.from_name ? ` — ${item.from_name}` : ''}`;
}

/** The page of a comment item: its own field, else the post id's first part. */
export function pageOf(item: CommentItem): string {
  return item.page_id || (item.post_id ?? '').split('_')[0] || '';
}

export function commentProblem(item: CommentItem, op: 'hide' | 'unhide' | 'delete'): PreflightProblem | null {
  if (!/^\d+_\d+$/.test(item.id)) return { key: 'preflight.notComment', values: { id: item.id } };
  if (!pageOf(item)) return { key: 'preflight.noPage', values: { comment: commentName(item) } };
  if (op === 'delete' && item.can_remove === false) return { key: 'preflight.cannotRemove', values: { comment: commentName(item) } };
  if (op !== 'delete' && item.can_hide === false) return { key: 'preflight.cannotHide', values: { comment: commentName(item) } };
  if (op === 'hide' && item.is_hidden === true) return { key: 'preflight.alreadyHidden', values: { comment: commentName(item) } };
  if (op === 'unhide' && item.is_hidden === false) return { key: 'preflight.notHidden', values: { comment: commentName(item) } };
  return null;
}
