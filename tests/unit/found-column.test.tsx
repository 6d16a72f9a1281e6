// A list column fed by what actions found (row-outputs.ts): the newest output among the actions a
// plugin names, with when it was found in the operator's language.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { foundColumn } from '../../src/kernel/list/found-column';
import { latestOutput, withOutputs } from '../../src/kernel/list/row-outputs';

interface Row { id: string }
const column = foundColumn<Row>({
  id: 'scan', header: 'Scan', actions: ['probe.scan', 'probe.clean'],
  value: (found) => (found.actionId === 'probe.clean' ? 'clean' : `found ${(found.value as unknown[]).length}`),
  details: (found) => (found.value as string[]).map((name) => `name ${name}`),
});
const AT = Date.UTC(2026, 10, 28, 4, 30);
const row = withOutputs<Row>({ id: 'r1' }, { 'probe.scan': { value: ['a', 'b'], at: AT }, 'probe.other': { value: ['x'], at: AT + 10 } });

function Cell() {
  return <div data-testid="cell">{column.cell!(row)}</div>;
}
const plugin = inlinePlugin({ id: 'probe', routes: [{ path: '/probe/index', component: async () => ({ default: Cell }) }] });

describe('a found column', () => {
  it('takes the newest output among its actions only, and nothing for a row none of them ran on', () => {
    expect(latestOutput(row, ['probe.scan', 'probe.clean'])).toEqual({ actionId: 'probe.scan', value: ['a', 'b'], at: AT });
    const cleaned = withOutputs<Row>({ id: 'r2' }, { 'probe.scan': { value: ['a'], at: 1 }, 'probe.clean': { value: ['a'], at: 2 } });
    expect(column.value(cleaned)).toBe('clean');
    expect(column.value(row)).toBe('found 2');
    expect(column.value({ id: 'r3' })).toBe('');
    expect(column.csv!(row)).toBe('found 2; name a; name b');
    expect(column.cell!({ id: 'r3' })).toBeNull();
  });

  for (const [locale, word] of [['en-US', 'Found'], ['zh-CN', '查到于']] as const) {
    it(`shows the value, and who and when in its tooltip (${locale})`, async () => {
      await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale });
      const cell = await screen.findByTestId('cell');
      const span = cell.querySelector('span')!;
      expect(span.textContent).toBe('found 2');
      const title = span.getAttribute('title')!.split('\n');
      expect(title.slice(0, 2)).toEqual(['name a', 'name b']);
      expect(title[2].startsWith(`${word} `)).toBe(true);
      expect(title[2]).toContain('2026');
    });
  }
});
