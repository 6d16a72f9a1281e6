// Registers a product-API route from its shared constant (protocol/api/): the path, the method and the
// Body/Querystring types come from there, and the handler must answer the endpoint's `data` type.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { BodyOf, DataOf, Endpoint, QueryOf, ServerQueryOf } from '../protocol/api';
import type { Envelope } from './envelope';

/** The request a handler of endpoint `E` receives: its body and its query as the schema leaves them. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{ Body: BodyOf<E>; Querystring: ServerQueryOf<E> }>;

type Keys<T> = T extends object ? keyof T & string : never;
/**
 * A JSON Schema with `properties` must name exactly the keys of the shared type `T` (a schema without
 * `properties`, such as `s.noBody`, is not checked): a field added to the type and not to the schema (the
 * server would drop it) or the other way round is a type error, e.g. `{ schemaAndTypeDiffer: ['fbid', never] }`.
 */
type SameKeys<S, T> = S extends { properties: infer P }
  ? [Exclude<keyof P & string, Keys<NonNullable<T>>>, Exclude<Keys<NonNullable<T>>, keyof P & string>] extends [never, never]
    ? unknown
    : { schemaAndTypeDiffer: [onlyInSchema: Exclude<keyof P & string, Keys<NonNullable<T>>>, onlyInType: Exclude<Keys<NonNullable<T>>, keyof P & string>] }
  : unknown;
type RequiredKeys<T> = T extends object ? { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T] & string : never;
/** A schema made by `s.object(properties, required)` must also require exactly the type's required (not optional) keys. */
type SameRequired<S, T> = S extends { required: (infer R)[] }
  ? string extends R ? unknown // a schema written out (not by s.object): its required list is only `string[]`
  : [Exclude<R, RequiredKeys<NonNullable<T>>>, Exclude<RequiredKeys<NonNullable<T>>, R>] extends [never, never]
    ? unknown
    : { schemaAndTypeRequireDifferently: [onlyInSchema: Exclude<R, RequiredKeys<NonNullable<T>>>, onlyInType: Exclude<RequiredKeys<NonNullable<T>>, R>] }
  : unknown;
type SchemaOf<O> = O extends { schema: infer S } ? S : object;
type BodySchema<O> = SchemaOf<O> extends { body: infer B } ? B : object;
type QuerySchema<O> = SchemaOf<O> extends { querystring: infer Q } ? Q : object;
type Checked<O, E> = O & { schema?: SameKeys<BodySchema<O>, BodyOf<E>> & SameRequired<BodySchema<O>, BodyOf<E>> & SameKeys<QuerySchema<O>, QueryOf<E>> };

/**
 * `app.get(path, options, handler)` / `app.post(…)` for the endpoint `E`. The options (auth in
 * `config`, the JSON Schemas in `schema`) are fastify's own, unchanged; their schemas' properties must
 * match the shared body and query types.
 */
export function route<E extends Endpoint, O extends RouteShorthandOptions>(
  app: FastifyInstance,
  endpoint: E,
  options: Checked<O, E>,
  handler: (req: RequestOf<E>, reply: FastifyReply) => Promise<Envelope<DataOf<E>>>,
): void {
  app.route({ ...options, method: endpoint.method, url: endpoint.path, handler: handler as never });
}
