import { asPage, runBatch, type WatchCheck, type WatchSnapshotRow } from '@kernel';
import { deactivationState, ROLES_FIELDS, ROLES_LIMIT, rolesOf } from './api';
import { loadPages } from './load';
import { roleOfTasks } from './roles';
import type { Page } from './types';

/**
 * A page as the watch keeps it (plugin.json `watch`): whether it is published and, when the scheduled
 * check read them, the people with a role on it (`{ id, name, role }`: the named role of their tasks,
 * worded by plugin.json `watch.words.roles`; another task set as its tasks, sorted; no tasks: the
 * platform's role). A list row has no roles (the list does not read them): the
 * server keeps their last value; the same for `deactivation` (`deactivated` or `active`), read by the check.
 */
export function toSnapshot(p: Page): WatchSnapshotRow | null {
  if (!p.id) return null;
  const row: WatchSnapshotRow = { id: p.id, name: p.name };
  if (typeof p.is_published === 'boolean') row.published = p.is_published;
  if (typeof p.deactivated === 'boolean') row.deactivation = p.deactivated ? 'deactivated' : 'active';
  if (p.roles) {
    row.roles = p.roles.map((r) => {
      const role = r.tasks.length ? roleOfTasks(r.tasks) ?? [...r.tasks].sort().join(',') : r.role;
      return { id: r.id, ...(r.name && { name: r.name }), ...(role && { role }) };
    });
  }
  return row;
}

/**
 * The scheduled checks (plugin.json `watch.checks`): `status` reads the pages as the list does, then
 * each page's roles (`{page}/roles`, one GET a page, in Graph batches of 50). A list that stopped at a
 * failed page sends the pages before it; with none read, the check failed. A page whose roles cannot be
 * read (an entry refused, a batch that failed) keeps them out of the snapshot (the server keeps their
 * last value). Then each page's deactivation, a web GraphQL query of one page at a time
 * (PageDeactivationStateQuery, the check's declared operation); a page whose state cannot be read keeps
 * `deactivation` out (the server keeps its last value).
 */
export const checks: Record<string, WatchCheck> = {
  status: async ({ bridge, signal }) => {
    const { rows, stoppedBy } = await loadPages(bridge, { signal });
    if (stoppedBy && !rows.length) throw stoppedBy;
    const pages = rows.filter((p) => p.id);
    if (!pages.length) return rows;
    try {
      const results = await runBatch(bridge, pages.map((p) => ({
        method: 'GET' as const, relative_url: `${asPage(p.id)}/roles?fields=${ROLES_FIELDS}&limit=${ROLES_LIMIT}`,
      })), { signal });
      results.forEach((r, i) => {
        if (!r?.ok) return;
        try { pages[i]!.roles = rolesOf(r.body); } catch { /* a reply without the fields: left out */ }
      });
    } catch (e) {
      if (signal.aborted) throw e;
    }
    for (const p of pages) {
      try {
        p.deactivated = (await deactivationState(bridge, p.id, { signal })).deactivated;
      } catch (e) {
        if (signal.aborted) throw e;
      }
    }
    return rows;
  },
};
