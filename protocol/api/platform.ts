import { get, post } from './endpoint';

/**
 * The Graph API version every platform call names (docs/DECISIONS.md, "The Graph API version is data").
 * The server holds it (an admin sets it, `TESSERA_GRAPH_VERSION` the default) and `/api/runtime`
 * carries it; the app, the demo executor and the extension read it at call time.
 */
export const DEFAULT_GRAPH_VERSION = 'v24.0';
/** A Graph version as the platform names it: `v24.0`. */
export const GRAPH_VERSION_PATTERN = '^v\\d{1,2}\\.0$';

export function isGraphVersion(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(GRAPH_VERSION_PATTERN).test(value);
}

/** The admin's view of the platform settings. */
export type PlatformView = {
  /** the version every Graph call names now */
  graphVersion: string;
  /** what it is without an admin's choice: `TESSERA_GRAPH_VERSION`, else `v24.0` */
  defaultGraphVersion: string;
  /** when an admin last set it (null: never, the default applies) */
  updatedAt: string | null;
};

const ADMIN_PLATFORM = '/api/admin/platform';

export const platformEndpoints = {
  /** Admins. */
  adminPlatform: get<PlatformView>(ADMIN_PLATFORM),
  /** Admins, with their password: the Graph version every call names from now on. */
  setAdminPlatform: post<{ password: string; graphVersion: string }, PlatformView>(ADMIN_PLATFORM),
};
