// What a team shares, as its members see it (docs/TEAMS.md "What a team shares"): the saved lists and the
// named workspaces say whose they are, and a viewer's controls that would change them are disabled.
import { afterEach, describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { setActiveOrg } from '../../src/kernel/core/active-org';
import { SharedListsNote, useSharedListsReadOnly, Workspace } from '../../src/kernel';

configure({ asyncUtilTimeout: 5000 });

function Lists() {
  const readOnly = useSharedListsReadOnly();
  return (
    <div>
      <SharedListsNote />
      <button type="button" disabled={readOnly}>Save list</button>
    </div>
  );
}
const PLUGINS = [
  { id: 'listhost', routes: [{ path: '/listhost/index', component: async () => ({ default: Lists }) }] },
  { id: 'wshost', routes: [{ path: '/wshost/index', component: async () => ({ default: () => <Workspace /> }) }] },
];

afterEach(() => setActiveOrg(null));

describe('what a team shares, on screen', () => {
  it('on their own: no note, nothing disabled', async () => {
    await renderWithKernel({ plugins: PLUGINS, route: '/listhost/index', locale: 'en-US' });
    expect((await screen.findByRole('button', { name: 'Save list' })).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('shared-lists-note')).toBeNull();
  });

  it("an operator of a team: the lists are the team's and can be changed", async () => {
    setActiveOrg({ id: 12, name: 'Growth <b>', role: 'operator' });
    await renderWithKernel({ plugins: PLUGINS, route: '/listhost/index', locale: 'en-US' });
    expect((await screen.findByTestId('shared-lists-note')).textContent).toBe('Saved lists of the team “Growth <b>”: every member sees them');
    expect(screen.getByRole('button', { name: 'Save list' }).hasAttribute('disabled')).toBe(false);
  });

  it('a viewer: told they only use them, in both languages; saving is disabled', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'viewer' });
    await renderWithKernel({ plugins: PLUGINS, route: '/listhost/index', locale: 'zh-CN' });
    expect((await screen.findByTestId('shared-lists-note')).textContent).toBe('团队“Growth”保存的列表：你是查看者，可以使用但不能修改');
    expect(screen.getByRole('button', { name: 'Save list' }).hasAttribute('disabled')).toBe(true);
  });

  it("a viewer's workspace: the team's workspaces, and no saving over them", async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'viewer' });
    await renderWithKernel({ plugins: PLUGINS, route: '/wshost/index', locale: 'en-US' });
    expect((await screen.findByTestId('workspace-team')).textContent).toBe('Workspaces of the team “Growth”');
    const save = screen.getByRole('button', { name: 'Save workspace as' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(save.getAttribute('title')).toBe('You are a viewer in this team: you can open its workspaces but not change them');
  });
});
