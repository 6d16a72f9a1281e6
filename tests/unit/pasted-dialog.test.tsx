// The action dialog's pasted fields, inside the real kernel against the sandbox over HTTP: what the
// operator pasted is read for the field's format and looked up, listed under the field with the
// platform's names before Start; a Start that had to look up links or names first only shows them,
// and the next Start runs with the ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../sandbox/harness';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { setItem } from '../../src/kernel/storage';
import adaccount from '../../plugins/adaccount';
import dashboard from '../../plugins/dashboard';
import graphqlDocs from '../../sandbox/graphql-docs.json';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small', graphqlDocs: graphqlDocs as never }); });
afterAll(async () => sandbox?.close());

const ACCOUNT = 'act_120200000000001';

describe('pasted ids in the action dialog', () => {
  it('lists what was recognised, with names, and starts only once the looked-up names were shown', async () => {
    setItem('fbid', '61550000000001');
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.4.0', catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, adaccount], route: '/dashboard/index', locale: 'en-US', transport });
    const users = sandbox.state.data.users;
    const other = users.get(sandbox.state.data.fixtures.users.other)!;
    const newcomer = users.get(sandbox.state.data.fixtures.users.notOnAnyAccount)!;
    const started: string[] = [];
    bus.on('job:started', (e) => started.push(e.actionId));

    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: [ACCOUNT], items: [{ id: ACCOUNT, name: 'Account 1' }] }));
    act(() => bus.emit('palette:opened', undefined));
    fireEvent.click(await screen.findByText('Add a user to ad accounts', {}, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    const field = dialog.querySelector('#param-uid') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: `${newcomer.id}\nhttps://www.facebook.com/${other.username}\nghost.profile.1\nhttps://evil.example/x` } });
    fireEvent.change(dialog.querySelector('#param-role')!, { target: { value: '1002' } });

    // Start before the field was ever read: the names are looked up and shown, nothing starts
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Start' })); });
    // a busy machine may take seconds to look the names up
    const notice = await within(dialog).findByTestId('check-recognised', {}, { timeout: 20_000 });
    expect(notice.textContent).toMatch(/check what was recognised/);
    const recognised = within(dialog).getByTestId('recognised-uid');
    const row = (line: number) => recognised.querySelector(`tr[data-line="${line}"]`)!;
    expect(row(1).getAttribute('data-state')).toBe('id');
    expect(row(1).textContent).toContain(newcomer.name);
    expect(row(2).getAttribute('data-state')).toBe('found');
    expect(row(2).textContent).toContain(other.id);
    expect(row(2).textContent).toContain(other.name);
    expect(row(3).getAttribute('data-state')).toBe('notFound');
    expect(row(4).textContent).toMatch(/a profile link must be on facebook\.com/);
    expect(recognised.getAttribute('data-ids')).toBe('2');
    expect(started).toEqual([]);

    // seen: the next Start runs, with the two ids only
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Start' })); });
    await waitFor(() => expect(started).toEqual(['adaccount.addUser']), { timeout: 20_000 });
    await waitFor(async () => {
      const people = (await sandbox.getJson<{ data: { id: string }[] }>(`/v19.0/${ACCOUNT}/users?limit=200`)).body.data.map((u) => u.id);
      expect(people).toEqual(expect.arrayContaining([newcomer.id, other.id]));
    }, { timeout: 30_000 });
  }, 90_000);

  it('a line that cannot be used is shown with its reason before anything starts, never dropped silently', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.4.0', catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, adaccount], route: '/dashboard/index', locale: 'en-US', transport });
    const newcomer = sandbox.state.data.users.get(sandbox.state.data.fixtures.users.notOnAnyAccount)!;
    const started: string[] = [];
    bus.on('job:started', (e) => started.push(e.actionId));
    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: [ACCOUNT], items: [{ id: ACCOUNT, name: 'Account 1' }] }));
    act(() => bus.emit('palette:opened', undefined));
    fireEvent.click(await screen.findByText('Add a user to ad accounts', {}, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    // ids only (nothing to look up) and a link the dialog refuses: today's Start sent the id and said nothing of the link
    fireEvent.change(dialog.querySelector('#param-uid')!, { target: { value: `${newcomer.id}\nhttps://evil.example/x` } });
    fireEvent.change(dialog.querySelector('#param-role')!, { target: { value: '1002' } });
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Start' })); });
    const notice = await within(dialog).findByTestId('check-recognised', {}, { timeout: 20_000 });
    expect(notice.textContent).toMatch(/Some lines cannot be used/);
    const refused = within(dialog).getByTestId('recognised-uid').querySelector('tr[data-line="2"]')!;
    expect(refused.getAttribute('data-state')).toBe('refused');
    expect(refused.textContent).toContain('https://evil.example/x');
    expect(started).toEqual([]);
    // seen: the next Start runs with the one usable id
    await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Start' })); });
    await waitFor(() => expect(started).toEqual(['adaccount.addUser']), { timeout: 20_000 });
  }, 90_000);

  it('a field read on leaving it is shown at once, so Start starts on the first press', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.4.0', catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, adaccount], route: '/dashboard/index', locale: 'zh-CN', transport });
    const other = sandbox.state.data.users.get(sandbox.state.data.fixtures.users.other)!;
    const started: string[] = [];
    bus.on('job:started', (e) => started.push(e.actionId));
    act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: [ACCOUNT], items: [{ id: ACCOUNT, name: 'Account 1' }] }));
    act(() => bus.emit('palette:opened', undefined));
    fireEvent.click(await screen.findByText('添加用户到广告账户', {}, { timeout: 20_000 }));
    const form = await screen.findByRole('dialog');
    const field = form.querySelector('#param-uid') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: other.username } });
    fireEvent.blur(field);
    const recognised = await within(form).findByTestId('recognised-uid', {}, { timeout: 20_000 });
    await waitFor(() => expect(recognised.textContent).toContain(other.name), { timeout: 20_000 });
    expect(recognised.textContent).toContain('已找到');
    fireEvent.change(form.querySelector('#param-role')!, { target: { value: '1003' } });
    await act(async () => { fireEvent.click(within(form).getByRole('button', { name: '开始' })); });
    await waitFor(() => expect(started).toEqual(['adaccount.addUser']), { timeout: 20_000 });
    expect(within(form).queryByTestId('check-recognised')).toBeNull();
  }, 90_000);
});
