// Teams (server/routes/org.ts, docs/TEAMS.md): organisations, members and roles, invitations by mail,
// the action policy. The organisation of a request is its `x-tessera-org` header, the membership read
// on every request: a member removed is refused at their next request (403, 40302).
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { DEFAULT_ORG_POLICY } from '../../../protocol/org-policy';
import { ORG_INVITES_MAX, ORG_MEMBERS_MAX, ORGS_PER_USER_MAX } from '../../../protocol/api';
import type { Answer, Harness } from '../harness';
import { DAY } from '../harness';
import type { SuiteEnv } from './env';

type User = { email: string; token: string; uid: number };
type Method = 'GET' | 'POST';

/** A call as `user`, in the organisation `org` when given (its header), in English. */
function caller(h: Harness) {
  return (user: User, method: Method, url: string, body?: unknown, org?: number): Promise<Answer> =>
    h.call(method, url, { token: user.token, lang: 'en-US', ...(body !== undefined ? { body } : {}), ...(org ? { headers: { 'x-tessera-org': String(org) } } : {}) });
}

/** The token of the newest invitation mailed to `email` (from the link in its text). */
function mailedToken(h: Harness, email: string): string {
  const mail = h.outbox().filter((m) => m.to === email && m.text.includes('/team/join?token=')).pop();
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const token = /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  h.secrets.add(token);
  return token;
}

/** A team of `owner` with members of the given roles (invited and accepted through the API). */
async function team(h: Harness, owner: User, roles: string[]): Promise<{ org: number; members: User[] }> {
  const api = caller(h);
  const created = await api(owner, 'POST', '/api/org/create', { name: `Team ${owner.uid}.${Math.random().toString(36).slice(2, 6)}` });
  expect(created, created.raw).toMatchObject({ status: 1 });
  const org = created.data.id as number;
  const members: User[] = [];
  for (const role of roles) {
    const user = await h.signUp();
    expect((await api(owner, 'POST', '/api/org/invite', { email: user.email, role }, org)).status).toBe(1);
    const joined = await api(user, 'POST', '/api/org/invites/accept', { token: mailedToken(h, user.email) });
    expect(joined, joined.raw).toMatchObject({ status: 1, data: { id: org, role } });
    members.push(user);
  }
  return { org, members };
}

