/**
 * The friends area's call families for the platform check (src/kernel/plugin/call-families.ts): the GraphQL
 * documents its lists, reads and actions use. Queries are tried through this area's own api.ts
 * functions (which check the fields the area relies on), with small pages. A probe posts only its own
 * family's document (the check's background reads let nothing else through, src/kernel/check/service.ts),
 * so the friendship status is read of a person from the cached requests, else of the operator. The four
 * request writes are mutations: never sent by the check.
 */
import { defineProbes, type ProbeContext } from '@kernel';
import {
  DOCS, friendshipStatus, readAccountQuality, readFeedPage, readInvitationsPage, readNotificationsPage, readReceivedPage, readSentPage,
} from './api';
import { ALL_KEY, RECEIVED_KEY, SENT_KEY } from './cache';

const o = (ctx: ProbeContext) => ({ signal: ctx.signal });

/** The operator's own platform id (no call: the session's identity), or null. */
async function me(ctx: ProbeContext): Promise<string | null> {
  const who = await ctx.bridge.transport.identity().catch(() => null);
  return who?.id && /^\d+$/.test(who.id) ? who.id : null;
}

/** A person with a friend request to or from the operator, from the cached lists; else the operator (the same document answers). */
async function aPerson(ctx: ProbeContext): Promise<string | null> {
  for (const key of [ALL_KEY, RECEIVED_KEY, SENT_KEY]) {
    const row = ctx.cachedRows<{ id?: unknown }>(key)?.find((r) => typeof r?.id === 'string' && /^\d+$/.test(r.id));
    if (row) return row.id as string;
  }
  return me(ctx);
}

export default defineProbes([
  {
    id: 'received', kind: 'query', titleKey: 'calls.received', list: true, document: DOCS.received,
    probe: async (ctx) => { await readReceivedPage(ctx.bridge, 3, null, o(ctx)); },
  },
  {
    id: 'sent', kind: 'query', titleKey: 'calls.sent', list: true, document: DOCS.sent,
    probe: async (ctx) => { await readSentPage(ctx.bridge, 3, null, o(ctx)); },
  },
  {
    id: 'status', kind: 'query', titleKey: 'calls.status', actions: ['send', 'cancel', 'confirm', 'delete'], document: DOCS.status,
    probe: async (ctx) => {
      const person = await aPerson(ctx);
      if (!person) return 'noObject';
      await friendshipStatus(ctx.bridge, person, o(ctx));
    },
  },
  {
    // The first page. The next pages' document (DOCS.notificationsMore) needs a cursor only this one
    // gives, and a probe may post only its own document: it is not tried on its own.
    id: 'notifications', kind: 'query', titleKey: 'calls.notifications', document: DOCS.notifications,
    probe: async (ctx) => { await readNotificationsPage(ctx.bridge, 3, null, o(ctx)); },
  },
  {
    id: 'invitations', kind: 'query', titleKey: 'calls.invitations', document: DOCS.invitations,
    probe: async (ctx) => { await readInvitationsPage(ctx.bridge, 3, null, o(ctx)); },
  },
  {
    id: 'feed', kind: 'query', titleKey: 'calls.feed', document: DOCS.feed,
    probe: async (ctx) => { await readFeedPage(ctx.bridge, 3, null, { ...o(ctx), userId: (await me(ctx)) ?? undefined }); },
  },
  {
    id: 'quality', kind: 'query', titleKey: 'calls.quality', document: DOCS.quality,
    probe: async (ctx) => { await readAccountQuality(ctx.bridge, o(ctx)); },
  },
  { id: 'send', kind: 'write', titleKey: 'calls.send', actions: ['send'], document: DOCS.send },
  { id: 'cancel', kind: 'write', titleKey: 'calls.cancel', actions: ['cancel', 'send'], document: DOCS.cancel },
  { id: 'confirm', kind: 'write', titleKey: 'calls.confirm', actions: ['confirm'], document: DOCS.confirm },
  { id: 'delete', kind: 'write', titleKey: 'calls.delete', actions: ['delete'], document: DOCS.delete },
]);
