// The watch (docs/DECISIONS.md, "The watch: snapshots and changes (issue 34)"): snapshots of the
// operator's platform objects in, changes out. Each operator sends and reads only their own; the
// comparison, the attribution to jobs and the retention are in server/watch/.
import type { FastifyInstance } from 'fastify';
import { ApiError, Code, ok } from '../envelope';
import { caller } from '../context';
import { limitUser } from '../user-limits';
import * as s from '../schemas';
import {
  API, WATCH_CHANGES_DEFAULT, WATCH_CHANGES_MAX, WATCH_FIELDS, WATCH_ID_PATTERN, WATCH_MEMBERS_MAX, WATCH_ROWS_MAX, WATCH_TYPES,
} from '../../protocol/api';
import { route } from '../route';
import { readChanges, takeSnapshot } from '../watch/store';

const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';
const objectId = { type: 'string', minLength: 1, maxLength: 64, pattern: WATCH_ID_PATTERN } as const;
const type = { type: 'string', enum: WATCH_TYPES } as const;
/** A value field: text (at most 500 characters), a number, a boolean or null. */
const value = { type: ['string', 'number', 'boolean', 'null'], maxLength: 500, pattern: PRINTABLE } as const;
const member = s.object({
  id: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[^\\u0000-\\u001f\\u007f]+$' },
  name: { type: 'string', maxLength: 256, pattern: PRINTABLE },
  role: { type: 'string', maxLength: 64, pattern: PRINTABLE },
}, ['id']);
const list = { type: 'array', maxItems: WATCH_MEMBERS_MAX, items: member } as const;

/** Every field of every type (a field of another type than the request's is dropped by the handler). */
const fieldSchemas: Record<string, object> = {};
for (const fields of Object.values(WATCH_FIELDS)) {
  for (const [field, kind] of Object.entries(fields)) fieldSchemas[field] = kind === 'list' ? list : value;
}
const row = {
  type: 'object',
  properties: { id: objectId, name: { type: 'string', maxLength: 256, pattern: PRINTABLE }, ...fieldSchemas },
  required: ['id'],
  additionalProperties: false,
} as const;

export async function watchRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.watch.snapshots, {
    config: { auth: 'user' },
    schema: { body: s.object({ type, rows: { type: 'array', maxItems: WATCH_ROWS_MAX, items: row } }, ['type', 'rows']) },
  }, async (req) => {
    const auth = caller(req.auth);
    await limitUser(ctx, 'watchSnapshots', auth.user.id);
    return ok(req.lang, await takeSnapshot(ctx, auth.user.id, req.body.type, req.body.rows));
  });

  route(app, API.watch.changes, {
    config: { auth: 'user' },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          since: { type: 'string', minLength: 1, maxLength: 40 },
          type,
          id: objectId,
          limit: { type: 'integer', minimum: 1, maximum: WATCH_CHANGES_MAX, default: WATCH_CHANGES_DEFAULT },
          uid: s.uid,
        },
      },
    },
  }, async (req) => {
    const auth = caller(req.auth);
    const { since, type: t, id, limit } = req.query;
    let sinceDate: Date | undefined;
    if (since !== undefined) {
      const ms = Date.parse(since);
      // an ISO time (`2026-11-28T10:00:00Z`) or a date (`2026-11-28`), between the years 1900 and 9999
      if (!Number.isFinite(ms) || ms < Date.UTC(1900, 0, 1) || ms >= Date.UTC(10000, 0, 1)) throw new ApiError(Code.INVALID, 'watchBadSince', { since }, 400);
      sinceDate = new Date(ms);
    }
    return ok(req.lang, await readChanges(ctx, auth.user.id, { since: sinceDate, type: t, id, limit }));
  });
}
