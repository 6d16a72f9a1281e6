/**
 * The page area's call families for the platform check (src/kernel/plugin/call-families.ts): each kind of
 * call the list, the sub-screens and the actions make. Reads and queries are tried through this
 * area's own api.ts functions (which check the fields the area relies on) on a page the operator
 * manages: the first of the cached list, else the first of `me/accounts`. Mutations, the role and
 * publish writes, the name form and the password re-check (web forms) are never sent by the check.
 * An action's family list includes the calls of its undo (docs/UNDO.md): a block's undo reads who is
 * blocked, a deactivation's reactivates, an invitation's removes it.
 */
import { defineProbes, type ProbeContext } from '@kernel';
import {
  accountsPage, adminPeople, appealStatus, blockedPeople, categorySearch, deactivationState, DOCS, keywords, listAssigned, listRoles, pageBusiness, liveVideoEligibility,
  pageExtended, profileSearch, reauthRequired, transparency, userAppealStatus,
} from './api';
import { CACHE_KEY } from './cache';

const o = (ctx: ProbeContext) => ({ signal: ctx.signal });

/** A page to try a read on: the first cached row, else the first of me/accounts (one call); null when the operator has none. */
async function aPage(ctx: ProbeContext): Promise<string | null> {
  const cached = ctx.cachedRows<{ id?: unknown }>(CACHE_KEY)?.find((r) => typeof r?.id === 'string');
  if (cached) return cached.id as string;
  return (await accountsPage(ctx.bridge, null, 'access_token', { ...o(ctx), limit: 1 })).rows[0]?.id ?? null;
}

const onPage = (read: (ctx: ProbeContext, page: string) => Promise<unknown>) => async (ctx: ProbeContext) => {
  const page = await aPage(ctx);
  if (!page) return 'noObject' as const;
  await read(ctx, page);
};

/** The operation names the catalogue knows these documents by (api.ts sends them by these names). */
const USER_APPEAL_STATUS = 'UserAppealStatusQuery';
const USER_APPEAL_SUBMIT = 'UserAppealSubmitMutation';

