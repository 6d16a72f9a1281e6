/**
 * The platform check's engine (docs/PLATFORM-CHECK.md): tries each call family's probe and tells
 * what it found. Findings: working (the call answered as expected — a permission refusal counts: the
 * call exists and answered), reply changed (fields the area relies on are missing or of another
 * type), failing (the platform's message; the version or the GraphQL document an admin updates),
 * not checkable (writes and web forms: never sent by the check), nothing to try it on. A rate limit,
 * a session problem, a transient error or an unreachable extension is no finding: the previous one stays.
 */
import { GraphError } from '../bridge/bridge';
import { VERSION_RETIRED_CODE } from '../bridge/graph-version';
import { BridgeError } from '../bridge/transport';
import { MissingDocIdError } from '../graph/doc-catalogue';
import { classifyError } from '../graph/classify';
import { ReplyChanged, type ShapeProblem } from '../platform/shape';
import type { CallFamily, ProbeContext } from '../plugin/call-families';

export type CheckState = 'working' | 'changed' | 'failing' | 'notCheckable' | 'noObject';

export interface CheckFinding {
  /** `<plugin>.<family>` */
  key: string;
  state: CheckState;
  /** ms since epoch */
  at: number;
  /** the platform's message (failing), as it said it */
  message?: string;
  code?: number;
  /** what changed in the reply */
  problems?: ShapeProblem[];
  /** what an admin updates: the Graph version, or the family's GraphQL document */
  fix?: 'version' | 'document';
  document?: string;
  /** the Graph version the call was made with */
  version?: string;
  /** who found it: the check, or a list whose reply did not have the fields it relies on */
  source: 'check' | 'list';
}

/** Codes of a refusal that still proves the call exists: no permission on the object tried, or an object that is gone. */
const PERMISSION_CODES = new Set([3, 10, 803]);
const isPermission = (code: number | undefined) => code !== undefined && (PERMISSION_CODES.has(code) || (code >= 200 && code <= 299));

/** The finding of one probe's outcome; null when it says nothing about the call (try again later). */
export function findingOf(family: CallFamily, outcome: { ok: true; noObject?: boolean } | { ok: false; error: unknown }, at: number, version: string): CheckFinding | null {
  const base = { key: family.key, at, version, source: 'check' as const, ...(family.document ? { document: family.document } : {}) };
  if (outcome.ok) return { ...base, state: outcome.noObject ? 'noObject' : 'working' };
  const e = outcome.error;
  if (e instanceof ReplyChanged) return { ...base, state: 'changed', problems: [...e.problems] };
  if (e instanceof MissingDocIdError) return { ...base, state: 'failing', message: e.message, fix: 'document' };
  if (e instanceof BridgeError) return null;
  if (e instanceof GraphError) {
    if (e.code === VERSION_RETIRED_CODE) return { ...base, state: 'failing', message: e.message, code: e.code, fix: 'version' };
    const kind = classifyError(e);
    if (kind !== 'permanent') return null;
    if (isPermission(e.code)) return { ...base, state: 'working' };
    return { ...base, state: 'failing', message: e.message, code: e.code, ...(family.document ? { fix: 'document' as const } : {}) };
  }
  if (e instanceof Error && e.name === 'AbortError') return null;
  return { ...base, state: 'failing', message: e instanceof Error ? e.message : String(e) };
}

export interface CheckOptions extends Omit<ProbeContext, 'signal'> {
  signal?: AbortSignal;
  now?: () => number;
  /** the Graph version calls are made with now */
  version: string;
  /** each finding as it is made (the check screen shows progress) */
  onFinding?: (finding: CheckFinding | null, family: CallFamily) => void;
}

/** Tries the families one after another; writes get `notCheckable` without a call. */
export async function checkFamilies(families: readonly CallFamily[], o: CheckOptions): Promise<CheckFinding[]> {
  const now = o.now ?? Date.now;
  const signal = o.signal ?? new AbortController().signal;
  const found: CheckFinding[] = [];
  for (const family of families) {
    if (signal.aborted) break;
    let finding: CheckFinding | null;
    if (family.kind === 'write' || !family.probe) {
      finding = { key: family.key, state: 'notCheckable', at: now(), source: 'check', version: o.version, ...(family.document ? { document: family.document } : {}) };
    } else {
      try {
        const answer = await family.probe({ bridge: o.bridge, signal, cachedRows: o.cachedRows });
        finding = findingOf(family, { ok: true, noObject: answer === 'noObject' }, now(), o.version);
      } catch (error) {
        if (signal.aborted) break;
        finding = findingOf(family, { ok: false, error }, now(), o.version);
      }
    }
    if (finding) found.push(finding);
    o.onFinding?.(finding, family);
  }
  return found;
}
