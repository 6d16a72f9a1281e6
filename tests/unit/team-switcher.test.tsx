// The team switcher in the navbar (src/kernel/shell/TeamSwitcher.tsx, TeamMenu.tsx, team-follow.ts;
// docs/TEAMS.md, "Scope"): the active team's name from storage without a request, the menu's teams and
// invitations, switching (storage written, the page reloaded), the refusal while a job runs, creating a
// team, and what the page does when another tab switches or the server says the operator was removed.
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { activeOrg, reportNotMember, setActiveOrg } from '../../src/kernel/core/active-org';
import { physicalKey } from '../../src/kernel/storage';
import { JOBS } from '../../src/kernel/runner/job-store';
import { closeAllToasts } from '../../src/kernel/core/toaster';
import { TEAM_NOTICE_KEY } from '../../src/kernel/shell/TeamSwitcher';
import type { MyInviteView, OrgView } from '../../protocol/api/org';

configure({ asyncUtilTimeout: 5000 }); // the menu loads its code and every string on first press

const host = (id: string, Component: () => ReactElement) => ({ id, routes: [{ path: `/${id}/index`, component: async () => ({ default: Component }) }] });
const PLUGINS = [host('teamhost', () => <p>home</p>)];

const GROWTH: OrgView = { id: 12, name: 'Growth', role: 'admin', members: 4, createdAt: '2026-11-01T00:00:00Z' };
const EAST: OrgView = { id: 13, name: 'East Agency', role: 'operator', members: 9, createdAt: '2026-11-02T00:00:00Z' };
const INVITE: MyInviteView = { id: 77, org: { id: 20, name: 'Harbor Media' }, role: 'viewer', invitedBy: 'Lee Lead', expiresAt: '2026-12-05T00:00:00Z' };

/** A fake product server's answers for the org endpoints, with every request's path and body kept. */
function orgServer() {
  const s = {
    orgs: [GROWTH, EAST] as OrgView[],
    invites: [INVITE] as MyInviteView[],
    calls: [] as { path: string; body: unknown; org: string | null }[],
    createFails: null as string | null,
  };
  const answer = (path: string, init: RequestInit | undefined) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) as Record<string, unknown> : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (path.startsWith('/api/org/')) s.calls.push({ path, body, org: headers['x-tessera-org'] ?? null });
    switch (path) {
      case '/api/org/list': return s.orgs;
      case '/api/org/invites/mine': return s.invites;
      case '/api/org/invites/accept': {
        const invite = s.invites.find((i) => i.id === body?.id)!;
        const org: OrgView = { id: invite.org.id, name: invite.org.name, role: invite.role, members: 3, createdAt: '2026-11-28T00:00:00Z' };
        s.orgs = [...s.orgs, org];
        s.invites = s.invites.filter((i) => i !== invite);
        return org;
      }
      case '/api/org/invites/decline':
        s.invites = s.invites.filter((i) => i.id !== body?.id);
        return { declined: 1 };
      case '/api/org/create':
        if (s.createFails) return { envelope: { status: 0, code: 40001, info: s.createFails, data: null } };
        return { id: 30, name: String(body?.name), role: 'owner', members: 1, createdAt: '2026-11-28T00:00:00Z' } satisfies Partial<OrgView>;
      default: return undefined;
    }
  };
  return { s, answer };
}

const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  // the harness signs in without a stored uid (clearSession): the team is kept under the bare key
  localStorage.removeItem('uid');
  sessionStorage.clear();
});
afterEach(async () => {
  await closeAllToasts();
  vi.unstubAllGlobals();
  setActiveOrg(null);
  sessionStorage.clear();
});

async function openMenu() {
  fireEvent.click(await screen.findByTestId('team-switcher'));
  return screen.findByTestId('team-menu');
}

/** A job running in this browser, as the runner keeps it in the page's store (src/kernel/runner/job-store.ts). */
function runJob(store: Awaited<ReturnType<typeof renderWithKernel>>['store']) {
  act(() => {
    store.setRow(JOBS, 'job-1', { actionId: 'adaccount.rename', pluginId: 'adaccount', status: 'running', total: 10, done: 2, createdAt: Date.now(), startedAt: Date.now(), updatedAt: Date.now() });
  });
}

