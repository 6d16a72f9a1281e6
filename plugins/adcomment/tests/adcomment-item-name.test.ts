// Issue 31: a comment in the jobs panel reads as its text and author, not as its id.
import { describe, expect, it } from 'vitest';
import { toItem } from '../checks';
import { itemText, itemWords } from '../../../src/kernel/runner/results';
import type { AdComment } from '../types';

const comment = {
  id: '111_222', post_id: '100_111', page_id: '100', message: 'Where  can I\nbuy this?', from_id: '9', from_name: 'Ana',
  created_time: '2026-01-01T00:00:00+0000', image: null, link: null, is_hidden: false, can_hide: true, can_remove: true,
} as unknown as AdComment;

describe('a comment as a job item', () => {
  it('carries its text and author as its name, which the jobs panel shows before the id', () => {
    const item = toItem(comment);
    expect(item.name).toBe('“Where can I buy this?” — Ana');
    const words = itemWords({ item: JSON.stringify(item), itemId: item.id });
    expect(words).toEqual({ name: '“Where can I buy this?” — Ana', id: '111_222', pair: '' });
    expect(itemText(words)).not.toContain('111_222');
  });
});
