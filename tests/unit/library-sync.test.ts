// The library's copy in the browser (src/kernel/library/library-sync.ts, docs/TEAMS.md "What a team
// shares"): the browser's own rows imported once, the server's rows written into the tables, local
// changes sent (a burst is one save), a refusal told and undone, a failure tried again, a row changed
// during a read kept, another scope's rows not shown.
import { describe, expect, it, vi } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { LIBRARY_SCOPE_VALUE, startLibrarySync, type LibraryApi } from '../../src/kernel/library/library-sync';
import type { LibraryBody, LibraryItem, LibraryKind } from '../../protocol/api';

class Refused extends Error {}

/** A server library in memory; `calls` logs what reached it. */
function fakeServer(initial: Partial<Record<LibraryKind, Record<string, LibraryBody>>> = {}) {
  const rows = new Map<string, Map<string, LibraryBody>>();
  for (const [kind, items] of Object.entries(initial)) rows.set(kind, new Map(Object.entries(items!)));
  const of = (kind: string) => rows.get(kind) ?? rows.set(kind, new Map()).get(kind)!;
  const calls: string[] = [];
  let failNext: Error | null = null;
  let holdList: Promise<void> | null = null;
  const api: LibraryApi = {
    list: async (kind) => {
      calls.push(`list ${kind}`);
      const snapshot = [...of(kind)].map(([id, body]): LibraryItem => ({ id, body, updatedAt: '', updatedBy: '' }));
      if (holdList) await holdList;
      return snapshot;
    },
    save: async (kind, id, body) => {
      calls.push(`save ${kind} ${id}`);
      if (failNext) { const e = failNext; failNext = null; throw e; }
      of(kind).set(id, body);
    },
    remove: async (kind, id) => {
      calls.push(`remove ${kind} ${id}`);
      of(kind).delete(id);
    },
    import: async (kind, items) => {
      calls.push(`import ${kind} ${items.length}`);
      for (const i of items) if (!of(kind).has(i.id)) of(kind).set(i.id, i.body);
    },
  };
  return { api, rows: of, calls, fail: (e: Error) => { failNext = e; }, hold: (p: Promise<void> | null) => { holdList = p; } };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(store: ReturnType<typeof createKernelStore>, server: ReturnType<typeof fakeServer>, scope = 'own', extra: Partial<Parameters<typeof startLibrarySync>[0]> = {}) {
  const refused = vi.fn();
  const sync = startLibrarySync({ store, api: server.api, scope, onRefused: refused, isRefusal: (e) => e instanceof Refused, pushDelayMs: 20, retryMs: 30, pullEveryMs: 60_000, ...extra });
  return { sync, refused };
}

describe('the library in the browser', () => {
  it("imports the browser's rows once into the user's own, then shows the server's", async () => {
    const store = createKernelStore();
    store.setRow('keyword-lists', 'kw-local', { name: 'Local words', updatedAt: 1 });
    const server = fakeServer({ 'keyword-lists': { 'kw-server': { name: 'From another browser', updatedAt: 2 } } });
    const { sync } = start(store, server);
    await sync.ready;
    expect(server.calls.filter((c) => c.startsWith('import'))).toEqual(['import keyword-lists 1']);
    expect(store.getRowIds('keyword-lists').sort()).toEqual(['kw-local', 'kw-server']);
    expect(store.getValue(LIBRARY_SCOPE_VALUE)).toBe('own');
    sync.stop();
    // the next start imports nothing again
    const again = start(store, server);
    await again.sync.ready;
    expect(server.calls.filter((c) => c.startsWith('import'))).toHaveLength(1);
    again.sync.stop();
  });

  it('replaces nothing while the import fails, and imports on the next round', async () => {
    const store = createKernelStore();
    store.setRow('target-lists', 'l1', { name: 'Mine', items: '[]' });
    const server = fakeServer();
    server.api.import = async () => { throw new Error('offline'); };
    const { sync } = start(store, server);
    await sync.ready;
    expect(store.getRow('target-lists', 'l1')).toEqual({ name: 'Mine', items: '[]' });
    expect(store.getValue(LIBRARY_SCOPE_VALUE)).toBeUndefined();
    sync.stop();
  });

  it("a team's rows replace another scope's at once; its own rows are not shown in the team", async () => {
    const store = createKernelStore();
    store.setValue(LIBRARY_SCOPE_VALUE, 'own');
    store.setRow('workspaces', 'My board', { file: '{}' });
    const server = fakeServer({ workspaces: { 'Team board': { file: '{"v":1}' } } });
    const { sync } = start(store, server, 'org:7');
    await sync.ready;
    expect(store.getRowIds('workspaces')).toEqual(['Team board']);
    expect(store.getValue(LIBRARY_SCOPE_VALUE)).toBe('org:7');
    expect(server.calls.some((c) => c.startsWith('remove') || c.startsWith('save'))).toBe(false);
    sync.stop();
  });

  it('sends a burst of changes as one save, and a deletion', async () => {
    const store = createKernelStore();
    store.setValue(LIBRARY_SCOPE_VALUE, 'own');
    const server = fakeServer();
    const { sync } = start(store, server);
    await sync.ready;
    for (const n of [1, 2, 3]) store.setRow('keyword-lists', 'kw', { name: 'Words', words: `w${n}` });
    await wait(60);
    expect(server.calls.filter((c) => c.startsWith('save'))).toEqual(['save keyword-lists kw']);
    expect(server.rows('keyword-lists').get('kw')).toEqual({ name: 'Words', words: 'w3' });
    store.delRow('keyword-lists', 'kw');
    await wait(60);
    expect(server.rows('keyword-lists').has('kw')).toBe(false);
    sync.stop();
  });

  it('a refused change is told and the row goes back to the server\'s; a failed one is tried again', async () => {
    const store = createKernelStore();
    store.setValue(LIBRARY_SCOPE_VALUE, 'org:7');
    const server = fakeServer({ workspaces: { Board: { file: 'server' } } });
    const { sync, refused } = start(store, server, 'org:7');
    await sync.ready;
    server.fail(new Refused('You are a viewer in this team'));
    store.setRow('workspaces', 'Board', { file: 'mine' });
    await wait(80);
    expect(refused).toHaveBeenCalledWith('workspaces', 'Board', 'You are a viewer in this team');
    expect(store.getRow('workspaces', 'Board')).toEqual({ file: 'server' });

    server.fail(new Error('network'));
    store.setRow('workspaces', 'Board', { file: 'second' });
    await wait(120);
    expect(server.calls.filter((c) => c === 'save workspaces Board')).toHaveLength(3);
    expect(server.rows('workspaces').get('Board')).toEqual({ file: 'second' });
    expect(refused).toHaveBeenCalledTimes(1);
    sync.stop();
  });

  it('a row changed while the server is read keeps its new value', async () => {
    const store = createKernelStore();
    store.setValue(LIBRARY_SCOPE_VALUE, 'own');
    const server = fakeServer({ 'keyword-lists': { kw: { name: 'old' } } });
    const { sync } = start(store, server);
    await sync.ready;
    let release: () => void = () => {};
    server.hold(new Promise<void>((r) => { release = r; }));
    const reading = sync.pull();
    store.setRow('keyword-lists', 'kw', { name: 'typed just now' });
    await wait(60); // sent and acknowledged while the read is still out
    server.hold(null);
    release();
    await reading;
    expect(store.getRow('keyword-lists', 'kw')).toEqual({ name: 'typed just now' });
    expect(server.rows('keyword-lists').get('kw')).toEqual({ name: 'typed just now' });
    sync.stop();
  });

  it('a row changed or added while no sync ran (a page closed before it could send) is sent, not taken back', async () => {
    const store = createKernelStore();
    const server = fakeServer({ workspaces: { Board: { file: 'v1' }, Gone: { file: 'g' } } });
    const first = start(store, server, 'org:7');
    await first.sync.ready;
    first.sync.stop();
    expect(store.getRowIds('workspaces').sort()).toEqual(['Board', 'Gone']);
    // the page changes rows while nothing sends them (the next page's sync has not started yet)
    store.setRow('workspaces', 'Board', { file: 'v2 typed offline' });
    store.setRow('workspaces', 'New', { file: 'n' });
    // meanwhile another member deleted "Gone" on the server
    server.rows('workspaces').delete('Gone');
    const second = start(store, server, 'org:7');
    await second.sync.ready;
    await wait(60);
    expect(server.rows('workspaces').get('Board')).toEqual({ file: 'v2 typed offline' });
    expect(server.rows('workspaces').get('New')).toEqual({ file: 'n' });
    expect(store.getRowIds('workspaces').sort()).toEqual(['Board', 'New']);
    second.sync.stop();
  });

  it("another member's change replaces a row not changed here", async () => {
    const store = createKernelStore();
    const server = fakeServer({ 'keyword-lists': { kw: { name: 'v1' } } });
    const { sync } = start(store, server, 'own');
    await sync.ready;
    server.rows('keyword-lists').set('kw', { name: 'v2 from another browser' });
    await sync.pull();
    expect(store.getRow('keyword-lists', 'kw')).toEqual({ name: 'v2 from another browser' });
    await wait(40);
    expect(server.calls.filter((c) => c.startsWith('save'))).toEqual([]);
    sync.stop();
  });

  it('moves the earlier saved workspaces first, so they are imported too', async () => {
    const store = createKernelStore();
    const server = fakeServer();
    const { sync } = start(store, server, 'own', { legacy: () => { store.setRow('workspaces', 'Old', { file: '{}' }); } });
    await sync.ready;
    expect(server.rows('workspaces').get('Old')).toEqual({ file: '{}' });
    sync.stop();
    await wait(40);
    expect(server.calls).not.toContain('save workspaces Old');
  });
});
