import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { OverflowActions, type ToolbarAction } from '../../src/kernel/table/TableToolbar';

const t = ((key: string) => key) as unknown as TFunction;
const action = (id: string, text: string, extra: Partial<ToolbarAction> = {}): ToolbarAction => ({ id, text, icon: <span />, onClick: () => {}, ...extra });

describe('the toolbar actions that fit', () => {
  it('measure their hidden copy again when a text changes, not when an action is only disabled or busy', () => {
    // offsetLeft is the measurement (a forced layout in a browser): count its reads.
    const reads = vi.fn(() => 0);
    const spy = vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(reads);
    try {
      const latest = () => undefined;
      const { rerender } = render(<OverflowActions actions={[action('a', 'Copy IDs'), action('b', 'Export')]} latest={latest} t={t} />);
      const first = reads.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      // Selecting rows enables, disables or busies actions: same texts, nothing to measure.
      rerender(<OverflowActions actions={[action('a', 'Copy IDs', { disabled: true }), action('b', 'Export', { loading: true })]} latest={latest} t={t} />);
      expect(reads.mock.calls.length).toBe(first);
      expect(screen.getByRole('button', { name: 'Copy IDs' })).toHaveProperty('disabled', true);
      // Another language: the copy shows other texts, so it is measured again.
      rerender(<OverflowActions actions={[action('a', '复制 ID'), action('b', '导出')]} latest={latest} t={t} />);
      expect(reads.mock.calls.length).toBeGreaterThan(first);
    } finally {
      spy.mockRestore();
    }
  });
});
