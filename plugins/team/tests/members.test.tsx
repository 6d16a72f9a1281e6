// The team's members screen (plugins/team/views/MembersScreen.tsx): creating a team when the page works
// on its own, the controls each role has, the invitation's checks, and leaving.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { activeOrg, setActiveOrg } from '../../../src/kernel/core/active-org';
import team from '..';
import { reloadPage } from '../views/page-reload';
import { fakeTeam, type FakeTeam } from './fake-team';
import type { OrgRole } from '../../../protocol/api';

vi.mock('../views/page-reload', () => ({ reloadPage: vi.fn() }));

async function open(server: FakeTeam, role: OrgRole | null, locale: 'en-US' | 'zh-CN' = 'en-US') {
  setActiveOrg(role ? { id: 5, name: 'Growth', role } : null);
  await renderWithKernel({ plugins: [team], route: '/team/members', locale, answer: server.answer, user: { role: 'user', id: '1' } });
  await screen.findByTestId('team-members', {}, { timeout: 10_000 });
}
const row = (userId: number) => document.querySelector(`[data-team-member="${userId}"]`) as HTMLElement;
const change = (el: Element, value: string) => fireEvent.change(el, { target: { value } });
const optionValues = (select: Element) => [...(select as HTMLSelectElement).options].map((o) => o.value);

afterEach(() => { setActiveOrg(null); vi.mocked(reloadPage).mockClear(); });

