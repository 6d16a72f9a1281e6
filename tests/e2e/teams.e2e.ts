// Teams with three people (docs/TEAMS.md, issue 35): an owner creates a team in the navbar's switcher and
// invites an operator and a viewer by mail; each opens the mailed link signed in as themselves and works
// in the team. A workspace the owner saves is the team's: the operator opens it, the viewer sees it but
// cannot change it. The default action policy (protocol/org-policy.ts) then decides: the viewer's rename is
// refused in the dialog before anything is sent; the operator's rename of one account runs, lands in the
// sandbox and in the audit log (the owner reads it, the operator reads their own, the viewer reads none of
// it); the operator's delete of a comment (irreversible) is refused until approved: the operator asks for
// approval from the dialog (the job waits, nothing sent), the owner approves it with a comment on the
// approvals screen, and the operator's leader tab uses the approval and runs the job (the comment goes).
// Each person is a fresh account in their own browser (their own storage), so the demo operator, whom the
// other browser tests sign in as, never joins the team.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser, registerThroughApi } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const sandbox = sandboxClient(baseUrl);
const ACCOUNT = 'act_120200000000001';
const stamp = `${process.pid}-${Date.now()}`;
const TEAM = `Growth team ${stamp}`;
const PASSWORD = 'team-pass-1';
type Role = 'owner' | 'operator' | 'viewer';
const email = (role: Role) => `team-${role}-${stamp}@example.test`;
// the words of src/kernel/i18n/locales/en-US.json, runner.teamPolicy
const DENIED = "Your team's rules do not let your role run actions. Ask an owner or admin of the team.";
const NEEDS_APPROVAL = "This action cannot be undone: your team's rules let your role run it once an owner or admin approves this job.";

const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];
const pages = {} as Record<Role, Page>;
let orgId = 0;

beforeAll(async () => {
  // one browser each: each person's storage (token, active team) is their own
  const roles: Role[] = ['owner', 'operator', 'viewer'];
  await Promise.all(roles.map(async (role) => {
    const b = await launchBrowser();
    browsers.push(b);
    pages[role] = b.context.pages()[0] ?? (await b.context.newPage());
    pages[role].on('dialog', (d) => void d.dismiss());
  }));
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  // the server is every browser test's: the sandbox's data as a reset leaves it (the account's name back).
  // The team stays, with its three fresh members only; the demo operator's storage was never touched.
  await sandbox.reset({ hostile: false });
});

/** The product's API as the person signed in on `page` (the page's own token), in the team when `team`. */
async function api<T>(page: Page, pathAndQuery: string, team = true): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('token') ?? '{}') as { v?: string }).v ?? '');
  const r = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}`, ...(team ? { 'x-tessera-org': String(orgId) } : {}) } });
  const envelope = (await r.json()) as { status: number; data: T };
  if (envelope.status !== 1) throw new Error(`GET ${pathAndQuery}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** The invitation link mailed to `to` (DATA_DIR/outbox.jsonl, server/mail.ts): its path and query, on this server. */
