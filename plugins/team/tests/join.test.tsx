// Joining by an invitation's link (plugins/team/views/JoinScreen.tsx): the token accepted once, the page
// then works in the team; a refused token shows the server's words and a way back.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { activeOrg, setActiveOrg } from '../../../src/kernel/api/active-org';
import team from '..';
import { fakeTeam } from './fake-team';

afterEach(() => setActiveOrg(null));

describe('joining a team', () => {
  it('accepts the token once, works in the team and shows its members', async () => {
    const server = fakeTeam();
    await renderWithKernel({ plugins: [team], route: '/team/join?token=abc123', locale: 'en-US', answer: server.answer });
    await screen.findByTestId('team-members', {}, { timeout: 5000 });
    expect(server.posts.filter((p) => p.path === '/api/org/invites/accept')).toEqual([{ path: '/api/org/invites/accept', body: { token: 'abc123' } }]);
    expect(activeOrg()).toEqual({ id: 5, name: 'Growth', role: 'operator' });
    await waitFor(() => expect(document.querySelector('[data-team-name]')?.textContent).toContain('Growth'));
  });

  it('a bad or someone else\'s invitation shows the server\'s words and a way back', async () => {
    const server = fakeTeam();
    server.refuse['/api/org/invites/accept'] = 'This invitation was sent to another e-mail address';
    await renderWithKernel({ plugins: [team], route: '/team/join?token=expired', locale: 'en-US', answer: server.answer });
    expect(await screen.findByText('This invitation was sent to another e-mail address', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The invitation could not be accepted')).toBeTruthy();
    expect(activeOrg()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the team' }));
    await screen.findByTestId('team-members');
  });

  it('a link without a token says so and sends nothing', async () => {
    const server = fakeTeam();
    await renderWithKernel({ plugins: [team], route: '/team/join', locale: 'en-US', answer: server.answer });
    expect(await screen.findByText(/This link has no invitation in it/, {}, { timeout: 5000 })).toBeTruthy();
    expect(server.posts).toEqual([]);
  });
});