describe('the members screen on one\'s own', () => {
  it('explains teams; an empty name is refused here; a name creates the team, works in it and reloads', async () => {
    const server = fakeTeam();
    await open(server, null);
    expect(screen.getByText('You are working on your own')).toBeTruthy();
    // the name's form loads its code on first show (src/kernel/shell/TeamNameForm.tsx, through @kernel)
    fireEvent.click(await screen.findByTestId('team-create', {}, { timeout: 10_000 }));
    expect(await screen.findByText("Enter the team's name.")).toBeTruthy();
    expect(server.posts).toEqual([]);
    change(screen.getByLabelText('Team name'), '  Night shift ');
    fireEvent.click(screen.getByTestId('team-create'));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(server.posts).toEqual([{ path: '/api/org/create', body: { name: 'Night shift' } }]);
    expect(activeOrg()).toEqual({ id: 77, name: 'Night shift', role: 'owner' });
  });

  it('in Chinese too', async () => {
    await open(fakeTeam(), null, 'zh-CN');
    expect(screen.getByText('你目前独自工作')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '创建团队' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('the members screen in a team', () => {
  it('an admin changes operators and viewers only, to operator or viewer; the server\'s refusal shows', async () => {
    const server = fakeTeam();
    await open(server, 'admin');
    await waitFor(() => expect(row(3)).toBeTruthy());
    expect(within(row(1)).queryByRole('combobox')).toBeNull(); // oneself
    expect(within(row(2)).queryByRole('combobox')).toBeNull(); // an owner
    expect(within(row(5)).queryByRole('combobox')).toBeNull(); // another admin
    expect(within(row(5)).queryByRole('button', { name: 'Remove' })).toBeNull();
    const select = within(row(3)).getByRole('combobox', { name: 'Role of Ahmed' });
    expect(optionValues(select)).toEqual(['operator', 'viewer']);
    change(select, 'viewer');
    await waitFor(() => expect(server.posts).toEqual([{ path: '/api/org/members/role', body: { userId: 3, role: 'viewer' } }]));

    server.refuse['/api/org/members/role'] = 'Only an owner may change an admin';
    change(within(row(4)).getByRole('combobox'), 'operator');
    expect((await screen.findByText('Not done: Only an owner may change an admin'))).toBeTruthy();
    // the invitations of the team, and a way to invite
    expect(document.querySelector('[data-team-invite="9"]')!.textContent).toContain('new@tessera.test');
    expect(screen.getByTestId('team-invite-open')).toBeTruthy();
  });

  it('an owner changes everyone else, to any role', async () => {
    await open(fakeTeam(), 'owner');
    await waitFor(() => expect(row(5)).toBeTruthy());
    expect(optionValues(within(row(5)).getByRole('combobox'))).toEqual(['owner', 'admin', 'operator', 'viewer']);
    expect(within(row(2)).getByRole('combobox')).toBeTruthy();
    expect(within(row(1)).queryByRole('combobox')).toBeNull();
  });

  it('an operator reads the members: no role to change, nobody to remove or invite, no invitations read', async () => {
    const server = fakeTeam();
    const gets: string[] = [];
    const answer = server.answer;
    server.answer = (path, init) => { if (init?.method !== 'POST') gets.push(path); return answer(path, init); };
    await open(server, 'operator');
    await waitFor(() => expect(row(3)).toBeTruthy());
    expect(document.querySelectorAll('[data-team-member-table] select')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByTestId('team-invite-open')).toBeNull();
    expect(screen.queryByTestId('team-rename')).toBeNull();
    expect(gets).not.toContain('/api/org/invites');
  });

  it('an invitation needs an e-mail address; sent, it shows among the pending ones', async () => {
    const server = fakeTeam();
    await open(server, 'admin');
    fireEvent.click(await screen.findByTestId('team-invite-open'));
    const dialog = await screen.findByRole('dialog');
    expect(optionValues(within(dialog).getByLabelText('Role'))).toEqual(['operator', 'viewer']);
    fireEvent.click(within(dialog).getByTestId('team-invite-send'));
    expect(await within(dialog).findByText('Enter the e-mail address to invite')).toBeTruthy();
    change(within(dialog).getByLabelText('E-mail address'), 'not-an-address');
    fireEvent.click(within(dialog).getByTestId('team-invite-send'));
    expect(await within(dialog).findByText('This is not an e-mail address')).toBeTruthy();
    expect(server.posts).toEqual([]);

    server.refuse['/api/org/invite'] = 'This address is already a member';
    change(within(dialog).getByLabelText('E-mail address'), 'olga@tessera.test');
    fireEvent.click(within(dialog).getByTestId('team-invite-send'));
    expect(await within(dialog).findByText('The invitation was not sent: This address is already a member')).toBeTruthy();

    change(within(dialog).getByLabelText('E-mail address'), ' kim@tessera.test ');
    change(within(dialog).getByLabelText('Role'), 'viewer');
    fireEvent.click(within(dialog).getByTestId('team-invite-send'));
    await waitFor(() => expect(document.querySelector('[data-team-invite="101"]')?.textContent).toContain('kim@tessera.test'));
    expect(server.posts.at(-1)).toEqual({ path: '/api/org/invite', body: { email: 'kim@tessera.test', role: 'viewer' } });
    // withdrawn
    fireEvent.click(within(document.querySelector('[data-team-invite="101"]') as HTMLElement).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(document.querySelector('[data-team-invite="101"]')).toBeNull());
    expect(server.posts.at(-1)).toEqual({ path: '/api/org/invites/revoke', body: { id: 101 } });
  });

  it('a member is removed only once the operator confirms', async () => {
    const server = fakeTeam();
    await open(server, 'admin');
    await waitFor(() => expect(row(4)).toBeTruthy());
    fireEvent.click(within(row(4)).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Remove Li from Growth?');
    expect(server.posts).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove from the team' }));
    await waitFor(() => expect(row(4)).toBeNull());
    expect(server.posts).toEqual([{ path: '/api/org/members/remove', body: { userId: 4 } }]);
  });

  it('leaving, confirmed, leaves the team in the page and reloads; the last owner\'s refusal shows', async () => {
    const server = fakeTeam();
    server.refuse['/api/org/leave'] = 'A team keeps at least one owner';
    await open(server, 'owner');
    const leave = async () => {
      fireEvent.click(screen.getByTestId('team-leave'));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    };
    await leave();
    expect(await screen.findByText('Not done: A team keeps at least one owner')).toBeTruthy();
    expect(activeOrg()?.id).toBe(5);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await leave();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(activeOrg()).toBeNull();
    expect(server.posts.map((p) => p.path)).toEqual(['/api/org/leave', '/api/org/leave']);
  });

  it('an admin renames the team; the page shows the new name', async () => {
    const server = fakeTeam();
    await open(server, 'admin');
    fireEvent.click(await screen.findByTestId('team-rename'));
    change(await screen.findByLabelText('Team name', {}, { timeout: 10_000 }), 'Growth EU');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('[data-team-name]')?.textContent).toContain('Growth EU'));
    expect(server.posts).toEqual([{ path: '/api/org/rename', body: { name: 'Growth EU' } }]);
    expect(activeOrg()?.name).toBe('Growth EU');
  });
});
