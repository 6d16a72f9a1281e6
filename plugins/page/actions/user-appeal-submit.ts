import { defineAction } from '@kernel';
import { userAppealStatus, userAppealSubmit } from '../api';
import type { PageItem } from '../checks';

/** Appeals the session user's restriction (one item: the user). Refused while one is in review: settled by the status. */
export default defineAction<'page.userAppealSubmit', PageItem>('page.userAppealSubmit', {
  run: async (_item, params, ctx) => ({ status: await userAppealSubmit(ctx.bridge, params.appeal_comment, ctx) }),
  verify: async (_item, _params, ctx) => ['PENDING', 'APPROVED', 'REJECTED'].includes((await userAppealStatus(ctx.bridge, ctx)).status),
  describe: () => ({ key: 'effects.userAppealSubmit' }),
});
