// Invitations (plugins/team/views/JoinScreen.tsx): the link's token accepted once, the page
// then works in the team; a refused token shows the server's words and a way back; without a token, the
// invitations addressed to the user.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { activeOrg, setActiveOrg } from '../../../src/kernel/core/active-org';
import { noteMyInvites } from '../../../src/kernel/api/my-invites';
import team from '..';
import { fakeTeam } from './fake-team';

afterEach(() => { setActiveOrg(null); noteMyInvites(null); });

/**
 * The side menu's entry of the invitations screen, or null when the menu does not list it (hidden by
 * src/kernel/shell/shell.css once the page knows none is left: jsdom applies no style sheet, so the rule's
 * selector is asked).
 */
const invitationsEntry = () => document.querySelector('.tessera-sidemenu a[href="/team/join"]:not([data-no-invites] [data-menu-if="invitations"])');

describe('joining a team', () => {
  it('accepts the token once, works in the team and shows its members', async () => {
    const server = fakeTeam();
    await renderWithKernel({ plugins: [team], route: '/team/join?token=abc123', locale: 'en-US', answer: server.answer });
    await screen.findByTestId('team-members', {}, { timeout: 10_000 });
    expect(server.posts.filter((p) => p.path === '/api/org/invites/accept')).toEqual([{ path: '/api/org/invites/accept', body: { token: 'abc123' } }]);
    expect(activeOrg()).toEqual({ id: 5, name: 'Growth', role: 'operator' });
    await waitFor(() => expect(document.querySelector('[data-team-name]')?.textContent).toContain('Growth'));
    // nothing is left to accept: the menu no longer lists the invitations
    await waitFor(() => expect(invitationsEntry()).toBeNull());
  });

  it('a bad or someone else\'s invitation shows the server\'s words and a way back', async () => {
    const server = fakeTeam();
    server.refuse['/api/org/invites/accept'] = 'This invitation was sent to another e-mail address';
    await renderWithKernel({ plugins: [team], route: '/team/join?token=expired', locale: 'en-US', answer: server.answer });
    expect(await screen.findByText('This invitation was sent to another e-mail address', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('The invitation could not be accepted')).toBeTruthy();
    expect(activeOrg()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the team' }));
    await screen.findByTestId('team-members', {}, { timeout: 10_000 });
  });

  it('without a token: the invitations addressed to the user, declined or accepted by id', async () => {
    const server = fakeTeam({ myInvites: [
      { id: 21, org: { id: 6, name: 'Night <shift>' }, role: 'viewer', invitedBy: 'Olga', expiresAt: '2026-12-01T09:00:00Z' },
      { id: 22, org: { id: 5, name: 'Growth' }, role: 'operator', invitedBy: 'Sam', expiresAt: '2026-12-02T09:00:00Z' },
    ] });
    await renderWithKernel({ plugins: [team], route: '/team/join', locale: 'en-US', answer: server.answer });
    const row = (id: number) => document.querySelector(`[data-team-my-invite="${id}"]`) as HTMLElement;
    await waitFor(() => expect(row(21)).toBeTruthy(), { timeout: 10_000 });
    expect(row(21).textContent).toContain('Night <shift>');
    expect(row(21).textContent).toContain('Viewer');
    // listed in the menu while some are addressed to the user
    await waitFor(() => expect(invitationsEntry()).not.toBeNull());
    fireEvent.click(within(row(21)).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(row(21)).toBeNull());
    expect(invitationsEntry()).not.toBeNull();
    server.myInvites.splice(0); // the server answers none once the last is accepted
    fireEvent.click(within(row(22)).getByRole('button', { name: 'Accept' }));
    await screen.findByTestId('team-members', {}, { timeout: 10_000 });
    await waitFor(() => expect(invitationsEntry()).toBeNull());
    expect(server.posts).toEqual([{ path: '/api/org/invites/decline', body: { id: 21 } }, { path: '/api/org/invites/accept', body: { id: 22 } }]);
    expect(activeOrg()?.id).toBe(5);
  });

  it('without a token and no invitation: says so', async () => {
    await renderWithKernel({ plugins: [team], route: '/team/join', locale: 'en-US', answer: fakeTeam().answer });
    expect(await screen.findByText(/No invitation is addressed to you/, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
