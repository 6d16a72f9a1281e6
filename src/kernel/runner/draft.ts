import type { JobItem } from './types';
import { ownParams } from '../jobs/item';
import { scopeMap } from './scope';
import type { LoadedPlugin, PluginAction } from '../plugin/types';

/** The tab that keeps a job's secrets, and their names. */
export interface SecretHolder { tabId: string; names: string[] }

/** One item of a job before it is stored. */
export interface PlannedItem { itemId: string; item: JobItem; unresolved: boolean; scope: string }

/**
 * A job as it will start, made once (Runner.draft) and shared by the action dialog, the dry run and
 * the start, in this tab or the one that runs the jobs (tabs/remote-runner.ts sends the draft, not the
 * form): the parameters checked once, the items planned once, the secrets split off.
 */
export interface Draft {
  readonly actionId: string;
  /** The parameters kept with the job: every secret left out. */
  readonly params: Record<string, unknown>;
  /** The secrets this tab was given (kept in memory for the job's life, never stored). */
  readonly secrets: Record<string, unknown>;
  /** Another tab keeps these secrets (prepare-only ones) and runs the job's `prepare`. */
  readonly secretHolder?: SecretHolder;
  readonly planned: readonly PlannedItem[];
  /** The parameters passed the compiled validators; false when their code had not loaded yet (checked before the first send). */
  readonly checked: boolean;
  /** The job's id, when the tab that asked for the job chose it. */
  readonly jobId?: string;
  /** The job this one undoes (its items carry the states to put back, src/kernel/runner/undo.ts). */
  readonly undoOf?: string;
  /** The team the job runs in (its id; absent or 0: the user's own work), whose policy let it run (docs/TEAMS.md). */
  readonly org?: number;
  /**
   * The team's policy lets the job run only once approved (made with `forApproval`): why (`irreversible`,
   * `size`, `action`). Such a draft starts only as a job waiting for the approval request `approvalId`.
   */
  readonly needsApproval?: 'action' | 'irreversible' | 'size';
  readonly approvalId?: number;
}

/**
 * The job's items: one per selected item, or for a pair action one per selected item × entry of the
 * paired parameter (`<id>|<entry>`, the item given to `run` is the selected one with `pair`). An item
 * without an id (an entry that resolved to nothing) is kept, skipped as 'unresolved', never sent.
 * Each item gets `index`, its 0-based position in `items`: the order the list showed the selection,
 * which a name pattern's `{index}` counts (src/kernel/platform/name-pattern.ts). An item carrying its
 * own values of the paired parameter (src/kernel/jobs/item.ts) is paired with those instead of the job's.
 */
export function planItems(plugin: LoadedPlugin, action: PluginAction, params: Record<string, unknown>, items: readonly JobItem[], exclude: readonly string[] = []): PlannedItem[] {
  const scopes = scopeMap(plugin.scope);
  const pairParam = action.pairs?.param;
  const entriesOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);
  const jobEntries = pairParam ? entriesOf(params[pairParam]) : [null];
  const left = new Set(exclude);
  const out: PlannedItem[] = [];
  for (const [position, selected] of items.entries()) {
    const item: JobItem = { ...selected, index: position };
    // an item with its own entries of the paired list (an imported row: this page, that person) pairs with those alone
    const own = pairParam ? ownParams(item) : null;
    const entries = own && pairParam && pairParam in own ? entriesOf(own[pairParam]) : jobEntries;
    const unresolved = item.id === undefined || item.id === null || String(item.id).trim() === '';
    const baseId = unresolved ? String((item as { text?: unknown }).text ?? '') : String(item.id);
    const scope = unresolved ? '' : scopes.of(baseId) ?? '';
    for (const pair of entries) {
      const itemId = pair === null ? baseId : `${baseId}|${pair}`;
      if (left.has(itemId)) continue;
      out.push({ itemId, item: pair === null ? item : { ...item, pair }, unresolved, scope });
    }
  }
  return out;
}

/** The parameters without the secrets (`stored`), and the secrets given here (those another tab keeps are not). */
export function splitSecrets(all: Record<string, unknown>, secretNames: readonly string[], heldElsewhere: readonly string[] = []): { stored: Record<string, unknown>; secrets: Record<string, unknown> } {
  const secrets: Record<string, unknown> = {};
  const stored: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(all)) {
    if (!secretNames.includes(name) && !heldElsewhere.includes(name)) stored[name] = value;
    else if (value !== undefined && !heldElsewhere.includes(name)) secrets[name] = value;
  }
  return { stored, secrets };
}

/** The same draft without some of its items (the ones the dry run flagged): nothing is checked or planned again. */
export function withoutItems(draft: Draft, itemIds: readonly string[]): Draft {
  const left = new Set(itemIds);
  return { ...draft, planned: draft.planned.filter((p) => !left.has(p.itemId)) };
}

/** The draft's parameters as `prepare` and the items get them: the stored ones and the secrets given here. */
export function draftParams(draft: Draft): Record<string, unknown> {
  return { ...draft.params, ...draft.secrets };
}

export function isDraft(value: unknown): value is Draft {
  return !!value && typeof value === 'object' && Array.isArray((value as Draft).planned) && typeof (value as Draft).actionId === 'string';
}
