import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { DashboardOverview } from '../../src/kernel/shell/dashboard/DashboardOverview';
import { extensionNeeds } from '../../src/kernel/shell/dashboard/NeedsMe';
import { initialOf, newestFirst, toRecords } from '../../src/kernel/shell/dashboard/recent-records';
import { getExtensionState, patchExtensionState } from '../../src/kernel/bridge/extension-status';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import type { JobItem } from '../../src/kernel/runner/types';

configure({ asyncUtilTimeout: 5000 }); // routes and widgets load their code lazily; a busy CI machine is slow

let runner: ReturnType<typeof useRunner> | null = null;
function Home() {
  runner = useRunner();
  return <DashboardOverview />;
}
let release: () => void = () => {};
const home = inlinePlugin({
  id: 'dashboard', order: 0,
  routes: [{ path: '/dashboard/index', component: async () => ({ default: Home }) }],
  actions: [{ verb: 'touch', target: 'adaccount', run: (_item: JobItem) => new Promise<void>((r) => { release = r; }) }],
  locales: { 'zh-CN': { title: '工作台', actions: { touch: { title: '触碰' } } }, 'en-US': { title: 'Dashboard', actions: { touch: { title: 'Touch accounts' } } } },
});
const area = inlinePlugin({
  id: 'adaccount',
  routes: [{ path: '/adaccount/index', component: async () => ({ default: () => <p>ad account area</p> }) }],
  locales: { 'zh-CN': { title: '广告账户' }, 'en-US': { title: 'Ad accounts' } },
});

const ok = (data: unknown) => ({ status: 1, code: 20000, info: 'OK', data });
/** A fake product server: the session, the unseen notifications (marking one seen drops it) and the recent-item records. */
function fakeServer(records: unknown[]) {
  let unseen = [
    { id: 7, title: 'Maintenance <b>tonight</b>', content: 'The service pauses at 02:00.', message_type: 1, create_time: '2026-01-02T00:00:00Z' },
  ];
  const calls: string[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push(`${url.pathname}${url.search}`);
    const answers: Record<string, () => unknown> = {
      '/api/user/info': () => ok({ id: 1, email: 'op@tessera.test', role: 'user', plugins: ['dashboard', 'adaccount'] }),
      '/api/message_notification/unseen': () => ok({ list: unseen, count: unseen.length }),
      '/api/message_notification/update_message_to_seen': () => {
        const id = Number(url.searchParams.get('identity'));
        unseen = unseen.filter((m) => m.id !== id);
        return ok({ updated: 1 });
      },
      '/api/pay/getRecords': () => ok(url.searchParams.get('module_id') === 'adaccount' ? records : []),
      '/api/module_statistics_visit/save': () => ok(null),
      '/api/graphql-docs': () => ok({}),
    };
    const answer = answers[url.pathname]?.() ?? { status: 0, code: 40400, info: 'not found', data: null };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: impl as unknown as typeof fetch, calls };
}

const record = (id: number, name: string, at: string) => ({ id, module_id: 'adaccount', createdAt: at, data: { record_id: `act_${id}`, record_name: name, bm_id: '9', bm_name: 'Shop BM', module_id: 'adaccount' } });
const initial = getExtensionState();
afterEach(() => { patchExtensionState(initial); runner = null; });

describe('the dashboard: what needs the operator', () => {
  it('words the extension and session warnings as the dashboard dialogs do', () => {
    const base = { ...initial, identityChecked: true, identity: { id: '1', name: 'A' } };
    expect(extensionNeeds({ ...base, status: 'needInstall' })).toBe('install');
    expect(extensionNeeds({ ...base, status: 'needUpdate' })).toBe('update');
    expect(extensionNeeds({ ...base, status: 'empty', identity: null })).toBe('login');
    expect(extensionNeeds({ ...base, status: 'loading', identity: null })).toBeNull();
    expect(extensionNeeds({ ...base, status: 'empty' })).toBeNull();
  });

  it('shows the session warning, a paused job with Resume, and an unseen notification as text that can be marked seen', async () => {
    const server = fakeServer([]);
    patchExtensionState({ status: 'empty', identityChecked: true, identity: null });
    await renderWithKernel({ plugins: [home, area], locale: 'en-US', fetch: server.fetch });
    const ext = await screen.findByTestId('needs-me-extension');
    expect(ext.textContent).toContain('Please log in to Facebook first');

    const note = await screen.findByTestId('needs-me-notification');
    expect(note.textContent).toContain('Maintenance <b>tonight</b>'); // platform text stays text
    expect(note.querySelector('b')).toBeNull();
    fireEvent.click(within(note).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByTestId('needs-me-notification')).toBeNull());
    expect(server.calls.some((c) => c.startsWith('/api/message_notification/update_message_to_seen') && c.includes('identity=7'))).toBe(true);

    await waitFor(() => expect(runner).not.toBeNull());
    let jobId = '';
    act(() => { jobId = runner!.start('dashboard.touch', {}, [{ id: 'act_1', name: 'One' }]); });
    const job = await screen.findByTestId('needs-me-job');
    expect(job.textContent).toContain('Touch accounts');
    await waitFor(() => expect(job.getAttribute('data-job-status')).toBe('running'));
    act(() => runner!.pause(jobId));
    await waitFor(() => expect(screen.getByTestId('needs-me-job').getAttribute('data-job-status')).toBe('paused'));
    fireEvent.click(within(screen.getByTestId('needs-me-job')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('needs-me-job').getAttribute('data-job-status')).toBe('running'));
    release();
  });

  it('says nothing needs the operator when all is well', async () => {
    const server = fakeServer([]);
    patchExtensionState({ status: 'empty', identityChecked: true, identity: { id: '1', name: 'A' } });
    await renderWithKernel({ plugins: [home, area], locale: 'zh-CN', fetch: server.fetch });
    await screen.findByTestId('needs-me-notification');
    fireEvent.click(within(screen.getByTestId('needs-me-notification')).getByRole('button'));
    expect((await screen.findByTestId('needs-me-nothing')).textContent).toContain('目前没有需要您处理的事项');
  });
});