describe('the team switcher', () => {
  it('shows the active team from storage on the first screen without asking the server', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    const server = orgServer();
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    const button = await screen.findByTestId('team-switcher');
    expect(button.textContent).toBe('Growth');
    expect(button.getAttribute('title')).toBe('Growth');
    // in a team the runner reads the team's policy and the list (src/kernel/api/org-policy.ts); the
    // button's name stays the stored one, and the switcher's own reads wait for its menu
    server.s.orgs = [{ ...GROWTH, name: 'Growth (as the server says)' }];
    await new Promise((r) => setTimeout(r, 200));
    expect(button.textContent).toBe('Growth');
    expect(server.s.calls.filter((c) => c.path === '/api/org/invites/mine')).toEqual([]);
  });

  it('shows "my own work" when no team is active, in both languages, and asks the server nothing about teams', async () => {
    const server = orgServer();
    const calls = server.s.calls;
    const { i18n } = await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'zh-CN', answer: server.answer });
    const button = await screen.findByTestId('team-switcher');
    expect(button.textContent).toBe('我的个人工作区');
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toEqual([]);
    await act(async () => { await i18n.changeLanguage('en-US'); });
    expect(button.textContent).toBe('My own work');
  });

  it('lists the own work and the teams with their role; choosing one writes it and reloads the page', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    const server = orgServer();
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    const menu = await openMenu();
    const teams = await within(menu).findAllByTestId('team-org');
    expect(teams.map((t) => t.textContent)).toEqual(['GrowthAdmin', 'East AgencyOperator']);
    expect(within(menu).getByTestId('team-own').textContent).toContain('My own work');
    // in a team: its members' screen is one click away
    expect(within(menu).getByTestId('team-manage').textContent).toBe('Manage team');

    fireEvent.click(teams[1]!);
    expect(activeOrg()).toEqual({ id: 13, name: 'East Agency', role: 'operator' });
    expect(reload).toHaveBeenCalledTimes(1);
    // the reloading tab says nothing more (its own switch)
    await new Promise((r) => setTimeout(r, 50));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('switches back to the own work, and shows no "Manage team" there', async () => {
    const server = orgServer();
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    const menu = await openMenu();
    await within(menu).findAllByTestId('team-org');
    expect(within(menu).queryByTestId('team-manage')).toBeNull();
    // the own work is already the active one: nothing to reload
    fireEvent.click(within(menu).getByTestId('team-own'));
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(within(menu).getAllByTestId('team-org')[0]!);
    expect(activeOrg()?.id).toBe(12);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('refuses to switch while a job runs in this browser, and says why', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    const server = orgServer();
    const { store } = await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    runJob(store);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByTestId('team-own'));
    expect((await within(menu).findByTestId('team-note')).textContent).toBe('Pause or wait for the running jobs before switching team.');
    expect(activeOrg()?.id).toBe(12);
    expect(reload).not.toHaveBeenCalled();
  });

  it('accepts and declines the invitations addressed to the operator', async () => {
    const server = orgServer();
    server.s.invites = [INVITE, { ...INVITE, id: 78, org: { id: 21, name: 'North Desk' }, role: 'operator' }];
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    const menu = await openMenu();
    const invites = await within(menu).findAllByTestId('team-invite');
    expect(invites[0]!.textContent).toContain('Harbor Media');
    expect(invites[0]!.textContent).toContain('as Viewer, invited by Lee Lead');

    fireEvent.click(within(invites[0]!).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(menu).getAllByTestId('team-invite')).toHaveLength(1));
    expect(server.s.calls.find((c) => c.path === '/api/org/invites/accept')?.body).toEqual({ id: 77 });
    expect(within(menu).getByTestId('team-note').textContent).toBe('You joined «Harbor Media». Choose it above to work in it.');
    expect(within(menu).getAllByTestId('team-org').map((t) => t.textContent)).toContain('Harbor MediaViewer');
    // accepting does not switch
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(within(menu).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(within(menu).queryAllByTestId('team-invite')).toHaveLength(0));
    expect(server.s.calls.find((c) => c.path === '/api/org/invites/decline')?.body).toEqual({ id: 78 });
    expect(within(menu).getByTestId('team-note').textContent).toBe('You declined the invitation from «North Desk».');
  });

  it('shows a refused answer to an invitation as text', async () => {
    const server = orgServer();
    const answer = (path: string, init: RequestInit | undefined) => path === '/api/org/invites/accept'
      ? { envelope: { status: 0, code: 40903, info: 'This invitation has expired', data: null } }
      : server.answer(path, init);
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer });
    const menu = await openMenu();
    const [invite] = await within(menu).findAllByTestId('team-invite');
    fireEvent.click(within(invite!).getByRole('button', { name: 'Accept' }));
    expect((await within(menu).findByTestId('team-note')).textContent).toBe('The invitation could not be accepted: This invitation has expired');
    expect(within(menu).getAllByTestId('team-invite')).toHaveLength(1);
  });

  it('creates a team: the name is checked, a refusal is shown as text, then it becomes the active team', async () => {
    const server = orgServer();
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: server.answer });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByTestId('team-create'));
    const input = await screen.findByTestId('team-name');
    const submit = screen.getByTestId('team-create-submit');

    fireEvent.click(submit);
    expect(await screen.findByText("Enter the team's name.")).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(81) } });
    expect(await screen.findByText('The name is too long: at most 80 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Two\tcolumns' } });
    expect(await screen.findByText('The name cannot contain line breaks or other control characters.')).toBeTruthy();
    expect(server.s.calls.some((c) => c.path === '/api/org/create')).toBe(false);

    server.s.createFails = 'You already belong to 20 teams';
    fireEvent.change(input, { target: { value: '  Blue Desk  ' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('team-create-failed')).textContent).toBe('The team could not be created: You already belong to 20 teams');
    expect(server.s.calls.find((c) => c.path === '/api/org/create')?.body).toEqual({ name: 'Blue Desk' });
    expect(reload).not.toHaveBeenCalled();

    server.s.createFails = null;
    fireEvent.click(submit);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(activeOrg()).toEqual({ id: 30, name: 'Blue Desk', role: 'owner' });
  });

  it('words the dialog in Chinese too', async () => {
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'zh-CN', answer: orgServer().answer });
    const menu = await openMenu();
    expect(within(menu).getByTestId('team-create').textContent).toBe('创建团队…');
    fireEvent.click(within(menu).getByTestId('team-create'));
    fireEvent.click(await screen.findByTestId('team-create-submit'));
    expect(await screen.findByText('请输入团队名称。')).toBeTruthy();
  });
});

