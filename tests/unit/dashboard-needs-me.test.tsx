import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { DashboardOverview } from '../../src/kernel/shell/dashboard/DashboardOverview';
import { patchExtensionState } from '../../src/kernel/bridge/extension-status';

configure({ asyncUtilTimeout: 5000 });

const home = inlinePlugin({
  id: 'dashboard', order: 0,
  routes: [{ path: '/dashboard/index', component: async () => ({ default: DashboardOverview }) }],
  locales: { 'zh-CN': { title: '工作台' }, 'en-US': { title: 'Dashboard' } },
});

const ok = (data: unknown) => ({ status: 1, code: 20000, info: 'OK', data });
/** The server's unseen messages: a notification to this user and an announcement to everyone. */
function fakeServer() {
  let unseen = [
    { id: 7, title: 'Your order shipped', content: 'Order 12 is paid.', message_type: 1, create_time: '2026-01-02T00:00:00Z', targetUserId: 1, fbid: null },
    { id: 8, title: 'Maintenance <b>tonight</b>', content: 'The service pauses at 02:00.', message_type: 1, create_time: '2026-01-01T00:00:00Z', targetUserId: null, fbid: null },
  ];
  const impl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const answers: Record<string, () => unknown> = {
      '/api/user/info': () => ok({ id: 1, email: 'op@tessera.test', role: 'user', plugins: ['dashboard'] }),
      '/api/message_notification/unseen': () => ok({ list: unseen, count: unseen.length }),
      '/api/message_notification/update_message_to_seen': () => {
        const id = url.searchParams.get('identity');
        unseen = id ? unseen.filter((m) => m.id !== Number(id)) : [];
        return ok({ updated: 1 });
      },
      '/api/pay/getRecords': () => ok([]),
      '/api/module_statistics_visit/save': () => ok(null),
      '/api/graphql-docs': () => ok({}),
    };
    const answer = answers[url.pathname]?.() ?? { status: 0, code: 40400, info: 'not found', data: null };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return impl as unknown as typeof fetch;
}

describe('the dashboard: notifications and announcements', () => {
  it('shows the notification and the admins\' announcement apart; marking one seen on the dashboard drops the bell\'s count at once, and the other way round', async () => {
    patchExtensionState({ status: 'empty', identityChecked: true, identity: { id: '1', name: 'A' } });
    await renderWithKernel({ plugins: [home], locale: 'en-US', fetch: fakeServer() });
    const note = await screen.findByTestId('needs-me-notification');
    expect(note.textContent).toContain('Your order shipped');
    const announcements = await screen.findByTestId('needs-me-announcements');
    expect(announcements.textContent).toContain('Announcement');
    expect(within(announcements).getByTestId('needs-me-announcement').textContent).toContain('Maintenance <b>tonight</b>'); // text, not HTML
    expect(announcements.querySelector('b')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));

    fireEvent.click(within(note).getByRole('button', { name: 'Mark as read' }));
    // The bell follows without waiting for its next poll or a navigation.
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
    expect(screen.queryByTestId('needs-me-notification')).toBeNull();

    fireEvent.click(screen.getByTestId('notification-bell'));
    const inBell = await waitFor(() => {
      const card = document.querySelector('.tessera-notification[data-notification-id="8"]') as HTMLElement | null;
      expect(card).not.toBeNull();
      return card!;
    });
    fireEvent.click(within(inBell).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.queryByTestId('needs-me-announcements')).toBeNull());
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(await screen.findByTestId('needs-me-nothing')).toBeTruthy();
  });
});
