/**
 * Call families: what a plugin tells the platform check about the calls it makes (docs/PLATFORM-CHECK.md).
 * A family is one kind of call (an edge read, a GraphQL query document, a kind of write) that one or
 * more of the plugin's actions, or its list, rely on. Reads and queries carry a probe — a real read,
 * through the operator's own session, of an object the operator can read; writes and web forms carry
 * none: the check never sends a mutation, so they show "not checkable" and are never disabled by it.
 */
import type { Bridge } from '../bridge/bridge';

/** `read`: a Graph GET; `query`: a GraphQL query document; `write`: any mutation or web form. */
export type CallKind = 'read' | 'query' | 'write';

export interface ProbeContext {
  /** Sends the probe's reads: a background bridge (at most a fifth of the budget, after jobs on the same scope) or the job's own. */
  bridge: Bridge;
  signal: AbortSignal;
  /** The rows of a list this browser holds in its cache (by cache key), to pick an object without another call; null when not cached. */
  cachedRows<T = unknown>(cacheKey: string): readonly T[] | null;
}

/**
 * A probe reads through the plugin's own api functions (which check the fields they rely on, see
 * src/kernel/platform/shape.ts) and resolves when the call answered as expected; it answers
 * `'noObject'` when the operator has nothing it could be tried on. A thrown GraphError or
 * ReplyChanged is the finding.
 */
export type Probe = (ctx: ProbeContext) => Promise<void | 'noObject'>;

export interface CallFamilyDeclaration {
  /** unique in the plugin; the check's key is `<plugin>.<id>` */
  id: string;
  kind: CallKind;
  /** the family in the operator's words (the plugin's locale) */
  titleKey: string;
  /** the verbs of the plugin's actions that make this call */
  actions?: readonly string[];
  /** the plugin's list loads through it */
  list?: boolean;
  /** the GraphQL operation (its doc id is in the document catalogue): what an admin updates when it fails */
  document?: string;
  /** reads and queries: how to try it */
  probe?: Probe;
}

/** A plugin's `probes` module default export: `export default defineProbes([...])`. */
export function defineProbes(families: CallFamilyDeclaration[]): CallFamilyDeclaration[] {
  return families;
}

/** A family as the kernel holds it: its plugin's id added. */
export interface CallFamily extends CallFamilyDeclaration {
  /** `<plugin>.<id>` */
  key: string;
  pluginId: string;
}
