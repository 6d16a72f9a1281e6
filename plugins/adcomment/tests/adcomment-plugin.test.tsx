// The ad-post comments plugin inside the real kernel, against the graph sandbox over HTTP (demo
// transport): the ad posts, the comments of a selected post, a rule's matches selected and published
// as comment rows for the runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import adcomment from '..';
import dashboard from '../../dashboard';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small' }); });
afterAll(async () => sandbox?.close());

describe('the ad-post comments plugin on the sandbox', () => {
  it('lists ad posts, reads a post\'s comments and selects what the image rule catches', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { bus, store } = await renderWithKernel({ plugins: [dashboard, adcomment], route: '/adcomment/index', locale: 'en-US', transport });
    const post = sandbox.state.data.fixtures.adcomment.posts[0]!;
    const posts = await waitFor(() => screen.getByTestId('adcomment-posts'), { timeout: 20_000 });
    await waitFor(() => expect(posts.querySelector(`[data-row-id="${post}"]`)).not.toBeNull(), { timeout: 30_000 });
    fireEvent.click(posts.querySelector(`[data-row-id="${post}"] input[type=checkbox]`)!);
    const comments = await waitFor(() => screen.getByTestId('adcomment-comments'), { timeout: 20_000 });
    const expected = (await sandbox.getJson(`/__sandbox/objects/post/${post}`)).body.comments as { id: string; image: unknown }[];
    await waitFor(() => expect(comments.querySelectorAll('[data-row-id]').length).toBe(expected.length), { timeout: 20_000 });
    // no keyword list yet: the area says so and offers to add one
    expect(comments.textContent).toContain('No keyword list yet');

    const seen: { rowType: string; ids: readonly string[] }[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    fireEvent.change(within(comments).getByTestId('adcomment-rule-pick'), { target: { value: 'images' } });
    fireEvent.click(within(comments).getByTestId('adcomment-preview'));
    const withImage = expected.filter((c) => c.image).map((c) => c.id).sort();
    await waitFor(() => expect(screen.getByTestId('adcomment-preview-list').querySelectorAll('li').length).toBe(withImage.length));
    fireEvent.click(within(comments).getByTestId('adcomment-select-matching'));
    await waitFor(() => expect(seen.at(-1)?.rowType).toBe('comment'));
    expect([...seen.at(-1)!.ids].sort()).toEqual(withImage);

    // a keyword list written by another area (the shared store table) is offered as a rule
    store.setRow('keyword-lists', 'k1', { name: 'Scam words', words: ['scam'], updatedAt: 1 });
    await waitFor(() => expect(within(comments).getByTestId('adcomment-rule-pick').textContent).toContain('Keywords: Scam words (1)'));
  }, 90_000);
});
