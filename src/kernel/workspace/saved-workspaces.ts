import { getItem, setItem } from '../storage';
import { emptyWorkspace, migrateWorkspace, WorkspaceFileError, type WorkspaceFile } from './workspace-file';

export const MAX_WORKSPACE_NAME = 60;

/** Names of saved workspaces, sorted. */
export function listWorkspaces(): string[] {
  return Object.keys(getItem('tessera-workspaces') ?? {}).sort((a, b) => a.localeCompare(b));
}

export function saveWorkspace(name: string, file: WorkspaceFile): void {
  const clean = name.trim();
  if (!clean) throw new WorkspaceFileError('name is empty');
  if (clean.length > MAX_WORKSPACE_NAME) throw new WorkspaceFileError(`name is longer than ${MAX_WORKSPACE_NAME} characters`);
  setItem('tessera-workspaces', { ...(getItem('tessera-workspaces') ?? {}), [clean]: file });
}

export function loadWorkspace(name: string): WorkspaceFile {
  const raw = (getItem('tessera-workspaces') ?? {})[name];
  if (raw === undefined) throw new WorkspaceFileError(`no workspace named "${name}"`);
  return migrateWorkspace(raw);
}

export function deleteWorkspace(name: string): void {
  const all = { ...(getItem('tessera-workspaces') ?? {}) };
  delete all[name];
  setItem('tessera-workspaces', all);
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
