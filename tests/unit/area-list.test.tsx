// The kernel's list hook: a cached load that streams, shared by two views of one list, following a
// published selection, publishing its own with items, and re-reading only the rows a job touched.
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { useAreaList, type ListLoadContext } from '../../src/kernel/list/use-area-list';
import { ListStatus } from '../../src/kernel/list/ListChrome';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import type { FollowedSelection } from '../../src/kernel/plugin/types';
import { patchExtensionState } from '../../src/kernel/bridge/extension-status';
import { identityKey, readCached } from '../../src/kernel/store/ttl-cache';

interface Row { id: string; name: string; owner: string }

/** A load the test drives by hand: it emits pages when told, and ends when told. */
function manualLoad() {
  const calls: { ctx: ListLoadContext<Row>; finish: (rows: Row[]) => void }[] = [];
  const load = vi.fn((ctx: ListLoadContext<Row>) => new Promise<Row[]>((resolve) => { calls.push({ ctx, finish: resolve }); }));
  return { load, calls };
}

const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}`, owner: from + i < 3 ? 'b1' : 'b2' }));
const follow = { rowType: 'business', match: (r: Row, ids: ReadonlySet<string>) => ids.has(r.owner) };

function ListProbe({ testId, load, reread, followed, onRunner }: {
  testId: string; load: (ctx: ListLoadContext<Row>) => Promise<Row[]>; reread?: (ids: readonly string[]) => Promise<Row[]>;
  followed?: FollowedSelection | null; onRunner?: (r: ReturnType<typeof useRunner>) => void;
}) {
  const list = useAreaList<Row>({
    cacheKey: 'probe:list', load, rowType: 'adaccount', getId: (r) => r.id, sourceId: testId, followed, follow,
    toItem: (r) => ({ id: r.id, name: r.name }), reread: reread && ((ids) => reread(ids)),
  });
  onRunner?.(useRunner());
  return (
    <div data-testid={testId}>
      <ListStatus list={list} />
      <span className="count">{list.visible.length}</span>
      <span className="names">{list.visible.map((r) => r.name).join(',')}</span>
      <button type="button" onClick={() => list.onSelectionChange(new Set(list.visible.slice(0, 2).map((r) => r.id)))}>select</button>
      <button type="button" onClick={() => list.reload()}>reload {testId}</button>
    </div>
  );
}

const host = (screenComponent: () => ReactElement) => inlinePlugin({
  id: 'probe', actions: [{ verb: 'touch', target: 'adaccount', run: async () => undefined }],
  routes: [{ path: '/probe/index', component: async () => ({ default: screenComponent }) }],
});
const count = (testId: string) => Number(screen.getByTestId(testId).querySelector('.count')!.textContent);

describe('useAreaList', () => {
  it('loads only once the platform identity is known, as that identity; a Reload meanwhile is kept; another identity never sees the first one\'s rows', async () => {
    const { load, calls } = manualLoad();
    const { store } = await renderWithKernel({ plugins: [host(() => <ListProbe testId="a" load={load} />)], route: '/probe/index', locale: 'en-US', platformIdentity: null });
    // a list this identity cached earlier, which the Reload asked for before the identity was known must skip
    store.setRow('cache', identityKey('probe:list', '61550000000001'), { json: JSON.stringify(rows(2)), expires: Date.now() + 60_000 });
    await screen.findByTestId('a');
    act(() => screen.getByText('reload a').click());
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByTestId('a').querySelector('[data-list-state]')!.getAttribute('data-list-state')).toBe('loading');

    act(() => patchExtensionState({ identity: { id: '61550000000001', name: 'A' }, identityChecked: true }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].ctx.platformUserId).toBe('61550000000001');
    act(() => calls[0].finish(rows(3)));
    await waitFor(() => expect(count('a')).toBe(3));
    const cachedA = readCached<Row[]>(store, identityKey('probe:list', '61550000000001'));
    expect(cachedA.found && cachedA.value.length).toBe(3);

    // The browser's social session is now another account: its own load, none of the first one's rows meanwhile.
    act(() => patchExtensionState({ identity: { id: '61550000000002', name: 'B' }, identityChecked: true }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].ctx.platformUserId).toBe('61550000000002');
    expect(count('a')).toBe(0);
    act(() => calls[1].finish(rows(1, 10)));
    await waitFor(() => expect(count('a')).toBe(1));
    expect(screen.getByTestId('a').querySelector('.names')!.textContent).toBe('Row 10');
    patchExtensionState({ identity: null, identityChecked: false }); // the next test's page starts with the harness's identity
  });

  it('shows rows as they stream in, and two views of one list share one load', async () => {
    const { load, calls } = manualLoad();
    await renderWithKernel({ plugins: [host(() => <><ListProbe testId="a" load={load} /><ListProbe testId="b" load={load} /></>)], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => { calls[0].ctx.progress({ pages: 1, rows: 5 }); calls[0].ctx.emit(rows(5)); });
    await waitFor(() => expect(count('a')).toBe(5));
    expect(count('b')).toBe(5); // the second view shows what the first one's load streamed
    expect(screen.getByTestId('a').querySelector('[data-list-state]')!.getAttribute('data-list-state')).toBe('loading');
    expect(screen.getAllByText('Loading: 1 page, 5 rows').length).toBeGreaterThan(0);
    act(() => calls[0].finish(rows(8)));
    await waitFor(() => expect(count('a')).toBe(8));
    await waitFor(() => expect(count('b')).toBe(8));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('a').querySelector('[data-list-state]')!.getAttribute('data-list-state')).toBe('ready');
  });

  it('shows its progress in one toast that speaks the current language and closes when the load ends', async () => {
    const { load, calls } = manualLoad();
    const { i18n } = await renderWithKernel({ plugins: [host(() => <ListProbe testId="a" load={load} />)], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(calls).toHaveLength(1));
    const toastText = () => Array.from(document.querySelectorAll('.bp6-toast')).map((n) => n.textContent).join('|');
    act(() => { calls[0].ctx.progress({ pages: 2, rows: 40 }); calls[0].ctx.emit(rows(4)); });
    await waitFor(() => expect(toastText()).toContain('Loading: 2 pages, 40 rows'));
    await act(async () => { await i18n.changeLanguage('zh-CN'); });
    await waitFor(() => expect(toastText()).toContain('正在加载：第 2 页，40 行'));
    expect(toastText()).not.toContain('Loading:');
    act(() => calls[0].finish(rows(6)));
    await waitFor(() => expect(count('a')).toBe(6));
    await waitFor(() => expect(toastText()).not.toContain('正在加载'), { timeout: 3000 });
  });

  it('follows a selection published anywhere on a route screen, and publishes its own with items', async () => {
    const { load, calls } = manualLoad();
    const { bus } = await renderWithKernel({ plugins: [host(() => <ListProbe testId="a" load={load} />)], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0].finish(rows(6)));
    await waitFor(() => expect(count('a')).toBe(6));
    act(() => bus.emit('selection:changed', { sourceTileId: 'elsewhere', rowType: 'business', ids: ['b1'] }));
    await waitFor(() => expect(count('a')).toBe(3));
    expect(screen.getByTestId('list-follow-filter').textContent).toContain('Filtered by 1 selected item');
    const seen: FollowedSelection[] = [];
    bus.on('selection:changed', (e) => seen.push(e as FollowedSelection));
    act(() => screen.getByText('select').click());
    expect(seen.at(-1)).toMatchObject({ sourceTileId: 'a', rowType: 'adaccount', ids: ['r0', 'r1'], items: [{ id: 'r0', name: 'Row 0' }, { id: 'r1', name: 'Row 1' }] });
  });

  it('in a tile, follows only the tile it follows', async () => {
    const { load, calls } = manualLoad();
    const followed: FollowedSelection = { sourceTileId: 't1', rowType: 'business', ids: ['b2'] };
    const { bus } = await renderWithKernel({ plugins: [host(() => <ListProbe testId="a" load={load} followed={followed} />)], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0].finish(rows(6)));
    await waitFor(() => expect(count('a')).toBe(3)); // r3..r5 belong to b2
    act(() => bus.emit('selection:changed', { sourceTileId: 'other', rowType: 'business', ids: ['b1'] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(count('a')).toBe(3);
  });

  it('after a job on its row type, re-reads only the rows the job touched', async () => {
    const { load, calls } = manualLoad();
    const reread = vi.fn(async (ids: readonly string[]) => ids.map((id) => ({ id, name: `${id} renamed`, owner: 'b1' })));
    let runner: ReturnType<typeof useRunner> | null = null;
    await renderWithKernel({ plugins: [host(() => <ListProbe testId="a" load={load} reread={reread} onRunner={(r) => { runner = r; }} />)], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0].finish(rows(6)));
    await waitFor(() => expect(count('a')).toBe(6));
    act(() => { runner!.start('probe.touch', {}, [{ id: 'r1' }, { id: 'r4' }]); });
    await waitFor(() => expect(reread).toHaveBeenCalledTimes(1));
    expect([...reread.mock.calls[0][0]].sort()).toEqual(['r1', 'r4']);
    await waitFor(() => expect(screen.getByTestId('a').querySelector('.names')!.textContent).toContain('r1 renamed'));
    expect(screen.getByTestId('a').querySelector('.names')!.textContent).toContain('Row 0');
    expect(load).toHaveBeenCalledTimes(1); // no reload of the whole list
  });
});
