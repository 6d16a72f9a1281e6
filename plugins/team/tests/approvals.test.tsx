// Approvals (plugins/team/views/ApprovalsScreen.tsx): the list by status, the detail with the dry run as
// text, approve / reject with a comment by an owner or admin (not their own), withdraw by the requester.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { setActiveOrg } from '../../../src/kernel/core/active-org';
import team from '..';
import adaccount from '../../adaccount';
import { fakeTeam, type FakeTeam } from './fake-team';
import type { ApprovalView, OrgRole } from '../../../protocol/api';

const approval = (id: number, requester: { userId: number; name: string }, extra: Partial<ApprovalView> = {}): ApprovalView => ({
  id, status: 'pending', reason: 'size', action: 'adaccount.rename', job: `job-${id}`, fbid: '61550000000001',
  items: ['act_1', 'act_2', 'act_3'], params: { name: 'Spring {n}' },
  dryRun: [
    { id: 'act_1', name: '<img src=x onerror=alert(1)>', changes: [{ field: 'name', from: 'Old <i>one</i>', to: 'Spring 1' }] },
    { id: 'act_2', name: 'Two', changes: [], skip: 'The account is closed' },
  ],
  digest: 'abc', requester: { ...requester, email: `${requester.name.toLowerCase()}@tessera.test` }, decidedBy: null, comment: '',
  createdAt: '2026-11-28T08:00:00Z', decidedAt: null, ...extra,
});

async function open(server: FakeTeam, role: OrgRole) {
  setActiveOrg({ id: 5, name: 'Growth', role });
  const { api } = await renderWithKernel({ plugins: [adaccount, team], route: '/team/approvals', locale: 'en-US', answer: server.answer, user: { role: 'user', id: '1' } });
  await screen.findByTestId('team-approvals', {}, { timeout: 10_000 });
  return api;
}
async function openDetail(id: number) {
  const row = await waitFor(() => { const el = document.querySelector(`[data-team-approval="${id}"]`); if (!el) throw new Error('no row yet'); return el as HTMLElement; }, { timeout: 10_000 });
  fireEvent.click(row);
  return waitFor(() => { const el = document.querySelector(`[data-team-approval-detail="${id}"]`); if (!el) throw new Error('no detail yet'); return el as HTMLElement; });
}

afterEach(() => setActiveOrg(null));

describe('approvals', () => {
  it('an admin reads the job and its dry run as text, and approves it with a comment', async () => {
    const server = fakeTeam({ approvals: [approval(11, { userId: 3, name: 'Ahmed' })] });
    await open(server, 'admin');
    const detail = await openDetail(11);
    expect(detail.textContent).toContain('3 items');
    expect(detail.textContent).toContain('name: Spring {n}');
    const rows = detail.querySelectorAll('[data-team-dry-row]');
    expect(rows[0]!.textContent).toContain('<img src=x onerror=alert(1)> (act_1)');
    expect(rows[0]!.textContent).toContain('name: Old <i>one</i> → Spring 1');
    expect(detail.querySelector('img, i')).toBeNull(); // text, never HTML
    expect(rows[1]!.textContent).toContain('Skipped: The account is closed');

    fireEvent.change(within(detail).getByLabelText('Comment'), { target: { value: ' Fine for the spring sale ' } });
    fireEvent.click(within(detail).getByTestId('team-approve'));
    await waitFor(() => expect(server.posts).toEqual([{ path: '/api/org/approvals/decide', body: { id: 11, approve: true, comment: 'Fine for the spring sale' } }]));
    await waitFor(() => expect(detail.textContent).toContain('Approved'));
    expect(within(detail).queryByTestId('team-approve')).toBeNull();
  });

  it('a rejection goes with approve: false; the server\'s refusal shows', async () => {
    const server = fakeTeam({ approvals: [approval(12, { userId: 4, name: 'Li' })] });
    server.refuse['/api/org/approvals/decide'] = 'This request was already decided';
    await open(server, 'owner');
    const detail = await openDetail(12);
    fireEvent.change(within(detail).getByLabelText('Comment'), { target: { value: 'Too many' } });
    fireEvent.click(within(detail).getByTestId('team-reject'));
    expect(await within(detail).findByText('Not done: This request was already decided')).toBeTruthy();
    fireEvent.click(within(detail).getByTestId('team-reject'));
    await waitFor(() => expect(server.posts).toHaveLength(2));
    expect(server.posts[1]).toEqual({ path: '/api/org/approvals/decide', body: { id: 12, approve: false, comment: 'Too many' } });
  });

  it('one\'s own request is not approved by oneself, and is withdrawn while it waits', async () => {
    const server = fakeTeam({ approvals: [approval(13, { userId: 1, name: 'Me' })] });
    await open(server, 'admin');
    const detail = await openDetail(13);
    expect(within(detail).queryByTestId('team-approve')).toBeNull();
    expect(detail.textContent).toContain('Another owner or admin decides on your own request.');
    fireEvent.click(within(detail).getByTestId('team-cancel-request'));
    await waitFor(() => expect(server.posts).toEqual([{ path: '/api/org/approvals/cancel', body: { id: 13 } }]));
    await waitFor(() => expect(detail.textContent).toContain('Withdrawn'));
  });

  it('an operator decides nothing; the status filter asks the server again', async () => {
    const server = fakeTeam({ approvals: [approval(14, { userId: 3, name: 'Ahmed' })] });
    const api = await open(server, 'operator');
    const detail = await openDetail(14);
    expect(within(detail).queryByTestId('team-approve')).toBeNull();
    expect(within(detail).queryByTestId('team-cancel-request')).toBeNull();
    expect(screen.getByText('Your jobs that wait for an owner\'s or admin\'s approval.')).toBeTruthy();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('pending');
    expect([...status.options].map((o) => o.textContent)).toEqual(['Any status', 'Waiting', 'Approved', 'Rejected', 'Withdrawn', 'Run']);
    const get = vi.spyOn(api, 'get');
    fireEvent.change(status, { target: { value: 'approved' } });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/org/approvals', { query: { status: 'approved', page: 1, pageSize: 50 } }));
    fireEvent.change(status, { target: { value: '' } });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/org/approvals', { query: { page: 1, pageSize: 50 } }));
  });
});
