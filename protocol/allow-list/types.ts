import type { PLATFORM_HOSTS } from '../hosts';

export type PlatformHost = (typeof PLATFORM_HOSTS)[number];
/** The method a call really performs: the HTTP method, or the Graph `method` parameter (`POST … method=delete` deletes). */
export type CallMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One platform call the page may make through the executor (docs/INTERFACES.md section 4).
 * `path` is matched against the whole URL path; its tokens:
 * `{v}` a Graph version (`v19.0`), `{id}` a numeric id, `{act}` an ad account (`act_<digits>`),
 * `{node}` either of the two; anything else is literal text.
 */
export interface AllowedCall {
  /** What the call is for (the walk test and the docs name calls by it). */
  what: string;
  host: PlatformHost;
  method: CallMethod;
  path: string;
  /** Web GraphQL posts: the operation names (`fb_api_req_friendly_name`) this entry allows. */
  operations?: readonly string[];
  /** The Graph batch endpoint: every item of the `batch` field must itself be on the list. */
  batch?: true;
}

/** One area's section of the allow-list. */
export interface AllowListSection {
  area: string;
  calls: readonly AllowedCall[];
}