describe('the dashboard: recent items', () => {
  it('lists every area\'s records newest first, as text, and opens the area', async () => {
    const server = fakeServer([
      record(1, 'Old account', '2026-01-01T00:00:00Z'),
      record(2, '<img src=x onerror=alert(1)>', '2026-01-03T00:00:00Z'),
    ]);
    patchExtensionState({ status: 'empty', identityChecked: true, identity: { id: '1', name: 'A' } });
    const { container } = await renderWithKernel({ plugins: [home, area], locale: 'en-US', fetch: server.fetch });
    await waitFor(() => expect(screen.getAllByTestId('recent-item')).toHaveLength(2));
    const items = screen.getAllByTestId('recent-item');
    expect(items[0].textContent).toContain('<img src=x onerror=alert(1)>');
    expect(items[1].textContent).toContain('Old account');
    expect(items[1].textContent).toContain('Ad accounts · Shop BM');
    expect(container.querySelector('.tessera-recent img')).toBeNull();
    expect(server.calls).toContain('/api/pay/getRecords?module_id=adaccount');
    expect(server.calls.some((c) => c.includes('module_id=dashboard'))).toBe(false);
    fireEvent.click(items[1]);
    expect(await screen.findByText('ad account area')).toBeTruthy();
  });

  it('has an empty state', async () => {
    const server = fakeServer([]);
    await renderWithKernel({ plugins: [home, area], locale: 'en-US', fetch: server.fetch });
    expect((await screen.findByTestId('recent-empty')).textContent).toMatch(/Nothing opened yet/);
  });

  it('shows an error with a retry when the records cannot be read', async () => {
    let down = true;
    const server = fakeServer([record(1, 'Back again', '2026-01-01T00:00:00Z')]);
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => (down && String(input).includes('/api/pay/getRecords')
      ? new Response('{}', { status: 500 }) : server.fetch(input, init))) as typeof fetch;
    await renderWithKernel({ plugins: [home, area], locale: 'en-US', fetch: flaky });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByTestId('recent-items').textContent).toContain('could not be loaded');
    down = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('recent-item')).textContent).toContain('Back again');
  });

  it('keeps only well-formed records and orders them newest first', () => {
    const a = toRecords([record(1, 'A', '2026-01-01T00:00:00Z'), { id: 3, module_id: 'adaccount', createdAt: 'x', data: 'junk' }, null]);
    const b = toRecords([{ ...record(2, 'B', '2026-01-02T00:00:00Z'), module_id: 'bm' }]);
    expect(a.map((r) => r.name)).toEqual(['A']);
    expect(newestFirst([a, b], 10).map((r) => r.name)).toEqual(['B', 'A']);
    expect(newestFirst([a, b], 1)).toHaveLength(1);
    expect(initialOf(' zoe')).toBe('Z');
    expect(initialOf('')).toBe('?');
  });
});

describe('the widget board frame', () => {
  it('gives each widget a title, a link into its area, and an error state instead of breaking the board', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warns = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const board = inlinePlugin({ id: 'dashboard', order: 0, routes: [{ path: '/dashboard/index', component: async () => ({ default: (await import('../../src/kernel/shell/WidgetBoard')).WidgetBoard }) }] });
    const Broken = () => { throw new Error('widget bug'); };
    const widgets = inlinePlugin({
      id: 'adaccount',
      routes: [{ path: '/adaccount/index', component: async () => ({ default: () => <p>ad account area</p> }) }],
      widgets: [{ name: 'broken', titleKey: 'title', component: async () => ({ default: Broken }) }, { name: 'fine', titleKey: 'title', component: async () => ({ default: () => <p>fine widget</p> }) }],
      locales: { 'zh-CN': { title: '广告账户' }, 'en-US': { title: 'Ad accounts' } },
    });
    await renderWithKernel({ plugins: [board, widgets], locale: 'en-US' });
    expect(await screen.findByText('fine widget')).toBeTruthy();
    const broken = document.querySelector('[data-widget="adaccount.broken"]') as HTMLElement;
    await waitFor(() => expect(broken.textContent).toContain('This card could not be shown.'));
    fireEvent.click(within(broken).getByTestId('widget-area-link'));
    expect(await screen.findByText('ad account area')).toBeTruthy();
    errors.mockRestore();
    warns.mockRestore();
  });
});
