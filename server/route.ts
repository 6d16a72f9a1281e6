// Registers a product-API route from its shared constant (protocol/api/): the path, the method and the
// Body/Querystring types come from there, and the handler must answer the endpoint's `data` type.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { BodyOf, DataOf, Endpoint, ServerQueryOf } from '../protocol/api';
import type { Envelope } from './envelope';

/** The request a handler of endpoint `E` receives: its body and its query as the schema leaves them. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{ Body: BodyOf<E>; Querystring: ServerQueryOf<E> }>;

/**
 * `app.get(path, options, handler)` / `app.post(…)` for the endpoint `E`. The options (auth in
 * `config`, the JSON Schemas in `schema`) are fastify's own, unchanged.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteShorthandOptions,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<Envelope<DataOf<E>>>,
): void {
  app.route({ ...options, method: endpoint.method, url: endpoint.path, handler: handler as never });
}
