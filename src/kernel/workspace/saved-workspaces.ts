import type { KernelStore } from '../store/store';
import { getItem, removeItem, setItem } from '../storage';
import { emptyWorkspace, migrateWorkspace, WorkspaceFileError, type WorkspaceFile } from './workspace-file';

export const MAX_WORKSPACE_NAME = 60;

/**
 * The named workspaces: rows of the store's `workspaces` table (row id: the name; `file`: the workspace
 * file as JSON), which the library keeps on the server, the user's own or the active team's
 * (src/kernel/library/library-sync.ts, docs/TEAMS.md "What a team shares").
 */
export const WORKSPACES_TABLE = 'workspaces';

/** Names of saved workspaces, sorted. */
export function listWorkspaces(store: KernelStore): string[] {
  return store.getRowIds(WORKSPACES_TABLE).sort((a, b) => a.localeCompare(b));
}

export function saveWorkspace(store: KernelStore, name: string, file: WorkspaceFile): void {
  const clean = name.trim();
  if (!clean) throw new WorkspaceFileError('name is empty');
  if (clean.length > MAX_WORKSPACE_NAME) throw new WorkspaceFileError(`name is longer than ${MAX_WORKSPACE_NAME} characters`);
  store.setRow(WORKSPACES_TABLE, clean, { file: JSON.stringify(file), updatedAt: Date.now() });
}

export function loadWorkspace(store: KernelStore, name: string): WorkspaceFile {
  const text = store.getCell(WORKSPACES_TABLE, name, 'file');
  if (typeof text !== 'string') throw new WorkspaceFileError(`no workspace named "${name}"`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new WorkspaceFileError(`the workspace "${name}" is damaged`);
  }
  return migrateWorkspace(raw);
}

export function deleteWorkspace(store: KernelStore, name: string): void {
  store.delRow(WORKSPACES_TABLE, name);
}

/**
 * Before the library, the named workspaces were kept in local storage (`tessera-workspaces`, name → file):
 * they move into the store's table once (a name the table has already keeps the table's), and the key goes.
 */
export function moveLegacyWorkspaces(store: KernelStore): number {
  const legacy = getItem('tessera-workspaces');
  if (!legacy || typeof legacy !== 'object') return 0;
  let moved = 0;
  store.transaction(() => {
    for (const [name, file] of Object.entries(legacy)) {
      const clean = name.trim().slice(0, MAX_WORKSPACE_NAME);
      if (!clean || store.hasRow(WORKSPACES_TABLE, clean)) continue;
      try {
        store.setRow(WORKSPACES_TABLE, clean, { file: JSON.stringify(migrateWorkspace(file)), updatedAt: Date.now() });
        moved += 1;
      } catch (e) {
        console.warn(`[tessera] the saved workspace "${name}" could not be read; left out`, e);
      }
    }
  });
  removeItem('tessera-workspaces');
  return moved;
}

/**
 * The workspace on screen, kept across reloads; `stored` is false for a user who never had one (the
 * workspace then opens its default layout). A damaged entry starts empty rather than breaking the page.
 */
export function loadCurrentWorkspace(): { file: WorkspaceFile; name: string | null; stored: boolean } {
  const raw = getItem('tessera-current-workspace') as { name?: unknown; file?: unknown } | undefined;
  if (!raw) return { file: emptyWorkspace(), name: null, stored: false };
  try {
    return { file: migrateWorkspace(raw.file), name: typeof raw.name === 'string' ? raw.name : null, stored: true };
  } catch (e) {
    console.warn('[tessera] current workspace could not be read; starting empty', e);
    return { file: emptyWorkspace(), name: null, stored: true };
  }
}

export function saveCurrentWorkspace(file: WorkspaceFile, name: string | null): void {
  setItem('tessera-current-workspace', { name, file });
}