function inviteLinkFor(to: string): string | null {
  const file = path.join(dataDir, 'outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const mails = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; text: string });
  const found = mails.reverse().map((m) => (m.to === to ? /\/team\/join\?token=[A-Za-z0-9_-]+/.exec(m.text)?.[0] : undefined)).find(Boolean);
  return found ?? null;
}

/** The team this page works in (localStorage `tessera-org:<uid>`, src/kernel/core/active-org.ts), or null. */
const activeTeam = (page: Page) => page.evaluate(() => {
  const key = Object.keys(localStorage).find((k) => k.startsWith('tessera-org'));
  return key ? (JSON.parse(localStorage.getItem(key)!) as { v: { id: number; name: string; role: string } }).v : null;
});

async function selectRows(page: Page, scope: ReturnType<Page['locator']> | Page, ids: string[]) {
  for (const id of ids) {
    const box = scope.locator(`[data-row-id="${id}"] input[type=checkbox]`);
    await box.check({ force: true });
    await expect.poll(() => box.isChecked()).toBe(true);
  }
}

async function openAction(page: Page, menu: string, actionId: string) {
  await page.getByTestId(menu).click();
  await page.locator(`[data-action-id="${actionId}"]`).click();
  await page.locator(`[data-action-id="${actionId}"]`).waitFor({ state: 'detached' });
  return page.getByRole('dialog');
}

async function openAccounts(page: Page) {
  await page.goto(`${baseUrl}/adaccount/index`);
  await page.locator(`[data-row-id="${ACCOUNT}"]`).waitFor({ timeout: 60_000 });
  await page.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await selectRows(page, page, [ACCOUNT]);
}

const writes = async () => {
  const calls = await sandbox.calls();
  return { byObject: calls.writesByObject, sent: calls.recent.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`) };
};

describe('a team of three: owner, operator, viewer', () => {
  it('1. the owner creates the team and invites the others by mail; each joins by the link', async () => {
    await sandbox.reset({ hostile: false });
    await Promise.all((['owner', 'operator', 'viewer'] as Role[]).map((role) => registerThroughApi(baseUrl, dataDir, email(role), PASSWORD)));
    await Promise.all((['owner', 'operator', 'viewer'] as Role[]).map((role) => prepareOperator(pages[role], { email: email(role), password: PASSWORD, pace: 0.05 })));
    const { owner } = pages;

    // the switcher: "Create a team…", then the page works in the new team
    await owner.getByTestId('team-switcher').click();
    await owner.getByTestId('team-create').click();
    await owner.getByTestId('team-name').fill(TEAM);
    await owner.getByTestId('team-create-submit').click();
    // switching reloads the page (src/kernel/shell/team-follow.ts): read it once the reload is over
    await expect.poll(() => activeTeam(owner).catch(() => null), { timeout: 20_000 }).toMatchObject({ name: TEAM, role: 'owner' });
    await owner.waitForLoadState('load');
    await expect.poll(() => owner.getByTestId('team-switcher').textContent(), { timeout: 20_000 }).toBe(TEAM);
    const team = (await activeTeam(owner))!;
    orgId = team.id;

    await owner.goto(`${baseUrl}/team/members`);
    for (const role of ['operator', 'viewer'] as const) {
      await owner.getByTestId('team-invite-open').click();
      await owner.locator('#team-invite-email').fill(email(role));
      await owner.locator('#team-invite-role').selectOption(role);
      await owner.getByTestId('team-invite-send').click();
      await owner.locator('[data-team-invite]', { hasText: email(role) }).waitFor();
    }

    for (const role of ['operator', 'viewer'] as const) {
      let link: string | null = null;
      await expect.poll(() => (link = inviteLinkFor(email(role))), { timeout: 30_000 }).toBeTruthy();
      const page = pages[role];
      await page.goto(`${baseUrl}${link!}`);
      await page.waitForURL((url) => url.pathname === '/team/members', { timeout: 20_000 });
      await expect.poll(() => activeTeam(page).catch(() => null), { timeout: 20_000 }).toEqual({ id: orgId, name: TEAM, role });
      await page.waitForLoadState('load');
      await expect.poll(() => page.getByTestId('team-switcher').textContent()).toBe(TEAM);
    }

    // the owner's members table: all three, each with their role
    await owner.reload();
    const rows = owner.locator('[data-team-member-table] [data-team-member]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const table = await rows.evaluateAll((trs) => trs.map((tr) => {
      const cells = tr.querySelectorAll('td');
      const select = cells[2]!.querySelector('select');
      return { email: cells[1]!.textContent, role: select ? select.options[select.selectedIndex]!.text : cells[2]!.textContent };
    }));
    expect(table).toEqual([
      { email: email('owner'), role: 'Owner' },
      { email: email('operator'), role: 'Operator' },
      { email: email('viewer'), role: 'Viewer' },
    ]);
    expect(await owner.locator('[data-team-invites] [data-team-invite]').count()).toBe(0);
    await owner.screenshot({ path: artifact('teams-members-en-light.png') });

    // and in the database
    const members = await api<{ email: string; role: string }[]>(owner, '/api/org/members');
    expect(members.map((m) => [m.email, m.role])).toEqual([[email('owner'), 'owner'], [email('operator'), 'operator'], [email('viewer'), 'viewer']]);
  });

  it("1b. a workspace saved in the team is the team's: the operator opens it, the viewer sees it but cannot change it", async () => {
    const { owner, operator, viewer } = pages;
    const BOARD = `Team board ${stamp}`;
    await owner.goto(`${baseUrl}/workspace/index`);
    await owner.getByRole('button', { name: 'Save workspace as' }).click();
    const dialog = owner.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(`Saved for the team “${TEAM}”: every member sees it`);
    await dialog.getByLabel('Workspace name').fill(BOARD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await owner.getByText(`Workspace: ${BOARD}`).waitFor();
    // the owner's leader tab sends it to the team's library on the server (server/routes/library.ts)
    type Item = { id: string; body: { file: string }; updatedBy: string };
    await expect.poll(async () => (await api<Item[]>(owner, '/api/library?kind=workspaces')).map((i) => i.id), { timeout: 20_000 }).toEqual([BOARD]);
    const [stored] = await api<Item[]>(owner, '/api/library?kind=workspaces');
    expect(Object.keys((JSON.parse(stored!.body.file) as { configById: object }).configById).length).toBeGreaterThan(0);
    // nobody's own library holds it
    expect(await api<Item[]>(owner, '/api/library?kind=workspaces', false)).toEqual([]);

    // the operator's page reads the team's library when it opens, and opens the board
    await operator.goto(`${baseUrl}/workspace/index`);
    const open = operator.getByRole('combobox', { name: 'Open a workspace' });
    await expect.poll(() => open.locator('option').allTextContents(), { timeout: 20_000 }).toContain(BOARD);
    await open.selectOption(BOARD);
    await operator.getByText(`Workspace: ${BOARD}`).waitFor();
    expect(await operator.getByTestId('workspace-team').textContent()).toBe(`Workspaces of the team “${TEAM}”`);

    // the viewer sees it too, and may not save over it nor delete it
    await viewer.goto(`${baseUrl}/workspace/index`);
    await expect.poll(() => viewer.getByRole('combobox', { name: 'Open a workspace' }).locator('option').allTextContents(), { timeout: 20_000 }).toContain(BOARD);
    expect(await viewer.getByRole('button', { name: 'Save workspace as' }).isDisabled()).toBe(true);
    await viewer.screenshot({ path: artifact('teams-viewer-workspace-en-light.png') });
  });

  it('2. the viewer may run nothing: the dialog says so as it opens, Start stays off, and nothing is sent', async () => {
    const { viewer } = pages;
    const before = (await sandbox.object<{ name: string }>('adaccount', ACCOUNT)).name;
    await openAccounts(viewer);
    await sandbox.clearCalls();
    const dialog = await openAction(viewer, 'adaccount-actions', 'adaccount.rename');
    // the team's policy is known before anything is typed (src/kernel/runner/policy-denial.ts)
    await expect.poll(() => dialog.getByTestId('action-policy-denied').textContent()).toBe(DENIED);
    expect(await dialog.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
    await dialog.locator('#param-name').fill(`Viewer ${stamp}`);
    await confirmJob(dialog);
    // Enter in a field submits the form: still nothing starts
    await dialog.locator('#param-name').press('Enter');
    expect(await dialog.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
    await viewer.screenshot({ path: artifact('teams-viewer-refused-en-light.png') });
    expect(await writes()).toEqual({ byObject: {}, sent: [] });
    expect((await sandbox.object<{ name: string }>('adaccount', ACCOUNT)).name).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("3. the operator's rename of one account runs and is audited: the owner and the operator read it, the viewer does not", async () => {
    const { owner, operator, viewer } = pages;
    const renamed = `Team rename ${stamp}`;
    await openAccounts(operator);
    const dialog = await openAction(operator, 'adaccount-actions', 'adaccount.rename');
    await dialog.locator('#param-name').fill(renamed);
    await confirmJob(dialog);
    await sandbox.clearCalls();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.getByTestId('jobs-button').click();
    await expect.poll(() => operator.locator('[data-job-status]').first().getAttribute('data-job-status'), { timeout: 30_000 }).toBe('done');
    await operator.keyboard.press('Escape');
    expect((await sandbox.object<{ name: string }>('adaccount', ACCOUNT)).name).toBe(renamed);
    expect((await writes()).byObject).toEqual({ [ACCOUNT]: 1 });

    // the record reaches the server after the job (POST /api/jobs/records)
    type Entry = { actor: { email: string }; action: string; object: string; outcome: string };
    const entries = () => api<{ list: Entry[] }>(owner, `/api/audit?object=${ACCOUNT}`).then((p) => p.list);
    await expect.poll(async () => (await entries()).map((e) => [e.actor.email, e.action, e.object, e.outcome]), { timeout: 20_000 })
      .toEqual([[email('operator'), 'adaccount.rename', ACCOUNT, 'done']]);

    // the owner's audit screen, searched by the object, then the operator's own
    for (const page of [owner, operator]) {
      await page.goto(`${baseUrl}/team/audit`);
      await page.locator('#team-audit-object').fill(ACCOUNT);
      await page.getByTestId('team-audit-search').click();
      const entry = page.locator('[data-team-audit-table] [data-team-audit-entry]');
      await expect.poll(() => entry.count()).toBe(1);
      const cells = await entry.locator('td').allTextContents();
      expect(cells[1]).toBe(email('operator'));
      expect(cells[3]).toBe('Ad accounts · Rename ad accounts');
      expect(cells[4]).toBe(ACCOUNT);
      expect(cells[5]).toBe('Done');
      if (page === owner) await owner.screenshot({ path: artifact('teams-audit-owner-en-light.png') });
    }

    // a member reads only their own entries: the viewer reads none of the operator's
    const viewers = await api<{ list: Entry[]; total: number }>(viewer, `/api/audit?object=${ACCOUNT}`);
    expect(viewers.list.filter((e) => e.actor.email === email('operator'))).toEqual([]);
    expect(viewers.total).toBe(0);
  });

  it("4. the operator's delete of a comment (irreversible) waits for an owner's or admin's approval: asked with its dry run, approved by the owner, then run", async () => {
    const { operator } = pages;
    const post = (await sandbox.fixtures()).adcomment.posts[0]!;
    await operator.goto(`${baseUrl}/adcomment/index`);
    const posts = operator.getByTestId('adcomment-posts');
    await posts.locator(`[data-row-id="${post}"]`).waitFor({ timeout: 30_000 });
    await posts.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await selectRows(operator, posts, [post]);
    const comments = operator.getByTestId('adcomment-comments');
    await comments.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    const comment = (await comments.locator('[data-row-id]').first().getAttribute('data-row-id'))!;
    await selectRows(operator, comments, [comment]);
    const dialog = await openAction(operator, 'adcomment-actions', 'adcomment.delete');
    await confirmJob(dialog);
    await sandbox.clearCalls();
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => dialog.getByTestId('action-refusal').textContent()).toContain(NEEDS_APPROVAL);
    await operator.screenshot({ path: artifact('teams-operator-approval-en-light.png') });
    expect(await writes()).toEqual({ byObject: {}, sent: [] });
    expect((await sandbox.object<{ comments: { id: string }[] }>('post', post)).comments.map((c) => c.id)).toContain(comment);

    // the operator asks for approval: the dialog closes, the job waits (nothing sent)
    await dialog.getByTestId('ask-approval').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const { owner } = pages;
    const requests = () => api<{ list: { status: string; action: string; items: string[]; comment: string }[] }>(owner, '/api/org/approvals');
    await expect.poll(async () => (await requests()).list[0], { timeout: 15_000 }).toMatchObject({ status: 'pending', action: 'adcomment.delete' });
    expect(await writes()).toEqual({ byObject: {}, sent: [] });

    // the owner reads the request with its dry run and approves it with a comment
    await owner.goto(`${baseUrl}/team/approvals`);
    const row = owner.locator('[data-team-approval]').first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const detail = owner.locator('[data-team-approval-detail]');
    await detail.locator(`[data-team-dry-row="${comment}"], [data-team-dry-row]`).first().waitFor({ timeout: 15_000 });
    await owner.locator('#team-approval-comment').fill('OK for this one');
    await owner.getByTestId('team-approve').click();
    await owner.screenshot({ path: artifact('teams-owner-approves-en-light.png') });

    // the operator's leader tab sees the approval, uses it (bound to this exact job) and runs the job: the comment goes
    await expect.poll(async () => (await sandbox.object<{ comments: { id: string }[] }>('post', post)).comments.map((c) => c.id), { timeout: 60_000, interval: 1_000 }).not.toContain(comment);
    expect((await requests()).list[0]).toMatchObject({ status: 'used', comment: 'OK for this one' });
  });
});
