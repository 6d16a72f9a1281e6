// What actions find about objects comes back into every list of their row type, and stays after a reload.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { useAreaList } from '../../src/kernel/list/use-area-list';
import { outputOf, readRowOutputs, ROW_OUTPUTS_TABLE } from '../../src/kernel/list/row-outputs';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import type { JobItem } from '../../src/kernel/runner/types';

interface Row { id: string; name: string }
const all: Row[] = [{ id: 'a1', name: 'One' }, { id: 'a2', name: 'Two' }, { id: 'a3', name: 'Three' }];

let runner: ReturnType<typeof useRunner> | null = null;
function Probe() {
  const list = useAreaList<Row>({ cacheKey: 'probe:outputs', load: async () => all, rowType: 'adaccount', getId: (r) => r.id, sourceId: 'p' });
  runner = useRunner();
  return <ul>{list.visible.map((r) => <li key={r.id} data-testid={r.id}>{r.name}:{String(outputOf<{ found: number }>(r, 'probe.scan')?.found ?? '-')}</li>)}</ul>;
}

const plugin = inlinePlugin({
  id: 'probe',
  actions: [
    { verb: 'scan', target: 'adaccount', output: { type: 'object', properties: { found: { type: 'integer' } } },
      run: async (item: JobItem) => (item.id === 'a3' ? Promise.reject(new Error('refused')) : { found: item.id === 'a1' ? 2 : 0 }) },
  ],
  routes: [{ path: '/probe/index', component: async () => ({ default: Probe }) }],
});

describe('action outputs on list rows', () => {
  it('shows each done item\'s output on its object\'s row, nothing for failed items, and keeps it in the store', async () => {
    const { store } = await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(screen.getByTestId('a1').textContent).toBe('One:-'));
    act(() => { runner!.start('probe.scan', {}, [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }], { maxAttempts: 1 } as never); });
    await waitFor(() => expect(screen.getByTestId('a1').textContent).toBe('One:2'));
    expect(screen.getByTestId('a2').textContent).toBe('Two:0');
    expect(screen.getByTestId('a3').textContent).toBe('Three:-');
    const kept = readRowOutputs(store, 'adaccount');
    expect(kept.get('a1')?.['probe.scan']?.value).toEqual({ found: 2 });
    expect(kept.has('a3')).toBe(false);
    expect(Object.keys(store.getTable(ROW_OUTPUTS_TABLE))).toEqual(expect.arrayContaining(['adaccount:a1', 'adaccount:a2']));
  });
});
