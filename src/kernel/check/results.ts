/**
 * The platform check's findings, kept in the user's store (table `platform-check`, one row per call
 * family) so a reload, another tab and the runner's availability read the same answer. Each row names
 * the actions the family serves, so an action can be disabled before its plugin's code is loaded.
 * The table is new in this version: an older store simply has none (nothing to migrate).
 */
import type { KernelStore } from '../store/store';
import type { ShapeProblem } from '../platform/shape';
import type { CheckFinding, CheckState } from './engine';
import type { CallFamily } from '../plugin/call-families';

export const CHECK_TABLE = 'platform-check';
/** when the last whole check ended (ms), and when one was last tried (it may have found nothing to say) */
export const CHECKED_AT = 'platformCheckAt';
export const TRIED_AT = 'platformCheckTriedAt';
/** A job's reads that were not checked within this long are tried before it sends anything. */
export const FRESH_MS = 60 * 60_000;
/** The whole check runs once a day. */
export const DAILY_MS = 24 * 60 * 60_000;

export interface StoredFinding extends CheckFinding {
  /** the actions (`<plugin>.<verb>`) the family serves */
  actions: string[];
  /** the family serves its plugin's list */
  list: boolean;
  /** the family's name (a key of its plugin's locale) and that plugin */
  titleKey: string;
  pluginId: string;
}

const STATES: readonly CheckState[] = ['working', 'changed', 'failing', 'notCheckable', 'noObject'];

export function actionIdsOf(family: CallFamily): string[] {
  return (family.actions ?? []).map((verb) => `${family.pluginId}.${verb}`);
}

export function saveFinding(store: KernelStore, finding: CheckFinding, family: Pick<CallFamily, 'pluginId' | 'actions' | 'list' | 'titleKey'>): void {
  store.setRow(CHECK_TABLE, finding.key, {
    state: finding.state,
    at: finding.at,
    source: finding.source,
    message: finding.message ?? '',
    code: finding.code ?? 0,
    problems: JSON.stringify(finding.problems ?? []),
    fix: finding.fix ?? '',
    document: finding.document ?? '',
    version: finding.version ?? '',
    actions: JSON.stringify(actionIdsOf(family as CallFamily)),
    list: !!family.list,
    titleKey: family.titleKey,
    pluginId: family.pluginId,
  });
}

function parseList<T>(text: unknown): T[] {
  if (typeof text !== 'string' || !text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v as T[] : [];
  } catch {
    return [];
  }
}

/** A stored row as a finding; a row this version cannot read is skipped (the next check writes it again). */
function toFinding(key: string, row: Record<string, unknown>): StoredFinding | null {
  const state = row.state as CheckState;
  if (!STATES.includes(state) || typeof row.at !== 'number') return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    key, state, at: row.at, source: row.source === 'list' ? 'list' : 'check',
    message: text(row.message), code: typeof row.code === 'number' && row.code ? row.code : undefined,
    problems: parseList<ShapeProblem>(row.problems), fix: row.fix === 'version' || row.fix === 'document' ? row.fix : undefined,
    document: text(row.document), version: text(row.version), actions: parseList<string>(row.actions), list: row.list === true,
    titleKey: typeof row.titleKey === 'string' ? row.titleKey : '', pluginId: typeof row.pluginId === 'string' ? row.pluginId : '',
  };
}

export function readFindings(store: KernelStore): Map<string, StoredFinding> {
  const out = new Map<string, StoredFinding>();
  const table = store.getTable(CHECK_TABLE);
  for (const [key, row] of Object.entries(table)) {
    const f = toFinding(key, row as Record<string, unknown>);
    if (f) out.set(key, f);
  }
  return out;
}

/** A retired version the tab no longer calls with: that finding is past. */
export function isPast(f: CheckFinding, version: string): boolean {
  return f.fix === 'version' && !!f.version && f.version !== version;
}

/** A finding that stops an action: a read or query it relies on fails, or its reply changed. */
export function isBlocking(f: CheckFinding): boolean {
  return f.state === 'failing' || f.state === 'changed';
}

/** The findings that disable an action now (empty: it may run). */
export function blockingFor(store: KernelStore, actionId: string): StoredFinding[] {
  return [...readFindings(store).values()].filter((f) => isBlocking(f) && f.actions.includes(actionId));
}

/** What the check says of a whole action: the worst of its families' findings. */
export function actionState(findings: readonly CheckFinding[]): CheckState | 'unchecked' {
  if (!findings.length) return 'unchecked';
  for (const s of ['failing', 'changed', 'working', 'noObject', 'notCheckable'] as const) {
    if (findings.some((f) => f.state === s)) return s;
  }
  return 'unchecked';
}
