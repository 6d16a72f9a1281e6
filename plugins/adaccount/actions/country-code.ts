import { defineAction } from '@kernel';
import { countryCode } from '../api';
import type { AccountItem } from '../checks';

/** Reads the business country code of each account (empty when none is set). */
export default defineAction<'adaccount.countryCode', AccountItem>('adaccount.countryCode', {
  run: async (item, _params, ctx) => ({ country: await countryCode(ctx.bridge, item.id, ctx) }),
  describe: () => ({ key: 'effects.countryCode' }),
});
