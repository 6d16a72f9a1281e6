// The action dialog says the team policy's "no" as it opens (src/kernel/runner/ActionDialog.tsx, the
// runner's `teamPolicyDenial`, src/kernel/runner/admission.ts): a viewer does not fill a form that Start
// would refuse; the words are the refusal's own (src/kernel/runner/refusal-text.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { setActiveOrg } from '../../src/kernel/core/active-org';
import { teamPolicyNow } from '../../src/kernel/shell/team-policy-start';
import { DEFAULT_ORG_POLICY } from '../../protocol/org-policy';
import type { OrgRole } from '../../protocol/api/org';
import type { JobItem } from '../../src/kernel/runner/types';

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>demo</p> }) }],
  actions: [{ verb: 'check', target: 'adaccount', run: async () => {} }],
  locales: {
    'zh-CN': { title: '演示', actions: { check: { title: '检查' } } },
    'en-US': { title: 'Demo', actions: { check: { title: 'Check' } } },
  },
};
const selection: JobItem[] = [{ id: 'a1' }, { id: 'a2' }];

afterEach(() => setActiveOrg(null));

async function openDialog(role: OrgRole, locale: 'en-US' | 'zh-CN' = 'en-US') {
  setActiveOrg({ id: 5, name: 'Growth', role });
  const { bus } = await renderWithKernel({
    plugins: [demo], locale, route: '/demo/index',
    answer: (path) => (path === '/api/org/policy' ? DEFAULT_ORG_POLICY : path === '/api/org/list' ? [{ id: 5, name: 'Growth', role }] : undefined),
  });
  await waitFor(() => expect(teamPolicyNow().state).toBe('ready'), { timeout: 10_000 });
  act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: selection.map((i) => i.id), items: selection }));
  act(() => bus.emit('palette:opened', undefined));
  fireEvent.click(await screen.findByText(locale === 'en-US' ? 'Check' : '检查', {}, { timeout: 10_000 }));
  return screen.findByRole('dialog');
}

describe("the action dialog and the team's policy", () => {
  it('a viewer sees the refusal at the top as the dialog opens, and Start is off', async () => {
    const dialog = await openDialog('viewer');
    const denied = within(dialog).getByTestId('action-policy-denied');
    expect(denied.textContent).toBe("Your team's rules do not let your role run actions. Ask an owner or admin of the team.");
    expect((within(dialog).getByTestId('action-start') as HTMLButtonElement).disabled).toBe(true);
    // the refusal is said once
    expect(within(dialog).queryByTestId('action-refusal')).toBeNull();
  });

  it('in Chinese too', async () => {
    const dialog = await openDialog('viewer', 'zh-CN');
    expect(within(dialog).getByTestId('action-policy-denied').textContent).toContain('团队');
  });

  it('an operator, whom the policy lets run it, sees no refusal and may start', async () => {
    const dialog = await openDialog('operator');
    expect(within(dialog).queryByTestId('action-policy-denied')).toBeNull();
    expect((within(dialog).getByTestId('action-start') as HTMLButtonElement).disabled).toBe(false);
  });
});