export default defineProbes([
  {
    // also how a created page or profile is found again
    id: 'list', kind: 'read', titleKey: 'calls.list', list: true, actions: ['createPage', 'createProfile'],
    probe: async (ctx) => { await accountsPage(ctx.bridge, null, 'access_token', { ...o(ctx), limit: 5 }); },
  },
  {
    // a page's own read: the detail panel, the re-read after a job, whether a deleted page still answers
    id: 'page', kind: 'read', titleKey: 'calls.page', list: true, actions: ['deletePage'],
    probe: onPage((ctx, p) => pageExtended(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'roles', kind: 'read', titleKey: 'calls.roles', actions: ['listRoles', 'addRole', 'removeRole'],
    probe: onPage((ctx, p) => listRoles(ctx.bridge, p, { ...o(ctx), limit: 5 })),
  },
  {
    // how a role given or taken through the page's business is confirmed (add-role / remove-role verify)
    id: 'assigned', kind: 'read', titleKey: 'calls.assigned', actions: ['addRole', 'removeRole'],
    probe: async (ctx) => {
      const page = await aPage(ctx);
      const business = page ? await pageBusiness(ctx.bridge, page, o(ctx)) : null;
      if (!page || !business) return 'noObject';
      await listAssigned(ctx.bridge, page, business, o(ctx));
    },
  },
  {
    id: 'deactivation', kind: 'query', titleKey: 'calls.deactivation', actions: ['deactivate', 'reactivate', 'deactivationState'], document: DOCS.deactivation,
    probe: onPage((ctx, p) => deactivationState(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'reauthCheck', kind: 'query', titleKey: 'calls.reauthCheck', actions: ['inviteAdmin'], document: DOCS.reauthCheck,
    probe: async (ctx) => { await reauthRequired(ctx.bridge, o(ctx)); },
  },
  {
    id: 'adminRoot', kind: 'query', titleKey: 'calls.adminRoot', actions: ['inviteAdmin', 'removeAdmin', 'adminPermissions'], document: DOCS.adminRoot,
    probe: onPage((ctx, p) => adminPeople(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'blocked', kind: 'query', titleKey: 'calls.blocked', actions: ['listBlocked', 'block'], document: DOCS.blocked,
    probe: onPage((ctx, p) => blockedPeople(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'keywords', kind: 'query', titleKey: 'calls.keywords', actions: ['listKeywords', 'saveKeywords'], document: DOCS.keywords,
    probe: onPage((ctx, p) => keywords(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'liveVideo', kind: 'query', titleKey: 'calls.liveVideo', actions: ['liveVideoEligibility'], document: DOCS.liveVideo,
    probe: onPage((ctx, p) => liveVideoEligibility(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'transparency', kind: 'query', titleKey: 'calls.transparency', actions: ['transparency'], document: DOCS.transparency,
    probe: onPage((ctx, p) => transparency(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'appealStatus', kind: 'query', titleKey: 'calls.appealStatus', actions: ['appealStatus', 'appealSubmit'], document: DOCS.appealStatus,
    probe: onPage((ctx, p) => appealStatus(ctx.bridge, p, o(ctx))),
  },
  {
    id: 'userAppealStatus', kind: 'query', titleKey: 'calls.userAppealStatus', actions: ['userAppealStatus', 'userAppealSubmit'], document: USER_APPEAL_STATUS,
    probe: async (ctx) => { await userAppealStatus(ctx.bridge, o(ctx)); },
  },
  {
    // the block screen's people search
    id: 'profileSearch', kind: 'query', titleKey: 'calls.profileSearch', document: DOCS.profileSearch,
    probe: async (ctx) => { await profileSearch(ctx.bridge, 'a', o(ctx)); },
  },
  {
    // the create dialog's category search
    id: 'categorySearch', kind: 'query', titleKey: 'calls.categorySearch', document: DOCS.categorySearch,
    probe: async (ctx) => { await categorySearch(ctx.bridge, 'a', o(ctx)); },
  },
  { id: 'roleWrite', kind: 'write', titleKey: 'calls.roleWrite', actions: ['addRole', 'removeRole'] },
  { id: 'publish', kind: 'write', titleKey: 'calls.publish', actions: ['unpublish'] },
  // web forms
  { id: 'renameForm', kind: 'write', titleKey: 'calls.renameForm', actions: ['rename'] },
  { id: 'recheck', kind: 'write', titleKey: 'calls.recheck', actions: ['deletePage', 'removePartner', 'releaseFromBusiness', 'inviteAdmin'] },
  { id: 'create', kind: 'write', titleKey: 'calls.create', actions: ['createPage'], document: DOCS.create },
  { id: 'createProfile', kind: 'write', titleKey: 'calls.createProfile', actions: ['createProfile'], document: DOCS.createProfile },
  { id: 'updateCategory', kind: 'write', titleKey: 'calls.updateCategory', actions: ['updateCategory'], document: DOCS.updateCategory },
  { id: 'remove', kind: 'write', titleKey: 'calls.remove', actions: ['deletePage'], document: DOCS.remove },
  { id: 'partnerRemove', kind: 'write', titleKey: 'calls.partnerRemove', actions: ['removePartner'], document: DOCS.partnerRemove },
  { id: 'release', kind: 'write', titleKey: 'calls.release', actions: ['releaseFromBusiness'], document: DOCS.release },
  { id: 'deactivate', kind: 'write', titleKey: 'calls.deactivate', actions: ['deactivate'], document: DOCS.deactivate },
  { id: 'reactivate', kind: 'write', titleKey: 'calls.reactivate', actions: ['reactivate', 'deactivate'], document: DOCS.reactivate },
  { id: 'adminInvite', kind: 'write', titleKey: 'calls.adminInvite', actions: ['inviteAdmin'], document: DOCS.adminInvite },
  { id: 'adminRemove', kind: 'write', titleKey: 'calls.adminRemove', actions: ['removeAdmin', 'inviteAdmin'], document: DOCS.adminRemove },
  { id: 'block', kind: 'write', titleKey: 'calls.block', actions: ['block'], document: DOCS.block },
  { id: 'keywordsSave', kind: 'write', titleKey: 'calls.keywordsSave', actions: ['saveKeywords'], document: DOCS.keywordsSave },
  { id: 'profanity', kind: 'write', titleKey: 'calls.profanity', actions: ['profanityFilter'], document: DOCS.profanity },
  { id: 'reviews', kind: 'write', titleKey: 'calls.reviews', actions: ['reviewsToggle'], document: DOCS.reviews },
  { id: 'appealSubmit', kind: 'write', titleKey: 'calls.appealSubmit', actions: ['appealSubmit'], document: DOCS.appealSubmit },
  { id: 'userAppealSubmit', kind: 'write', titleKey: 'calls.userAppealSubmit', actions: ['userAppealSubmit'], document: USER_APPEAL_SUBMIT },
]);
