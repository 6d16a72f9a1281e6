// The organisation requests act in (src/kernel/core/active-org.ts) and how the API client names it
// (src/kernel/api/client.ts): the header on every request, a per-request override, and a 40302 leaving it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/kernel/api/client';
import { activeOrg, onOrgRemoval, reportNotMember, setActiveOrg, subscribeActiveOrg } from '../../src/kernel/core/active-org';
import { setItem } from '../../src/kernel/storage';

const envelope = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  return createApiClient({
    getToken: () => 't', setToken: () => {}, getUid: () => '7', language: () => 'en-US',
    getOrg: () => activeOrg()?.id, onNotMember: reportNotMember,
    onTokenRejected: () => {}, onReloginNeeded: () => {},
    messages: { timeout: () => 'timeout', network: () => 'network', http: (s) => `HTTP ${s}` },
    fetch: fetchImpl as typeof fetch,
  });
}

afterEach(() => { localStorage.clear(); setActiveOrg(null); });

describe('the active organisation', () => {
  it('is named in the x-tessera-org header of every request; none for the own work; a request may name another', async () => {
    const fetchImpl = vi.fn(async (_url: string, _init: RequestInit) => envelope({ status: 1, code: 20000, info: 'ok', data: null }));
    const api = client(fetchImpl);
    const header = (i: number) => (fetchImpl.mock.calls[i]![1].headers as Record<string, string>)['x-tessera-org'];
    await api.get('/api/audit');
    setActiveOrg({ id: 12, name: 'Growth', role: 'operator' });
    await api.get('/api/audit');
    await api.post('/api/jobs/records', {}, { org: 3 });
    await api.post('/api/jobs/records', {}, { org: null });
    expect([header(0), header(1), header(2), header(3)]).toEqual([undefined, '12', '3', undefined]);
  });

  it('is per user of the browser: another user signed in here does not work in it', () => {
    setItem('uid', '7');
    setActiveOrg({ id: 12, name: 'Growth', role: 'admin' });
    expect(activeOrg()?.id).toBe(12);
    setItem('uid', '8');
    expect(activeOrg()).toBeNull();
    setItem('uid', '7');
    expect(activeOrg()).toEqual({ id: 12, name: 'Growth', role: 'admin' });
  });

  it('a 40302 answer (no longer a member) leaves the organisation and tells the listeners; other answers do not', async () => {
    setActiveOrg({ id: 12, name: 'Growth', role: 'operator' });
    const removals: unknown[] = [];
    const off = onOrgRemoval((r) => removals.push(r));
    const changes = vi.fn();
    const unsubscribe = subscribeActiveOrg(changes);
    let code = 40300;
    const api = client(async () => envelope({ status: 0, code, info: 'No', data: null }, 403));
    await expect(api.get('/api/org/members')).rejects.toMatchObject({ code: 40300 });
    expect(activeOrg()?.id).toBe(12);
    code = 40302;
    await expect(api.get('/api/org/members')).rejects.toMatchObject({ code: 40302 });
    expect(activeOrg()).toBeNull();
    expect(removals).toEqual([{ org: { id: 12, name: 'Growth', role: 'operator' }, info: 'No' }]);
    expect(changes).toHaveBeenCalled();
    off();
    unsubscribe();
  });

  it('follows a switch made in another tab (the storage event)', () => {
    const changes = vi.fn();
    const unsubscribe = subscribeActiveOrg(changes);
    localStorage.setItem('tessera-org', JSON.stringify({ v: { id: 5, name: 'Other', role: 'viewer' } }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'tessera-org' }));
    expect(changes).toHaveBeenCalledTimes(1);
    expect(activeOrg()).toEqual({ id: 5, name: 'Other', role: 'viewer' });
    unsubscribe();
  });
});
