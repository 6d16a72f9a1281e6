/**
 * An endpoint of the product API (`/api/...`, docs/INTERFACES.md section 3): its method and path, and —
 * as types only, never present at run time — what the client sends in the query and the body and what
 * the answer's `data` holds. The server registers its route from the same constant (server/route.ts)
 * and the client calls it with `apiGet` / `apiPost` (src/kernel/api/endpoints.ts), so neither the path
 * nor a shape is written twice.
 */
export type Method = 'GET' | 'POST';

/** Nothing in the query (the client may still send its uid along; the server drops anything else). */
export type NoQuery = { uid?: string | number };
/** No body. */
export type NoBody = undefined;

export interface Endpoint<M extends Method = Method, Q = unknown, B = unknown, D = unknown, SQ = Q> {
  readonly method: M;
  readonly path: string;
  /**
   * Types only (never set): `query` is what the client sends, `serverQuery` what the handler reads
   * once the schema filled in the defaults (paging), `body` and `data` the request's body and the
   * answer's `data`.
   */
  readonly types?: { query: Q; body: B; data: D; serverQuery: SQ };
}

type Types<E> = E extends Endpoint<Method, infer Q, infer B, infer D, infer SQ> ? { query: Q; body: B; data: D; serverQuery: SQ } : never;
export type QueryOf<E> = Types<E>['query'];
export type BodyOf<E> = Types<E>['body'];
export type DataOf<E> = Types<E>['data'];
export type ServerQueryOf<E> = Types<E>['serverQuery'];

/** `GET path`: answers `D`; takes the query `Q` (the handler reads `SQ`: `Q` with the schema's defaults). */
export function get<D, Q = NoQuery, SQ = Q>(path: string): Endpoint<'GET', Q, NoBody, D, SQ> {
  return { method: 'GET', path };
}

/** `POST path` with the JSON body `B`: answers `D`. */
export function post<B, D, Q = NoQuery>(path: string): Endpoint<'POST', Q, B, D> {
  return { method: 'POST', path };
}

/** The paging query of a list (page from 1; the server's default size is 20). */
export type PagingQuery = { page?: number; pageSize?: number };
/** The same, as the handler reads it: the schema filled in the defaults. */
export type Paging = { page: number; pageSize: number };
/** A page of a list. */
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };
