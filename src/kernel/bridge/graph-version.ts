import { DEFAULT_GRAPH_VERSION, isGraphVersion } from '../../../protocol/api';
import { getRuntime } from '../api/runtime';

/**
 * The Graph API version every platform call names, read at call time (docs/DECISIONS.md, "The Graph
 * API version is data"): the server holds it and `/api/runtime` carries it, so a tab takes an admin's
 * change at its next runtime read (boot, the 5-minute check) or at once after a #2635 answer, which
 * asks for a new read (`onVersionRetired`). Until the first read, the product's default.
 */
let current: string | null = null;

/** The runtime's version when it carries one (anything that is not a version is ignored), else the last one known. */
export function graphVersion(): string {
  const told = getRuntime()?.graphVersion;
  if (isGraphVersion(told)) current = told;
  return current ?? DEFAULT_GRAPH_VERSION;
}

/** Sets the version known without a runtime read (tests; a page before its first read). */
export function setGraphVersion(version: unknown): void {
  if (isGraphVersion(version)) current = version;
}

const retired = new Set<() => void>();

/** Called when the platform answers #2635 (the version named is no longer served). */
export function onVersionRetired(listener: () => void): () => void {
  retired.add(listener);
  return () => { retired.delete(listener); };
}

/** A call came back #2635: whoever reads the runtime reads it again, to learn the admin's new version. */
export function versionRetired(): void {
  retired.forEach((l) => { try { l(); } catch { /* a listener's failure is its own */ } });
}

/** The platform's code for "you are calling a deprecated version". */
export const VERSION_RETIRED_CODE = 2635;