describe('following the team', () => {
  /** Another tab of the same user switched team: its write reaches this tab as a storage event. */
  function otherTabSwitches(org: { id: number; name: string; role: string } | null) {
    const key = physicalKey('tessera-org');
    act(() => {
      if (org) localStorage.setItem(key, JSON.stringify({ v: org }));
      else localStorage.removeItem(key);
      window.dispatchEvent(new StorageEvent('storage', { key }));
    });
  }

  it("reloads when another tab switches team, and says so once back", async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: orgServer().answer });
    const button = await screen.findByTestId('team-switcher');
    otherTabSwitches({ id: 13, name: 'East Agency', role: 'operator' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(button.textContent).toBe('East Agency');
    expect(JSON.parse(sessionStorage.getItem(TEAM_NOTICE_KEY)!)).toEqual({ text: 'Another tab switched team: you now work in «East Agency».', intent: 'primary' });
  });

  it('after the reload, says why once', async () => {
    sessionStorage.setItem(TEAM_NOTICE_KEY, JSON.stringify({ text: 'Another tab switched to your own work.', intent: 'primary' }));
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: orgServer().answer });
    expect(await screen.findByText('Another tab switched to your own work.')).toBeTruthy();
    expect(sessionStorage.getItem(TEAM_NOTICE_KEY)).toBeNull();
  });

  it('does not reload while a job runs here: it says the team changed and asks for a reload once the jobs are done', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    const { store } = await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: orgServer().answer });
    await screen.findByTestId('team-switcher');
    runJob(store);
    otherTabSwitches(null);
    expect(await screen.findByText(/^Another tab switched to your own work\. Reload the page once the running jobs are done/)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a removal the server reported: back to the own work, said in a toast, the page reloaded', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: orgServer().answer });
    const button = await screen.findByTestId('team-switcher');
    act(() => reportNotMember(12, 'not a member'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(button.textContent).toBe('My own work');
    const notice = { text: 'You are no longer a member of «Growth»; you are back to your own work.', intent: 'warning' };
    expect(JSON.parse(sessionStorage.getItem(TEAM_NOTICE_KEY)!)).toEqual(notice);
  });

  it('the removal toast shows at once when a job keeps the page from reloading, in Chinese too', async () => {
    setActiveOrg({ id: 12, name: '增长组', role: 'admin' });
    const { store } = await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'zh-CN', answer: orgServer().answer });
    await screen.findByTestId('team-switcher');
    runJob(store);
    act(() => reportNotMember(12, 'not a member'));
    expect(await screen.findByText(/^你已不再是「增长组」的成员，已回到你的个人工作区。请在正在运行的任务结束后刷新页面/)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(activeOrg()).toBeNull();
  });

  it('a removal from a team the page does not work in is said, nothing reloads', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    await renderWithKernel({ plugins: PLUGINS, route: '/teamhost/index', locale: 'en-US', answer: orgServer().answer });
    await screen.findByTestId('team-switcher');
    act(() => reportNotMember(13, 'not a member'));
    expect(await screen.findByText('You are no longer a member of «#13».')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(activeOrg()?.id).toBe(12);
  });
});