async function rows(h: Harness, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return ((await h.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export function orgTests(env: SuiteEnv): void {
  describe('org (teams)', () => {
    test('create and list: the creator is the owner; names are trimmed and checked; the team endpoints need the header', async () => {
      const { h } = env;
      const api = caller(h);
      const owner = await h.signUp();
      const created = await api(owner, 'POST', '/api/org/create', { name: '  Acme Media  ' });
      expect(created).toMatchObject({ http: 200, status: 1, data: { name: 'Acme Media', role: 'owner', members: 1 } });
      expect(Number.isNaN(Date.parse(created.data.createdAt))).toBe(false);
      expect((await api(owner, 'POST', '/api/org/create', { name: 'Beta 中文' })).status).toBe(1);
      expect((await api(owner, 'GET', '/api/org/list')).data.map((o: { name: string; role: string }) => [o.name, o.role]))
        .toEqual([['Acme Media', 'owner'], ['Beta 中文', 'owner']]);

      expect((await api(owner, 'POST', '/api/org/create', { name: 'x'.repeat(80) })).status).toBe(1);
      for (const [name, info] of [['', /name has the wrong length/], ['   ', /1 to 80 characters/], ['x'.repeat(81), /1 to 80 characters/], ['a\nb', /name is not in a valid format/]] as const) {
        const res = await api(owner, 'POST', '/api/org/create', { name });
        expect(res, name).toMatchObject({ http: 400, status: 0, code: 40000 });
        expect(res.info).toMatch(info);
      }
      expect((await api(owner, 'GET', '/api/org/list')).data).toHaveLength(3);

      // an organisation's own endpoints refuse a request that names none
      expect(await api(owner, 'POST', '/api/org/rename', { name: 'New' })).toMatchObject({ http: 400, code: 40032, info: 'Choose a team first' });
      expect(await api(owner, 'GET', '/api/org/members')).toMatchObject({ http: 400, code: 40032 });
      const renamed = await api(owner, 'POST', '/api/org/rename', { name: ' Acme Group ' }, created.data.id);
      expect(renamed).toMatchObject({ status: 1, data: { id: created.data.id, name: 'Acme Group', role: 'owner', members: 1 } });
      expect(await api(owner, 'GET', '/api/org/members', undefined, created.data.id))
        .toMatchObject({ status: 1, data: [{ userId: owner.uid, email: owner.email, role: 'owner' }] });
    });

    test('invite: the mail carries a link, the answer never the token; only the invited address accepts it; decline, revoke, replace', async () => {
      const { h } = env;
      const api = caller(h);
      const [owner, bob, carol, dave] = [await h.signUp(), await h.signUp(), await h.signUp(), await h.signUp()];
      const org = (await api(owner, 'POST', '/api/org/create', { name: 'Invites' })).data.id as number;

      const invited = await api(owner, 'POST', '/api/org/invite', { email: bob.email.toUpperCase(), role: 'operator' }, org);
      expect(invited).toMatchObject({ status: 1, data: { email: bob.email, role: 'operator' } });
      expect(Date.parse(invited.data.expiresAt) - Date.parse(invited.data.createdAt)).toBe(7 * DAY);
      const token = mailedToken(h, bob.email);
      expect(token).toHaveLength(43);
      expect(invited.raw).not.toContain(token);
      const mail = h.outbox().filter((m) => m.to === bob.email).pop()!;
      expect(mail.text).toContain(`${h.config.publicUrl}/team/join?token=${token}`);
      expect(mail.subject).toContain('Invites');
      expect(mail.text).toMatch(/as operator/);
      const stored = await rows(h, sql`select token_hash from org_invites where id = ${invited.data.id}`);
      expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(token);

      // the pending list (owner or admin) and the invitee's own list
      expect((await api(owner, 'GET', '/api/org/invites', undefined, org)).data).toEqual([expect.objectContaining({ id: invited.data.id, email: bob.email })]);
      expect((await api(bob, 'GET', '/api/org/invites/mine')).data).toEqual([expect.objectContaining({ id: invited.data.id, org: { id: org, name: 'Invites' }, role: 'operator', invitedBy: owner.email })]);
      expect((await api(carol, 'GET', '/api/org/invites/mine')).data).toEqual([]);

      // someone else holding the link is refused; by id, another's invitation is unknown
      expect(await api(carol, 'POST', '/api/org/invites/accept', { token })).toMatchObject({ http: 403, code: 40300, info: expect.stringMatching(/sent to another e-mail address/) });
      expect(await api(carol, 'POST', '/api/org/invites/accept', { id: invited.data.id })).toMatchObject({ http: 404, code: 40401 });
      expect(await api(carol, 'POST', '/api/org/invites/decline', { id: invited.data.id })).toMatchObject({ status: 1, data: { declined: 0 } });
      expect(await api(bob, 'POST', '/api/org/invites/accept', { token: 'A'.repeat(43) })).toMatchObject({ http: 404, code: 40401 });
      expect(await api(bob, 'POST', '/api/org/invites/accept', {})).toMatchObject({ http: 400, code: 40000, info: expect.stringMatching(/exactly one of token, id/) });
      expect(await api(bob, 'POST', '/api/org/invites/accept', { token, id: invited.data.id })).toMatchObject({ http: 400, code: 40000 });

      const joined = await api(bob, 'POST', '/api/org/invites/accept', { token });
      expect(joined).toMatchObject({ status: 1, data: { id: org, name: 'Invites', role: 'operator', members: 2 } });
      expect(await api(bob, 'POST', '/api/org/invites/accept', { token })).toMatchObject({ code: 40900, info: expect.stringMatching(/no longer valid/) });
      expect((await api(bob, 'GET', '/api/org/list')).data).toEqual([expect.objectContaining({ id: org, role: 'operator', members: 2 })]);
      expect((await api(owner, 'GET', '/api/org/invites', undefined, org)).data).toEqual([]);
      // a member is not invited again
      expect(await api(owner, 'POST', '/api/org/invite', { email: bob.email, role: 'viewer' }, org)).toMatchObject({ code: 40900, info: `${bob.email} is already a member of the team` });

      // decline by id
      expect((await api(owner, 'POST', '/api/org/invite', { email: carol.email, role: 'viewer' }, org)).status).toBe(1);
      const carolInvite = (await api(carol, 'GET', '/api/org/invites/mine')).data[0];
      expect(await api(carol, 'POST', '/api/org/invites/decline', { id: carolInvite.id })).toMatchObject({ status: 1, data: { declined: 1 } });
      expect((await api(carol, 'GET', '/api/org/invites/mine')).data).toEqual([]);
      expect(await api(carol, 'POST', '/api/org/invites/accept', { token: mailedToken(h, carol.email) })).toMatchObject({ code: 40900 });

      // revoke; a new invitation of the same address replaces the pending one
      const first = await api(owner, 'POST', '/api/org/invite', { email: dave.email, role: 'viewer' }, org);
      const firstToken = mailedToken(h, dave.email);
      const second = await api(owner, 'POST', '/api/org/invite', { email: dave.email, role: 'operator' }, org);
      const secondToken = mailedToken(h, dave.email);
      expect(secondToken).not.toBe(firstToken);
      expect((await api(owner, 'GET', '/api/org/invites', undefined, org)).data.map((i: { id: number }) => i.id)).toEqual([second.data.id]);
      expect(await api(dave, 'POST', '/api/org/invites/accept', { token: firstToken })).toMatchObject({ code: 40900 });
      expect(await api(owner, 'POST', '/api/org/invites/revoke', { id: first.data.id }, org)).toMatchObject({ status: 1, data: { revoked: 0 } });
      expect(await api(owner, 'POST', '/api/org/invites/revoke', { id: second.data.id }, org)).toMatchObject({ status: 1, data: { revoked: 1 } });
      expect(await api(dave, 'POST', '/api/org/invites/accept', { token: secondToken })).toMatchObject({ code: 40900 });
      expect((await api(owner, 'GET', '/api/org/members', undefined, org)).data.map((m: { userId: number }) => m.userId)).toEqual([owner.uid, bob.uid]);
      expect((await rows(h, sql`select closed_as from org_invites where org_id = ${org} order by id`)).map((r) => r.closed_as)).toEqual(['accepted', 'declined', 'revoked', 'revoked']);
    });

    test('an invitation expires after 7 days', async () => {
      const { h } = env;
      const api = caller(h);
      const [owner, late] = [await h.signUp(), await h.signUp()];
      const org = (await api(owner, 'POST', '/api/org/create', { name: 'Expiry' })).data.id as number;
      expect((await api(owner, 'POST', '/api/org/invite', { email: late.email, role: 'viewer' }, org)).status).toBe(1);
      const token = mailedToken(h, late.email);
      h.clock.advance(7 * DAY - 60_000);
      expect((await api(late, 'GET', '/api/org/invites/mine')).data).toHaveLength(1);
      h.clock.advance(120_000);
      expect((await api(late, 'GET', '/api/org/invites/mine')).data).toEqual([]);
      expect((await api(owner, 'GET', '/api/org/invites', undefined, org)).data).toEqual([]);
      expect(await api(late, 'POST', '/api/org/invites/accept', { token })).toMatchObject({ code: 40900, info: expect.stringMatching(/expired/) });
      expect((await api(late, 'GET', '/api/org/list')).data).toEqual([]);
    });

    test('roles: an admin manages operators and viewers only; nobody changes their own role; the last owner stays', async () => {
      const { h } = env;
      const api = caller(h);
      const owner = await h.signUp();
      const { org, members: [admin, operator, viewer] } = await team(h, owner, ['admin', 'operator', 'viewer']);
      const role = (by: User, user: User, r: string) => api(by, 'POST', '/api/org/members/role', { userId: user.uid, role: r }, org);
      const ownerNeeded = { http: 403, code: 40303, info: "Only a team's owners can give, change or remove the owner and admin roles" };

      expect(await role(admin, operator, 'admin')).toMatchObject(ownerNeeded);
      expect(await role(admin, owner, 'operator')).toMatchObject(ownerNeeded);
      expect(await api(admin, 'POST', '/api/org/members/remove', { userId: owner.uid }, org)).toMatchObject(ownerNeeded);
      expect(await api(admin, 'POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'admin' }, org)).toMatchObject(ownerNeeded);
      expect(await role(admin, operator, 'viewer')).toMatchObject({ status: 1, data: { userId: operator.uid, role: 'viewer' } });
      expect(await role(admin, operator, 'operator')).toMatchObject({ status: 1, data: { role: 'operator' } });
      expect((await api(admin, 'POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'operator' }, org)).status).toBe(1);
      expect(await role(admin, admin, 'owner')).toMatchObject({ code: 40900, info: expect.stringMatching(/your own role/) });
      expect(await role(owner, owner, 'admin')).toMatchObject({ code: 40900, info: expect.stringMatching(/your own role/) });
      expect(await api(owner, 'POST', '/api/org/members/role', { userId: 999_999, role: 'viewer' }, org)).toMatchObject({ http: 404, code: 40401 });

      // operators and viewers read the members, manage nothing
      const members = await api(viewer, 'GET', '/api/org/members', undefined, org);
      expect(members.data.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'operator', 'viewer']);
      for (const [method, url, body] of [['GET', '/api/org/invites'], ['POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'viewer' }], ['POST', '/api/org/members/role', { userId: viewer.uid, role: 'operator' }],
        ['POST', '/api/org/members/remove', { userId: viewer.uid }], ['POST', '/api/org/rename', { name: 'Mine now' }], ['POST', '/api/org/policy', { policy: DEFAULT_ORG_POLICY }]] as const) {
        expect(await api(operator, method, url, body, org), url).toMatchObject({ http: 403, code: 40303, info: "Only the team's owners and admins can do this" });
      }

      // the only owner cannot leave; with a second owner one can, then the other is the last
      expect(await api(owner, 'POST', '/api/org/leave', {}, org)).toMatchObject({ code: 40900, info: expect.stringMatching(/only owner and cannot leave/) });
      expect(await role(owner, admin, 'owner')).toMatchObject({ status: 1, data: { role: 'owner' } });
      expect(await role(admin, owner, 'admin')).toMatchObject({ status: 1, data: { role: 'admin' } });
      // the former owner, now an admin, cannot touch the owner
      expect(await role(owner, admin, 'viewer')).toMatchObject(ownerNeeded);
      expect(await api(admin, 'POST', '/api/org/leave', {}, org)).toMatchObject({ code: 40900 });
      expect(await role(admin, owner, 'owner')).toMatchObject({ status: 1 });
      expect(await api(admin, 'POST', '/api/org/leave', {}, org)).toMatchObject({ status: 1, data: { left: 1 } });
      expect(await api(owner, 'POST', '/api/org/leave', {}, org)).toMatchObject({ code: 40900 });
      const owners = await rows(h, sql`select count(*)::int as n from org_members where org_id = ${org} and role = 'owner'`);
      expect(owners[0]!.n).toBe(1);
    });

    test('a removed member is refused at their next request (403, 40302); so is anyone not a member', async () => {
      const { h } = env;
      const api = caller(h);
      const owner = await h.signUp();
      const { org, members: [operator, viewer] } = await team(h, owner, ['operator', 'viewer']);
      const stranger = await h.signUp();
      expect((await api(operator, 'GET', '/api/org/policy', undefined, org)).status).toBe(1);
      expect(await api(owner, 'POST', '/api/org/members/remove', { userId: operator.uid }, org)).toMatchObject({ status: 1, data: { removed: 1 } });
      const refused = await api(operator, 'GET', '/api/org/policy', undefined, org);
      expect(refused).toMatchObject({ http: 403, status: 0, code: 40302, info: 'You are no longer a member of this team' });
      // the header is checked on every endpoint, not only the team's
      expect(await h.call('GET', '/api/views', { token: operator.token, query: { list: 'adaccount.list' }, headers: { 'x-tessera-org': String(org) } })).toMatchObject({ http: 403, code: 40302 });
      // without the header the former member works on their own
      expect(await api(operator, 'GET', '/api/org/list')).toMatchObject({ status: 1, data: [] });
      expect(await api(owner, 'POST', '/api/org/members/remove', { userId: operator.uid }, org)).toMatchObject({ status: 1, data: { removed: 0 } });
      expect(await api(owner, 'POST', '/api/org/members/remove', { userId: owner.uid }, org)).toMatchObject({ code: 40900, info: expect.stringMatching(/Leave team/) });

      expect(await api(stranger, 'GET', '/api/org/members', undefined, org)).toMatchObject({ http: 403, code: 40302 });
      expect(await api(stranger, 'GET', '/api/org/members', undefined, 999_999)).toMatchObject({ http: 403, code: 40302 });
      expect(await h.call('GET', '/api/org/members', { token: stranger.token, headers: { 'x-tessera-org': 'abc' } })).toMatchObject({ http: 400, code: 40000 });

      // leaving takes effect the same way
      expect(await api(viewer, 'POST', '/api/org/leave', undefined, org)).toMatchObject({ status: 1, data: { left: 1 } });
      expect(await api(viewer, 'GET', '/api/org/members', undefined, org)).toMatchObject({ http: 403, code: 40302 });
      expect((await api(owner, 'GET', '/api/org/list')).data).toEqual([expect.objectContaining({ id: org, members: 1 })]);
    });

    test('policy: the defaults, a change every member reads, a bad policy refused with a readable reason', async () => {
      const { h } = env;
      const api = caller(h);
      const owner = await h.signUp();
      const { org, members: [admin, operator] } = await team(h, owner, ['admin', 'operator']);
      expect(await api(operator, 'GET', '/api/org/policy', undefined, org)).toMatchObject({ status: 1, data: DEFAULT_ORG_POLICY });

      const policy = structuredClone(DEFAULT_ORG_POLICY);
      policy.operator = { default: 'allow', irreversible: 'deny', approvalAbove: 50, actions: { 'adaccount.rename': 'deny', 'bm.*': 'approval' } };
      policy.viewer.approvalAbove = 1_000_000;
      expect(await api(admin, 'POST', '/api/org/policy', { policy }, org)).toMatchObject({ status: 1, data: policy });
      expect((await api(operator, 'GET', '/api/org/policy', undefined, org)).data).toEqual(policy);
      // unknown properties are dropped
      const extra = { ...policy, owner: { default: 'deny' }, admin: { ...policy.admin, note: 'x' } };
      expect((await api(owner, 'POST', '/api/org/policy', { policy: extra }, org)).data).toEqual(policy);

      const bad = (change: (p: any) => void) => {
        const p: any = structuredClone(DEFAULT_ORG_POLICY);
        change(p);
        return api(owner, 'POST', '/api/org/policy', { policy: p }, org);
      };
      const cases: [(p: any) => void, RegExp][] = [
        [(p) => { p.operator.default = 'maybe'; }, /policy\.operator\.default has a value that is not allowed/],
        [(p) => { p.viewer.approvalAbove = 0; }, /policy\.viewer\.approvalAbove is out of range/],
        [(p) => { p.viewer.approvalAbove = 1_000_001; }, /policy\.viewer\.approvalAbove is out of range/],
        [(p) => { p.viewer.approvalAbove = 2.5; }, /policy\.viewer\.approvalAbove has the wrong type/],
        [(p) => { delete p.viewer; }, /policy\.viewer is required/],
        [(p) => { delete p.admin.actions; }, /policy\.admin\.actions is required/],
        [(p) => { p.operator.actions = { 'Not An Action': 'deny' }; }, /policy\.operator\.actions is not in a valid format/],
        [(p) => { p.operator.actions = { 'adaccount.rename': 'sometimes' }; }, /has a value that is not allowed/],
        [(p) => { p.operator.actions = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`area${i}.*`, 'deny'])); }, /policy\.operator\.actions is invalid/],
      ];
      for (const [change, info] of cases) {
        const res = await bad(change);
        expect(res, info.source).toMatchObject({ http: 400, status: 0, code: 40000 });
        expect(res.info).toMatch(info);
      }
      expect((await bad((p) => { p.operator.actions = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`area${i}.*`, 'deny'])); })).status).toBe(1);
      expect((await api(operator, 'GET', '/api/org/policy', undefined, org)).data.operator.actions).toHaveProperty('area499.*', 'deny');
    });

    test(`limits: ${ORGS_PER_USER_MAX} teams a user, ${ORG_MEMBERS_MAX} members and ${ORG_INVITES_MAX} pending invitations a team`, async () => {
      const { h } = env;
      const api = caller(h);
      const [owner, busy] = [await h.signUp(), await h.signUp()];
      // busy already belongs to the maximum of teams (made directly: the API would take longer)
      const now = new Date().toISOString();
      await h.database.db.execute(sql`with made as (insert into organisations (name, created_at) select 'Filler ' || g, ${now} from generate_series(1, ${ORGS_PER_USER_MAX}) g returning id)
        insert into org_members (org_id, user_id, role, joined_at) select id, ${busy.uid}, 'owner', ${now} from made`);
      expect(await api(busy, 'POST', '/api/org/create', { name: 'One too many' })).toMatchObject({ status: 0, code: 40031, info: `You can belong to at most ${ORGS_PER_USER_MAX} teams: leave one you no longer use first` });
      const { org } = await team(h, owner, []);
      expect((await api(owner, 'POST', '/api/org/invite', { email: busy.email, role: 'viewer' }, org)).status).toBe(1);
      expect(await api(busy, 'POST', '/api/org/invites/accept', { token: mailedToken(h, busy.email) })).toMatchObject({ code: 40031 });

      // a team of the maximum of members takes no invitation (members made directly)
      await h.database.db.execute(sql`with made as (insert into users (email, password_hash, status, created_at, updated_at)
          select 'filler.' || ${org} || '.' || g || '@example.test', '', 'active', ${now}, ${now} from generate_series(1, ${ORG_MEMBERS_MAX - 1}) g returning id)
        insert into org_members (org_id, user_id, role, joined_at) select ${org}, id, 'viewer', ${now} from made`);
      expect(await api(owner, 'POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'viewer' }, org)).toMatchObject({ code: 40031, info: `A team has at most ${ORG_MEMBERS_MAX} members` });
      await h.database.db.execute(sql`delete from org_members where org_id = ${org} and role = 'viewer'`);

      // pending invitations: the maximum, then a refusal; an expired one does not count
      await h.database.db.execute(sql`insert into org_invites (org_id, email, role, token_hash, created_at, expires_at)
        select ${org}, 'pending.' || g || '@example.test', 'viewer', md5(${org} || '-' || g), ${now}, ${new Date(Date.now() + DAY).toISOString()} from generate_series(1, ${ORG_INVITES_MAX - 1}) g`);
      expect((await api(owner, 'GET', '/api/org/invites', undefined, org)).data).toHaveLength(ORG_INVITES_MAX);
      expect(await api(owner, 'POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'viewer' }, org)).toMatchObject({ code: 40031, info: expect.stringMatching(/at most 100 pending invitations/) });
      // inviting a pending address again replaces its invitation, so it still works at the limit
      expect((await api(owner, 'POST', '/api/org/invite', { email: 'pending.1@example.test', role: 'operator' }, org)).status).toBe(1);
      h.clock.advance(DAY + 60_000);
      expect((await api(owner, 'POST', '/api/org/invite', { email: h.uniqueEmail(), role: 'viewer' }, org)).status).toBe(1);
    });
  });
}
