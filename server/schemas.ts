// JSON-schema pieces shared by the routes. Bodies are validated strictly (no type coercion; unknown
// properties are dropped), query strings with coercion (everything arrives as text).
export const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const;
export const password = { type: 'string', minLength: 5, maxLength: 30 } as const;
export const code = { type: 'string', pattern: '^[0-9]{6}$' } as const;
export const purpose = { type: 'string', enum: ['activation', 'reset'] } as const;
export const shortText = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
export const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
export const pageSize = { type: 'integer', enum: [10, 20, 50, 100] } as const;
export const ordernum = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
export const fbid = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_.:-]*$' } as const;
/** the client sends its uid along; it is never used to pick the user (the token does that) */
export const uid = { anyOf: [{ type: 'string', maxLength: 64 }, { type: 'integer' }] } as const;
export const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export function object<P extends Record<string, object>, R extends keyof P & string = never>(properties: P, required: R[] = []) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

export interface Paging {
  page: number;
  pageSize: number;
}

/** For calls that take nothing: no body, or any object (the client may send its uid along). */
export const noBody = { type: ['object', 'null'] } as const;
/** For calls that take no query: anything but the client's uid is dropped. */
export const noQuery = { type: 'object', properties: { uid } } as const;
