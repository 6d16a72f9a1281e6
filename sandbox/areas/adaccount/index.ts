// The ad-account area: act_X and its edges, the account parts of businesses and users, the roles
// page, the area's GraphQL documents; data: the accounts with their fixtures.
import type { GraphqlDoc, SandboxArea } from '../../area';
import { TIMEZONES } from '../../constants';
import { ACCOUNT_COUNTS, generateAccounts } from './data';
import { adActivityType, adsInsightsType, adAccountExtensions, adAccountType, findAccount } from './graph';
import { adAccountHandlers } from './graphql';
import { adAccountWeb } from './web';
import docs from './graphql-docs.json';

export const adAccountArea: SandboxArea = {
  id: 'adaccount',
  counts: ACCOUNT_COUNTS,
  sharedStream: true,
  generate: generateAccounts,
  types: { adaccount: adAccountType, ad_activity: adActivityType, ads_insights: adsInsightsType },
  extend: adAccountExtensions,
  findNode: findAccount,
  graphql: { docs: docs as unknown as Record<string, GraphqlDoc>, handlers: adAccountHandlers },
  web: adAccountWeb,
  objects: {
    adaccount: (data, id) => {
      const a = data.accounts.get(id.startsWith('act_') ? id : `act_${id}`);
      if (!a) return null;
      const tz = TIMEZONES[a.tz]!;
      return { type: 'adaccount', ...a, timezone_id: tz.id, timezone_name: tz.name, timezone_offset_hours_utc: tz.offset };
    },
  },
  summary: (data) => ({ adaccounts: data.accounts.size }),
};
