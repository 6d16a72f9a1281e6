/**
 * The interest-targeting area's call families for the platform check (src/kernel/plugin/call-families.ts):
 * its three reads (it writes nothing), tried through its own api.ts functions, which check the fields
 * the area relies on, with small limits: the interest search, the browse picker's ad accounts, and
 * the first page of an ad account's taxonomy.
 */
import { defineProbes } from '@kernel';
import { browseAccounts, browseTaxonomy, defaultAccount, searchInterests } from './api';

export default defineProbes([
  {
    id: 'search', kind: 'read', titleKey: 'calls.search', list: true,
    probe: async (ctx) => { await searchInterests(ctx.bridge, 'fitness', { signal: ctx.signal, limit: 5 }); },
  },
  {
    id: 'accounts', kind: 'read', titleKey: 'calls.accounts', list: true,
    probe: async (ctx) => { await browseAccounts(ctx.bridge, { signal: ctx.signal, limit: 5 }); },
  },
  {
    id: 'browse', kind: 'read', titleKey: 'calls.browse', list: true,
    probe: async (ctx) => {
      const account = defaultAccount(await browseAccounts(ctx.bridge, { signal: ctx.signal, limit: 5 }));
      if (!account) return 'noObject';
      await browseTaxonomy(ctx.bridge, account, { signal: ctx.signal, maxPages: 1 });
    },
  },
]);
