// A list's progress line changes at most about once a second: a burst of page and batch reports
// re-renders the view once with the first and once with the last, not once per report.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { useAreaList, type ListLoadContext } from '../../src/kernel/list/use-area-list';
import { ListStatus } from '../../src/kernel/list/ListChrome';

interface Row { id: string }

describe('list progress', () => {
  it('shows the first report at once and the last of a burst a moment later, skipping the ones between', async () => {
    let ctx: ListLoadContext<Row> | null = null;
    let renders = 0;
    const load = vi.fn((c: ListLoadContext<Row>) => new Promise<Row[]>(() => { ctx = c; }));
    function Probe() {
      renders++;
      const list = useAreaList<Row>({ cacheKey: 'probe:progress', load, rowType: 'probe', getId: (r) => r.id, sourceId: 'p' });
      return <ListStatus list={list} />;
    }
    await renderWithKernel({
      plugins: [inlinePlugin({ id: 'probe', routes: [{ path: '/probe/index', component: async () => ({ default: Probe }) }] })],
      route: '/probe/index', locale: 'en-US',
    });
    await waitFor(() => expect(ctx).not.toBeNull());
    const before = renders;
    act(() => { for (let page = 1; page <= 20; page++) ctx!.progress({ pages: page, rows: page * 100 }); });
    expect(screen.getByTestId('list-progress').textContent).toBe('Loading: 1 page, 100 rows');
    await waitFor(() => expect(screen.getByTestId('list-progress').textContent).toBe('Loading: 20 pages, 2000 rows'), { timeout: 3000 });
    expect(renders - before).toBeLessThanOrEqual(4); // not one render per report
  });
});
