import type { ApiClient, RequestOptions } from './client';
import type { BodyOf, DataOf, Endpoint, QueryOf } from '../../../protocol/api';

export { API } from '../../../protocol/api';

type Options<E> = Omit<RequestOptions, 'query'> & { query?: QueryOf<E> };

/**
 * Calls a GET endpoint of the product API (protocol/api/): its path, query and answer types come from
 * the shared constant. The arguments reach `api.get` as given (no `undefined` added).
 */
export function apiGet<E extends Endpoint<'GET'>>(api: Pick<ApiClient, 'get'>, endpoint: E, ...options: [options?: Options<E>]): Promise<DataOf<E>> {
  return api.get<DataOf<E>>(endpoint.path, ...(options as [RequestOptions?]));
}

/** Calls a POST endpoint of the product API with its body type; the arguments reach `api.post` as given. */
export function apiPost<E extends Endpoint<'POST'>>(
  api: Pick<ApiClient, 'post'>,
  endpoint: E,
  ...args: undefined extends BodyOf<E> ? [body?: BodyOf<E>, options?: Options<E>] : [body: BodyOf<E>, options?: Options<E>]
): Promise<DataOf<E>> {
  return api.post<DataOf<E>>(endpoint.path, ...(args as [unknown?, RequestOptions?]));
}
