// The action policy (plugins/team/views/PolicyScreen.tsx): owners and admins edit each role's verdicts,
// its approval limit and per-action entries and save the whole policy; other members read it.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { setActiveOrg } from '../../../src/kernel/core/active-org';
import team from '..';
import adaccount from '../../adaccount';
import page from '../../page';
import { fakeTeam, type FakeTeam } from './fake-team';
import type { OrgRole } from '../../../protocol/api';

async function open(server: FakeTeam, role: OrgRole) {
  setActiveOrg({ id: 5, name: 'Growth', role });
  await renderWithKernel({ plugins: [adaccount, page, team], route: '/team/policy', locale: 'en-US', answer: server.answer });
  await screen.findByTestId('team-policy', {}, { timeout: 10_000 });
  await waitFor(() => expect(document.querySelector('[data-team-policy-role="operator"]')).toBeTruthy(), { timeout: 10_000 });
}
const card = (role: string) => document.querySelector(`[data-team-policy-role="${role}"]`) as HTMLElement;
const change = (el: Element, value: string) => fireEvent.change(el, { target: { value } });

afterEach(() => setActiveOrg(null));

describe('the action policy', () => {
  it('says it is a guard rail; an admin\'s changes go as the whole policy, an empty limit as no limit', async () => {
    const server = fakeTeam();
    await open(server, 'admin');
    expect(document.querySelector('[data-team-guard-rail]')!.textContent).toMatch(/guard rail, not a wall/);
    const operator = card('operator');
    expect((within(operator).getByLabelText('Needs approval above this many items') as HTMLInputElement).value).toBe('200');
    change(within(operator).getByLabelText('Actions'), 'deny');
    change(within(operator).getByLabelText('Needs approval above this many items'), '');
    // an action of a loaded area, in the operator's words, and a whole area
    const pick = within(operator).getByLabelText('Action or area') as HTMLSelectElement;
    const labels = [...pick.options].map((o) => o.textContent);
    expect(labels).toContain('Ad accounts: every action');
    expect([...pick.options].map((o) => o.value)).toContain('adaccount.rename');
    change(pick, 'adaccount.rename');
    change(within(operator).getByLabelText('Rule'), 'allow');
    fireEvent.click(within(operator).getByRole('button', { name: 'Add' }));
    change(pick, 'page.*');
    change(within(operator).getAllByLabelText('Rule').at(-1)!, 'approval');
    fireEvent.click(within(operator).getByRole('button', { name: 'Add' }));
    expect(operator.querySelector('[data-team-policy-action="adaccount.rename"]')).toBeTruthy();
    change(within(card('viewer')).getByLabelText('Needs approval above this many items'), '10');

    fireEvent.click(screen.getByTestId('team-policy-save'));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]).toEqual({
      path: '/api/org/policy',
      body: {
        policy: {
          admin: { default: 'allow', irreversible: 'allow', approvalAbove: null, actions: {} },
          operator: { default: 'deny', irreversible: 'approval', approvalAbove: null, actions: { 'adaccount.rename': 'allow', 'page.*': 'approval' } },
          viewer: { default: 'deny', irreversible: 'deny', approvalAbove: 10, actions: {} },
        },
      },
    });
    expect(await screen.findByText('The policy is saved.')).toBeTruthy();
  });

  it('a limit that is not a whole number is named and nothing is sent; the server\'s refusal shows', async () => {
    const server = fakeTeam();
    await open(server, 'owner');
    change(within(card('operator')).getByLabelText('Needs approval above this many items'), '2.5');
    fireEvent.click(screen.getByTestId('team-policy-save'));
    expect(await screen.findByText('Operator: the number of items must be a whole number, or empty for no limit')).toBeTruthy();
    expect(server.posts).toEqual([]);
    change(within(card('operator')).getByLabelText('Needs approval above this many items'), '300');
    server.refuse['/api/org/policy'] = 'Too many entries';
    fireEvent.click(screen.getByTestId('team-policy-save'));
    expect(await screen.findByText('The policy was not saved: Too many entries')).toBeTruthy();
  });

  it('an operator reads the policy: nothing to change, nothing to save', async () => {
    const server = fakeTeam();
    server.policy.operator.actions = { 'adaccount.rename': 'deny' };
    await open(server, 'operator');
    expect(screen.getByText('Only the team\'s owners and admins can change the policy.')).toBeTruthy();
    expect((within(card('operator')).getByLabelText('Actions') as HTMLSelectElement).disabled).toBe(true);
    expect(card('operator').querySelector('[data-team-policy-action="adaccount.rename"]')!.textContent).toContain('Ad accounts');
    expect(screen.queryByTestId('team-policy-save')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
