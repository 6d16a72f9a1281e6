import { convertLegacyToNary, getLeaves, type MosaicNode } from 'react-mosaic-component';
import { readTableStates, type TableViewState } from '../table/table-state';

/**
 * What a tile shows: a plugin view, optionally the tile whose selection it follows, and the state
 * of its tables (sorting, columns, page size) by the tables' view ids — the tile's own, so two
 * tiles of one view keep theirs apart.
 */
export interface TileConfig {
  viewId: string;
  /** The tile's number among the tiles of its view (1, 2, …), shown when a view has several tiles. */
  n?: number;
  follow?: string | null;
  table?: Record<string, TableViewState>;
}

/** A saved workspace: plain, versioned JSON (the layout of Foxglove's saved layouts). */
export interface WorkspaceFile {
  version: typeof WORKSPACE_VERSION;
  layout: MosaicNode<string> | null;
  configById: Record<string, TileConfig>;
}

export const WORKSPACE_VERSION = 3;

export class WorkspaceFileError extends Error {}

/** Tile ids encode the view they show (`adaccount.list!k3x9q`), as Foxglove's `type!random` ids do. */
export function newTileId(viewId: string): string {
  return `${viewId}!${Math.random().toString(36).slice(2, 8)}`;
}

export function viewIdOfTile(tileId: string): string {
  return tileId.split('!')[0];
}

export function emptyWorkspace(): WorkspaceFile {
  return { version: WORKSPACE_VERSION, layout: null, configById: {} };
}

type Migration = (file: Record<string, unknown>) => Record<string, unknown>;

/**
 * Upgrades older files step by step. Version 1 stored react-mosaic's legacy binary tree
 * (`{ direction, first, second, splitPercentage }`); version 2 stores the n-ary tree; version 3
 * adds each tile's table state (`configById[tile].table`; before, tables kept theirs per view
 * in the browser, not in the file), so a version-2 tile starts with default columns. A tile's
 * number (`n`) is optional in version 3: a file without it gets numbers in layout order.
 */
const MIGRATIONS: Record<number, Migration> = {
  1: (file) => ({ ...file, version: 2, layout: file.layout ? convertLegacyToNary(file.layout as never) : null }),
  2: (file) => ({ ...file, version: 3 }),
};

/** Reads a saved workspace of any known version; throws WorkspaceFileError with a readable reason otherwise. */
export function migrateWorkspace(raw: unknown): WorkspaceFile {
  if (!raw || typeof raw !== 'object') throw new WorkspaceFileError('not a workspace object');
  let file = raw as Record<string, unknown>;
  if (typeof file.version !== 'number') throw new WorkspaceFileError('missing version');
  if (file.version > WORKSPACE_VERSION) throw new WorkspaceFileError(`version ${file.version} is newer than this app understands (${WORKSPACE_VERSION})`);
  while ((file.version as number) < WORKSPACE_VERSION) {
    const step = MIGRATIONS[file.version as number];
    if (!step) throw new WorkspaceFileError(`no migration from version ${file.version}`);
    file = step(file);
  }
  return checkWorkspace(file);
}

function checkWorkspace(file: Record<string, unknown>): WorkspaceFile {
  const configById = file.configById;
  if (!configById || typeof configById !== 'object') throw new WorkspaceFileError('missing configById');
  const layout = (file.layout ?? null) as MosaicNode<string> | null;
  const leaves = layout === null ? [] : getLeaves(layout);
  if (leaves.some((leaf) => typeof leaf !== 'string')) throw new WorkspaceFileError('layout has a non-string tile id');
  const configs: Record<string, TileConfig> = {};
  for (const leaf of leaves) {
    const config = (configById as Record<string, unknown>)[leaf] as TileConfig | undefined;
    const viewId = typeof config?.viewId === 'string' ? config.viewId : viewIdOfTile(leaf);
    const follow = typeof config?.follow === 'string' && leaves.includes(config.follow) ? config.follow : null;
    const table = readTableStates(config?.table);
    const taken = Number.isInteger(config?.n) && config!.n! > 0 && !Object.values(configs).some((c) => c.viewId === viewId && c.n === config!.n);
    const n = taken ? config!.n! : nextTileNumber(configs, viewId);
    configs[leaf] = table ? { viewId, n, follow, table } : { viewId, n, follow };
  }
  return { version: WORKSPACE_VERSION, layout, configById: configs };
}

/** Keeps only configs of tiles that are still in the layout, and drops follows of closed tiles. */
export function pruneConfigs(layout: MosaicNode<string> | null, configById: Record<string, TileConfig>): Record<string, TileConfig> {
  const leaves = new Set(layout === null ? [] : getLeaves(layout));
  const out: Record<string, TileConfig> = {};
  for (const [id, config] of Object.entries(configById)) {
    if (!leaves.has(id)) continue;
    out[id] = { ...config, follow: config.follow && leaves.has(config.follow) ? config.follow : null };
  }
  return out;
}

/** Records the state of one table of a tile (a tile that was closed meanwhile is left alone). */
export function setTileTableState(file: WorkspaceFile, tileId: string, viewId: string, state: TableViewState): WorkspaceFile {
  const config = file.configById[tileId];
  if (!config) return file;
  return { ...file, configById: { ...file.configById, [tileId]: { ...config, table: { ...config.table, [viewId]: state } } } };
}

/** The smallest number no other tile of the view has: a closed tile's number is given again. */
export function nextTileNumber(configById: Record<string, TileConfig>, viewId: string): number {
  const used = new Set(Object.values(configById).filter((c) => c.viewId === viewId).map((c) => c.n));
  let n = 1;
  while (used.has(n)) n++;
  return n;
}

/** Records a new tile of a view (not yet placed in the layout). */
export function withNewTile(file: WorkspaceFile, tileId: string, viewId: string): WorkspaceFile {
  return { ...file, configById: { ...file.configById, [tileId]: { viewId, n: nextTileNumber(file.configById, viewId), follow: null } } };
}

/** Adds a tile to the right of the current layout (or as the only tile). */
export function addTile(file: WorkspaceFile, viewId: string): { file: WorkspaceFile; tileId: string } {
  const tileId = newTileId(viewId);
  const layout: MosaicNode<string> = file.layout === null ? tileId : { type: 'split', direction: 'row', children: [file.layout, tileId], splitPercentages: [60, 40] };
  return { tileId, file: { ...withNewTile(file, tileId, viewId), layout } };
}

export const JOBS_VIEW = 'kernel.jobs';

/**
 * A first-time user's workspace: the first view a plugin declares as its default tile (`defaultTile`
 * in plugin.json; the ad accounts today) beside the jobs panel; only the jobs panel without one.
 */
export function defaultWorkspace(available: ReadonlySet<string>, defaultTiles: readonly string[] = []): WorkspaceFile {
  let file = emptyWorkspace();
  const main = defaultTiles.find((id) => available.has(id));
  if (main) file = addTile(file, main).file;
  if (available.has(JOBS_VIEW)) file = addTile(file, JOBS_VIEW).file;
  if (file.layout && typeof file.layout !== 'string' && file.layout.type === 'split') file.layout = { ...file.layout, splitPercentages: [65, 35] };
  return file;
}
