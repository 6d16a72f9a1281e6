// The admin's "Platform version" screen: the version in use, a form with the admin's password, the
// server's refusal shown as it came, and the link a #2635 pause gives admins opens it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import admin from '../../plugins/admin/index';
import { PLATFORM_SETTINGS_PATH } from '../../src/kernel/runner/VersionRetired';
import { graphVersion } from '../../src/kernel/bridge/bridge';
import { setGraphVersion } from '../../src/kernel/bridge/graph-version';

function fakePlatform() {
  const posts: unknown[] = [];
  let view = { graphVersion: 'v24.0', defaultGraphVersion: 'v24.0', updatedAt: null as string | null };
  const answer = (path: string, init: RequestInit | undefined) => {
    if (path === '/api/admin/platform' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { password: string; graphVersion: string };
      posts.push(body);
      if (body.password !== 'admin-pass') return { envelope: { status: 0, code: 40001, info: 'Wrong admin password; nothing was changed', data: null } };
      view = { ...view, graphVersion: body.graphVersion, updatedAt: '2026-01-02T03:04:05.000Z' };
      return view;
    }
    if (path === '/api/admin/platform') return view;
    if (path === '/api/runtime') return { demo: false, graphBase: null, webVersion: 'x', graphVersion: view.graphVersion, websocketUrl: null, paymentPublicKey: null };
    return undefined;
  };
  return { answer, posts };
}

describe('admin: platform version', () => {
  it('opens from the #2635 link, shows the version in use and sets a new one with the password; this tab names it at once', async () => {
    const server = fakePlatform();
    setGraphVersion('v24.0');
    try {
      await renderWithKernel({ plugins: [admin], user: { role: 'admin' }, route: PLATFORM_SETTINGS_PATH, locale: 'en-US', answer: server.answer });
      const current = await screen.findByTestId('platform-current', {}, { timeout: 10_000 }); // the panel's code loads on first opening
      await waitFor(() => expect(current.textContent).toContain('v24.0'));
      expect(current.textContent).toContain('the server\'s default (v24.0)');

      // a version that is not one, or no password: refused here, nothing sent
      fireEvent.change(screen.getByLabelText('New version'), { target: { value: 'v25' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Enter a version such as v24.0: the letter v, one or two digits, then .0');
      fireEvent.change(screen.getByLabelText('New version'), { target: { value: 'v25.0' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Enter your password to change the version');
      expect(server.posts).toEqual([]);

      // the wrong password: the server's message, nothing changed
      fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'guess' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong admin password; nothing was changed'));
      expect(current.textContent).toContain('v24.0');

      fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'admin-pass' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByTestId('platform-current').textContent).toContain('v25.0'));
      expect(server.posts.at(-1)).toEqual({ password: 'admin-pass', graphVersion: 'v25.0' });
      expect(screen.queryByRole('alert')).toBeNull();
      await waitFor(() => expect(graphVersion()).toBe('v25.0'));
    } finally {
      setGraphVersion('v24.0');
    }
  });
});
