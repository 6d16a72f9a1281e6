// Escape closes the jobs drawer also when focus was left on the page (src/kernel/core/use-escape-from-page.ts):
// a dialog closed as the drawer opened gives focus back to its button, and a toast opened meanwhile
// keeps Blueprint's drawer from taking it back.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Dialog } from '@blueprintjs/core';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';

const plugin = inlinePlugin({
  id: 'probe',
  routes: [{ path: '/probe/index', component: async () => ({ default: () => <button type="button" data-testid="page-button">page</button> }) }],
});

describe('the jobs drawer and Escape', () => {
  it('closes on Escape pressed with focus on the page, and leaves Escape inside another overlay to that overlay', async () => {
    await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('jobs-button'));
    await screen.findByText('No jobs yet', {}, { timeout: 5000 });

    // focus went back to a button on the page (what a closing dialog does after its transition)
    const pageButton = await screen.findByTestId('page-button');
    act(() => pageButton.focus());
    expect(document.activeElement).toBe(pageButton);
    fireEvent.keyDown(pageButton, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('No jobs yet')).toBeNull(), { timeout: 3000 });

    // a dialog over the open drawer: Escape in it is the dialog's, the drawer stays
    fireEvent.click(screen.getByTestId('jobs-button'));
    await screen.findByText('No jobs yet', {}, { timeout: 5000 });
    const { unmount } = await import('@testing-library/react').then(({ render }) => render(
      <Dialog isOpen title="over the drawer"><input data-testid="dialog-input" /></Dialog>,
    ));
    const input = await screen.findByTestId('dialog-input');
    act(() => input.focus());
    fireEvent.keyDown(input, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('No jobs yet')).not.toBeNull();
    unmount();
  });
});
