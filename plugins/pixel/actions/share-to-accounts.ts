import { asAccountDigits, defineAction } from '@kernel';
import { addPartner, AGENCY_TASKS, pixelPartners, sharedAccounts, shareToAccount, unshareFromAccount } from '../api';
import { groupedStates } from '../undo';
import { businessLabel, businessOf, CannotShareError, pairOf, pixelName, shareProblem, type PixelItem } from '../checks';

/**
 * Shares pixels with ad accounts: one item per pixel × account (`account_ids` is the pair parameter),
 * on the `pixel-share` lane's random pacing (docs/PLATFORM.md section 10.1). The sharing business is
 * the pixel's own unless `business_id` names another; then the pixel is first shared to that business
 * (`prepare`), since the platform wants the business to reach both the pixel and the account.
 * Sharing again changes nothing (idempotent); `verify` reads the pixel's shared accounts.
 */
export default defineAction<'pixel.shareToAccounts', PixelItem>('pixel.shareToAccounts', {
  prepare: async (params, ctx) => {
    const business = params.business_id;
    if (!business) return null;
    const pixels = new Map<string, PixelItem>();
    for (const item of ctx.items as PixelItem[]) if (item.business_id !== business && item.can_share !== false) pixels.set(item.id, item);
    for (const pixel of pixels.values()) {
      const partners = await pixelPartners(ctx.bridge, pixel.id, ctx);
      if (!partners.some((p) => p.id === business)) await addPartner(ctx.bridge, pixel.id, business, AGENCY_TASKS, ctx);
    }
    return null;
  },
  run: async (item, params, ctx) => {
    if (shareProblem(item)) throw new CannotShareError(`${pixelName(item)}: can_share is false (not an admin of its business)`);
    const business = params.business_id || businessOf(item);
    await shareToAccount(ctx.bridge, item.id, business, pairOf(item, params.account_ids), ctx);
    return { business };
  },
  verify: async (item, params, ctx) => {
    const account = asAccountDigits(pairOf(item, params.account_ids));
    return (await sharedAccounts(ctx.bridge, item.id, params.business_id || businessOf(item), ctx)).some((a) => a.account_id === account);
  },
  describe: (item, params) => ({ key: 'effects.shareToAccounts', values: { pixel: pixelName(item), account: pairOf(item, params.account_ids), business: businessLabel(item, params.business_id || businessOf(item)) } }),
  preflight: (item) => shareProblem(item),
  // Undo: an account the write shared the pixel with is unshared (DELETE {pixel}/shared_accounts); the
  // pixel's shared accounts through the sharing business are read once per pixel and business. What
  // `prepare` did (the pixel shared with another sharing business) stays: it is not an item's write.
  undo: {
    read: (items, params, ctx) => groupedStates(items, (item) => `${item.id}|${params.business_id || businessOf(item)}`,
      async (item) => new Set((await sharedAccounts(ctx.bridge, item.id, params.business_id || businessOf(item), ctx)).map((a) => a.account_id)),
      (item, shared) => ({ shared: shared.has(asAccountDigits(pairOf(item, params.account_ids))) })),
    after: () => ({ shared: true }),
    run: async (item, before, params, ctx) => {
      if (before?.shared !== false) return;
      await unshareFromAccount(ctx.bridge, item.id, params.business_id || businessOf(item), pairOf(item, params.account_ids), ctx);
    },
    describe: (item) => ({ key: 'undo.shareToAccounts', values: { pixel: pixelName(item), account: String(item.pair ?? '') } }),
  },
});
