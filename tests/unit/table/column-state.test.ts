import { describe, expect, it } from 'vitest';
import {
  columnStateKey,
  loadColumnState,
  resolveColumnState,
  saveColumnState,
} from '../../../src/kernel/table/column-state';

const columns = [{ id: 'a' }, { id: 'b' }, { id: 'c', hiddenByDefault: true }];

describe('column state persistence', () => {
  it('round-trips under tessera:table:<viewId>', () => {
    saveColumnState('v1', { visibility: { a: false }, order: ['b', 'a'], pageSize: 50 });
    expect(columnStateKey('v1')).toBe('tessera:table:v1');
    expect(JSON.parse(window.localStorage.getItem('tessera:table:v1') ?? '')).toEqual({
      version: 1,
      visibility: { a: false },
      order: ['b', 'a'],
      pageSize: 50,
    });
    expect(loadColumnState('v1')).toEqual({ visibility: { a: false }, order: ['b', 'a'], pageSize: 50 });
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['another version', '{"version":99,"visibility":{"a":false},"order":[]}'],
    ['no version', '{"visibility":{"a":false}}'],
  ])('falls back to defaults for %s', (_label, raw) => {
    window.localStorage.setItem('tessera:table:bad', raw);
    expect(loadColumnState('bad')).toEqual({ visibility: {}, order: [] });
  });

  it('drops malformed parts and keeps the valid ones', () => {
    window.localStorage.setItem(
      'tessera:table:partial',
      JSON.stringify({ version: 1, visibility: { a: 'no', b: false }, order: ['b', 3, 'b', 'a'], pageSize: 7 }),
    );
    expect(loadColumnState('partial')).toEqual({ visibility: { b: false }, order: ['b', 'a'] });
  });

  it('returns defaults when nothing is stored', () => {
    expect(loadColumnState('never')).toEqual({ visibility: {}, order: [] });
  });
});

describe('resolveColumnState', () => {
  it('applies hiddenByDefault only where the user made no choice', () => {
    expect(resolveColumnState({ visibility: {}, order: [] }, columns)).toEqual({
      visibility: { a: true, b: true, c: false },
      order: ['a', 'b', 'c'],
    });
    expect(resolveColumnState({ visibility: { c: true, a: false }, order: [] }, columns).visibility).toEqual({
      a: false,
      b: true,
      c: true,
    });
  });

  it('ignores ids of removed columns and slots new columns after their predecessor', () => {
    const stored = { visibility: { gone: false }, order: ['c', 'gone', 'a'] };
    expect(resolveColumnState(stored, columns).order).toEqual(['c', 'a', 'b']);
    expect(resolveColumnState({ visibility: {}, order: ['b'] }, columns).order).toEqual(['a', 'b', 'c']);
  });
});
