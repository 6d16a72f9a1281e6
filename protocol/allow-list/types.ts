import type { PLATFORM_HOSTS } from '../hosts';

export type PlatformHost = (typeof PLATFORM_HOSTS)[number];
/** The method a call really performs: the HTTP method, or the Graph `method` parameter (`POST … method=delete` deletes). */
export type CallMethod = 'GET' | 'POST' | 'DELETE';

/**
 * What one GraphQL variable may hold (protocol/allow-list/variables.ts checks it):
 * - `id`: a numeric platform id (digits, as a string or a safe integer);
 * - `node`: an id or an ad account id `act_<digits>`;
 * - `ids`: a list of ids (at most 5,000);
 * - `text`: any string of at most 10,000 characters (names, messages, search text, cursors);
 * - `texts`: a list of such strings (at most 5,000);
 * - `int`: an integer (a safe integer, or digits);
 * - `bool`: true or false;
 * - a list of strings: exactly one of them (an enum);
 * - `{ list: kind }`: a list (at most 5,000) whose every entry is of that kind;
 * - an object: a nested shape.
 */
export type VarKind = 'id' | 'node' | 'ids' | 'text' | 'texts' | 'int' | 'bool' | readonly string[] | { readonly list: VarKind } | VarShape;

/**
 * The variables of one GraphQL operation: every key it may carry and what each holds. A key ending
 * in `?` is optional (and may also be null); a key not named here is refused, so a document posted
 * under this operation's name cannot carry another operation's variables.
 */
export interface VarShape { readonly [key: string]: VarKind }

/**
 * One platform call the page may make through the executor (docs/INTERFACES.md section 4).
 * `path` is matched against the whole URL path; its tokens:
 * `{v}` a Graph version (`v24.0`), `{id}` a numeric id, `{act}` an ad account (`act_<digits>`),
 * `{node}` either of the two; anything else is literal text.
 */
export interface AllowedCall {
  /** What the call is for (the walk test and the docs name calls by it). */
  what: string;
  host: PlatformHost;
  method: CallMethod;
  path: string;
  /**
   * Web GraphQL posts: the operation names (`fb_api_req_friendly_name`) this entry allows, each with
   * the shape of its variables. The document id must be the catalogue's id for that very name
   * (protocol/doc-catalogue.ts).
   */
  operations?: Readonly<Record<string, VarShape>>;
  /** The Graph batch endpoint: every item of the `batch` field must itself be on the list. */
  batch?: true;
}

/** One area's section of the allow-list. */
export interface AllowListSection {
  area: string;
  calls: readonly AllowedCall[];
}
