// The audit log (plugins/team/views/AuditScreen.tsx): the search's query from the form, the entries shown
// as text, paging, and the CSV export fetched with the session's token and the team.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { setActiveOrg } from '../../../src/kernel/core/active-org';
import team from '..';
import adaccount from '../../adaccount';
import { auditQuery, changeLines } from '../views/audit-model';
import { fakeTeam } from './fake-team';
import type { AuditEntry } from '../../../protocol/api';

const ENTRY: AuditEntry = {
  at: '2026-11-20T10:00:00Z', actor: { userId: 3, email: 'ahmed@tessera.test', name: 'Ahmed' }, fbid: '61550000000001', job: 'job-1',
  action: 'adaccount.rename', object: 'act_42', item: 'act_42', attempt: 1, params: { name: '<b>Spring</b>' }, outcome: 'done',
  before: { name: 'Old', status: 1 }, after: { name: '<b>Spring</b>', status: 1 },
};

afterEach(() => { setActiveOrg(null); vi.unstubAllGlobals(); vi.restoreAllMocks(); });

describe('the audit search', () => {
  it('leaves out empty fields; a day range runs from the first day\'s start to the end of the last', () => {
    expect(auditQuery({ object: ' ', actor: '', action: '', since: '', until: '' })).toEqual({});
    const q = auditQuery({ object: ' act_42 ', actor: '3', action: 'adaccount.*', since: '2026-11-01', until: '2026-11-30' });
    expect(q).toEqual({ object: 'act_42', actor: '3', action: 'adaccount.*', since: new Date(2026, 10, 1).toISOString(), until: new Date(2026, 11, 1).toISOString() });
    expect(changeLines(ENTRY)).toEqual(['name: Old → <b>Spring</b>']);
  });

  it('sends the form as the query, shows the entries as text, pages, and exports the same search as CSV', async () => {
    const server = fakeTeam({ audit: [ENTRY], auditTotal: 120 });
    setActiveOrg({ id: 5, name: 'Growth', role: 'admin' });
    const { api } = await renderWithKernel({ plugins: [adaccount, team], route: '/team/audit', locale: 'en-US', answer: server.answer, user: { role: 'user', id: '1' } });
    const entry = await waitFor(() => { const el = document.querySelector('[data-team-audit-entry]'); if (!el) throw new Error('no entry yet'); return el as HTMLElement; }, { timeout: 10_000 });
    expect(entry.textContent).toContain('Ahmed');
    expect(entry.textContent).toContain('61550000000001');
    expect(entry.textContent).toContain('act_42');
    expect(entry.textContent).toContain('name: Old → <b>Spring</b>'); // text, never HTML
    expect(entry.querySelector('b')).toBeNull();
    expect(screen.getByText('120 changes')).toBeTruthy();

    const get = vi.spyOn(api, 'get');
    // the people are the team's members
    const person = await waitFor(() => { const el = screen.getByLabelText('Person') as HTMLSelectElement; if (el.options.length < 2) throw new Error('no members yet'); return el; });
    expect([...person.options].map((o) => o.textContent)).toContain('Ahmed (ahmed@tessera.test)');
    fireEvent.change(screen.getByLabelText('Object id'), { target: { value: 'act_42' } });
    fireEvent.change(person, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'adaccount.rename' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByTestId('team-audit-search'));
    const query = { object: 'act_42', actor: '3', action: 'adaccount.rename', since: new Date(2026, 10, 1).toISOString() };
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/audit', { query: { ...query, page: 1, pageSize: 50 } }));
    await waitFor(() => expect((screen.getByTestId('team-audit-next') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('team-audit-next'));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/audit', { query: { ...query, page: 2, pageSize: 50 } }));

    const fetchCsv = vi.fn(async () => new Response('time,person\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetchCsv);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:audit');
    // jsdom has no object URLs and cannot follow a download link
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('team-audit-export'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^audit-\d{8}-\d{4}\.csv$/);
    expect(createObjectURL.mock.calls[0]![0]).toMatchObject({ size: 12, type: 'text/csv' }); // the answer's body as it came
    const [url, init] = fetchCsv.mock.calls[0] as unknown as [string, RequestInit];
    const sent = new URL(url, 'http://localhost');
    expect(sent.pathname).toBe('/api/audit/export');
    expect(Object.fromEntries(sent.searchParams)).toEqual(query);
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer test-token');
    expect(headers['x-tessera-org']).toBe('5');
  });

  it('an export the server refuses shows its words', async () => {
    const server = fakeTeam();
    setActiveOrg({ id: 5, name: 'Growth', role: 'operator' });
    await renderWithKernel({ plugins: [team], route: '/team/audit', locale: 'en-US', answer: server.answer });
    await screen.findByText('No change matches this search.', {}, { timeout: 10_000 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 0, code: 40300, info: 'Not a member of this team', data: null }), { status: 403, headers: { 'content-type': 'application/json' } })));
    fireEvent.click(screen.getByTestId('team-audit-export'));
    expect(await screen.findByText('The CSV file could not be made: Not a member of this team')).toBeTruthy();
    expect(within(screen.getByTestId('team-audit')).queryByText(/every action/)).toBeNull();
  });
});
