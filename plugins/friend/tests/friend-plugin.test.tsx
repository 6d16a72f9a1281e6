// The friends plugin inside the real kernel, against the graph sandbox over HTTP (demo transport): the
// received list, and sending to pasted ids as one runner job of the session account × each person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { getDocCatalogue, setDocCatalogue } from '../../../src/kernel/graph/doc-catalogue';
import { sandboxDocIds } from '../../../sandbox/index';
import friend from '..';
import dashboard from '../../dashboard';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small' }); });
afterAll(async () => sandbox?.close());

describe('the friends plugin on the sandbox', () => {
  it('lists received requests and sends to pasted ids through the runner', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, friend], route: '/friend/index', locale: 'en-US', transport });
    const fx = sandbox.state.data.fixtures.friend;
    const received = await waitFor(() => screen.getByTestId('friend-list-incoming'), { timeout: 20_000 });
    // the harness's product API knows no document ids: give the sandbox's once the kernel's load is done, then reload
    await waitFor(() => expect(getDocCatalogue().status).toBe('ready'));
    setDocCatalogue(sandboxDocIds());
    fireEvent.click(within(received).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(received.querySelectorAll('[data-row-id]').length).toBe(fx.incoming.length), { timeout: 20_000 });

    const finished: string[] = [];
    bus.on('job:finished', (e) => finished.push(`${e.actionId} ${e.status} ${e.done}`));
    fireEvent.click(screen.getByTestId('friend-tab-send'));
    const people = fx.canRequest.slice(0, 2);
    fireEvent.change(await screen.findByTestId('friend-send-text'), { target: { value: `${people.join('\n')}\nnot a valid line!` } });
    fireEvent.click(screen.getByTestId('friend-send-check'));
    // what each line became, with the platform's names, before anything is sent
    const recognised = await screen.findByTestId('friend-send-recognised');
    expect(recognised.querySelector('tr[data-line="3"]')!.getAttribute('data-state')).toBe('refused');
    expect(recognised.querySelector('tr[data-line="3"]')!.textContent).toContain('it is not a person');
    people.forEach((uid, i) => expect(recognised.querySelector(`tr[data-line="${i + 1}"]`)!.textContent).toContain(sandbox.state.data.users.get(uid)!.name));
    expect(recognised.getAttribute('data-ids')).toBe('2');
    await act(async () => { fireEvent.click(screen.getByTestId('friend-send-start')); });
    await waitFor(() => expect(finished).toContain('friend.send done 2'), { timeout: 40_000 });
    for (const uid of people) expect((await sandbox.getJson(`/__sandbox/objects/friendRequest/${uid}`)).body).toMatchObject({ state: 'pending', direction: 'outgoing' });
  }, 90_000);
});
