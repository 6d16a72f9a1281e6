// An object's audit entries beside its watch timeline in its detail panel (src/kernel/shell/ObjectHistory.tsx,
// src/kernel/shell/ObjectAudit.tsx; docs/TEAMS.md, "Where it stands"): read only once their tab is chosen,
// the entries in words (who, platform identity, the action's title, the outcome, before → after, the
// parameters), "Load more", an empty and an error state, the platform's text as text.
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { ObjectHistory } from '../../src/kernel/shell/ObjectHistory';
import { ObjectAudit, OBJECT_AUDIT_PAGE, auditChanges } from '../../src/kernel/shell/ObjectAudit';
import { setActiveOrg } from '../../src/kernel/core/active-org';
import adaccount from '../../plugins/adaccount';
import type { AuditEntry, AuditPage } from '../../protocol/api/audit';

afterEach(() => setActiveOrg(null));

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-11-20T10:15:00.000Z',
  actor: { userId: 7, email: 'lena@example.com', name: 'Lena' },
  fbid: '61550000000001',
  job: 'job-42',
  action: 'adaccount.rename',
  object: 'act_1',
  item: 'act_1',
  attempt: 0,
  params: { name: 'Spring <b>sale</b>' },
  outcome: 'done',
  before: { name: 'Old <i>name</i>', status: 1 },
  after: { name: 'Spring <b>sale</b>', status: 1 },
  ...over,
});

const page = (list: AuditEntry[], total = list.length, totalCapped = false, n = 1): AuditPage => ({ list, total, totalCapped, page: n, pageSize: OBJECT_AUDIT_PAGE });

type Answer = (call: number) => unknown;

/** Renders `Panel` on a route of a test plugin beside the ad-account plugin (its action titles); counts the audit requests. */
async function render(Panel: () => ReactElement, audit: Answer, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const asked: { org: string | null }[] = [];
  await renderWithKernel({
    plugins: [adaccount, { id: 'panelhost', routes: [{ path: '/panelhost/index', component: async () => ({ default: Panel }) }] }],
    route: '/panelhost/index', locale,
    answer: (path, init) => {
      if (path === '/api/watch/changes') return [];
      if (path !== '/api/audit') return undefined;
      asked.push({ org: new Headers(init?.headers).get('x-tessera-org') });
      return audit(asked.length);
    },
  });
  return asked;
}

const entries = () => [...document.querySelectorAll('[data-object-audit-entry]')] as HTMLElement[];

describe('an object\'s audit entries', () => {
  it('are read only once their tab is chosen, beside the watch timeline shown first', async () => {
    const asked = await render(() => <ObjectHistory type="adaccount" id="act_1" />, () => page([entry()]));
    await waitFor(() => expect(document.querySelector('[data-watch-timeline="adaccount:act_1"] [data-watch-empty]')).not.toBeNull(), { timeout: 10_000 });
    expect(asked).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Written by Tessera' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(asked).toHaveLength(1);
    // on one's own work no team is named: the user's own entries
    expect(asked[0]!.org).toBeNull();
    expect(screen.getByText('Your own writes to this object, made outside any team.')).toBeTruthy();
  });

  it('show when, who, the platform identity, the action\'s title, the outcome, before → after and the parameters, as text', async () => {
    await render(() => <ObjectAudit id="act_1" />, () => page([
      entry(),
      entry({ job: 'job-43', action: 'adaccount.unknownThing', outcome: 'failed', actor: { userId: 8, email: 'sam@example.com', name: '' }, fbid: '', params: null, before: null, after: null, attempt: 1 }),
    ]));
    await waitFor(() => expect(entries()).toHaveLength(2), { timeout: 10_000 });
    const [first, second] = entries() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Rename ad accounts');
    expect(first.textContent).toContain('Done');
    expect(first.textContent).toContain(new Date('2026-11-20T10:15:00.000Z').toLocaleString('en-US'));
    expect(first.textContent).toContain('By Lena (lena@example.com)');
    expect(first.textContent).toContain('as platform user 61550000000001');
    // only the fields that changed, before → after
    expect(within(first).getByText('name: Old <i>name</i> → Spring <b>sale</b>')).toBeTruthy();
    expect(first.textContent).not.toContain('status');
    expect(within(first).getByText('name: Spring <b>sale</b>')).toBeTruthy();
    // the platform's text is text, never markup
    expect(first.querySelector('b, i')).toBeNull();
    // an action no loaded plugin declares reads as its id; no name: the e-mail address; no identity, no values: left out
    expect(second.textContent).toContain('adaccount.unknownThing');
    expect(second.textContent).toContain('Failed');
    expect(second.textContent).toContain('By sam@example.com');
    expect(second.textContent).toContain('(attempt 2)');
    expect(second.textContent).not.toContain('platform user');
    expect(second.querySelector('[data-object-audit-changes], [data-object-audit-params]')).toBeNull();
  });

  it('"Load more" reads the next page and adds it under the first; in a team, the team is named', async () => {
    setActiveOrg({ id: 5, name: 'Growth', role: 'admin' });
    const many = Array.from({ length: OBJECT_AUDIT_PAGE + 3 }, (_, i) => entry({ job: `job-${i}` }));
    const asked = await render(() => <ObjectAudit id="act_1" />, (call) => (call === 1
      ? page(many.slice(0, OBJECT_AUDIT_PAGE), many.length)
      : page(many.slice(OBJECT_AUDIT_PAGE), many.length, false, 2)));
    await waitFor(() => expect(entries()).toHaveLength(OBJECT_AUDIT_PAGE), { timeout: 10_000 });
    expect(screen.getByText("Everyone's writes to this object in «Growth».")).toBeTruthy();
    expect(document.querySelector('[data-object-audit-count]')!.textContent).toBe(`${OBJECT_AUDIT_PAGE} of ${many.length} entries`);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(many.length));
    expect(document.querySelector('[data-object-audit-more]')).toBeNull();
    expect(asked.map((a) => a.org)).toEqual(['5', '5']);
  });

  it('says so when nothing is recorded, in Chinese too', async () => {
    await render(() => <ObjectAudit id="act_1" />, () => page([]), 'zh-CN');
    expect((await screen.findByText('Tessera 还没有替你写入过此对象。', {}, { timeout: 10_000 })).hasAttribute('data-object-audit-empty')).toBe(true);
    expect(document.querySelector('[data-object-audit-count]')).toBeNull();
  });

  it('shows the server\'s refusal and tries again', async () => {
    const asked = await render(() => <ObjectAudit id="act_1" />, (call) => (call === 1
      ? { envelope: { status: 0, code: 50000, info: 'The <audit> log is resting', data: null } }
      : page([entry()])));
    const error = await waitFor(() => {
      const el = document.querySelector('[data-object-audit-error]');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    }, { timeout: 10_000 });
    expect(error.textContent).toContain('The audit entries could not be loaded');
    expect(error.textContent).toContain('The <audit> log is resting');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(asked).toHaveLength(2);
  });
});

describe('auditChanges', () => {
  it('lists the fields whose value differs, a created object\'s with no before; a field not read after is left out', () => {
    expect(auditChanges({ before: { a: 1, b: [1], d: 'USD' }, after: { a: 1, b: [2], c: 'x' } })).toEqual([
      { field: 'b', before: [1], after: [2] }, { field: 'c', before: undefined, after: 'x' },
    ]);
    expect(auditChanges({ before: null, after: { id: '9' } })).toEqual([{ field: 'id', before: undefined, after: '9' }]);
    expect(auditChanges({ before: { id: '9' }, after: null })).toEqual([{ field: 'id', before: '9', after: undefined }]);
  });
});
