// The active team's policy as the page keeps it (src/kernel/api/org-policy.ts): read when a team is active,
// the role the server answers replacing the stored one, nothing read on one's own work.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrgPolicy, orgPolicyNow } from '../../src/kernel/api/org-policy';
import { activeOrg, setActiveOrg } from '../../src/kernel/core/active-org';
import type { ApiClient } from '../../src/kernel/api/client';
import { DEFAULT_ORG_POLICY } from '../../protocol/org-policy';

function fakeApi(answers: Record<string, unknown>) {
  const get = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`no answer for ${path}`);
    return answers[path];
  });
  return { api: { get, post: vi.fn(), request: vi.fn() } as unknown as ApiClient, get };
}

afterEach(() => { setActiveOrg(null); localStorage.clear(); });

describe("the team's policy in the page", () => {
  it('on their own work nothing is read and no policy applies', async () => {
    const { api, get } = fakeApi({});
    await loadOrgPolicy(api);
    expect(get).not.toHaveBeenCalled();
    expect(orgPolicyNow()).toEqual({ state: 'own' });
  });

  it("in a team: loading until read, then the team's policy with the role the server answers", async () => {
    setActiveOrg({ id: 4, name: 'Growth', role: 'admin' });
    expect(orgPolicyNow()).toEqual({ state: 'loading' });
    const { api } = fakeApi({
      '/api/org/policy': DEFAULT_ORG_POLICY,
      '/api/org/list': [{ id: 4, name: 'Growth team', role: 'operator', members: 3, createdAt: '2026-11-28T00:00:00.000Z' }],
    });
    await loadOrgPolicy(api);
    expect(orgPolicyNow()).toMatchObject({ state: 'ready', orgId: 4, role: 'operator', policy: DEFAULT_ORG_POLICY });
    const now = orgPolicyNow();
    expect(now.state === 'ready' && now.decide({ action: 'page.delete', irreversible: true, items: 1 })).toEqual({ verdict: 'approval', reason: 'irreversible' });
    // the stored team follows: an admin made them an operator meanwhile, and renamed the team
    expect(activeOrg()).toEqual({ id: 4, name: 'Growth team', role: 'operator' });
    // another team: its policy is not this one
    setActiveOrg({ id: 5, name: 'Other', role: 'viewer' });
    expect(orgPolicyNow()).toEqual({ state: 'loading' });
  });
});
