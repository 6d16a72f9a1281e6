// The business-manager area: businesses, their people, invitations, partners, asset groups and
// connections, the ad-account limit form and the area's GraphQL documents.
import type { GraphqlDoc, SandboxArea } from '../../area';
import type { Dataset } from '../../dataset';
import { BUSINESS_COUNTS, generateBusinesses } from './data';
import { assetGroupType, businessExtensions, businessType, businessUserType, findBusinessNode, inviteType } from './graph';
import { assignedUserType } from './assigned';
import { businessHandlers } from './graphql';
import { businessWeb } from './web';
import docs from './graphql-docs.json';

function businessUserObject(data: Dataset, id: string) {
  const bu = data.businessUsers.get(id);
  if (!bu) return null;
  const b = data.businesses.get(bu.business);
  return { type: 'business_user', ...bu, name: data.users.get(bu.uid)?.name ?? null, hidden: !!b?.hidden.includes(bu.id) };
}

export const businessArea: SandboxArea = {
  id: 'bm',
  counts: BUSINESS_COUNTS,
  sharedStream: true,
  generate: generateBusinesses,
  types: { business: businessType, business_user: businessUserType, invite: inviteType, asset_group: assetGroupType, assigned_user: assignedUserType },
  extend: businessExtensions,
  findNode: findBusinessNode,
  graphql: { docs: docs as unknown as Record<string, GraphqlDoc>, handlers: businessHandlers },
  web: businessWeb,
  objects: {
    business: (data, id) => {
      const b = data.businesses.get(id);
      if (!b) return null;
      return {
        type: 'business', ...b,
        business_users: b.users.map((bu) => data.businessUsers.get(bu)).filter(Boolean).map((bu) => ({
          ...bu!, name: data.users.get(bu!.uid)?.name ?? null,
        })),
        hidden_users: b.hidden.map((id) => data.businessUsers.get(id)).filter(Boolean).map((bu) => ({
          ...bu!, name: data.users.get(bu!.uid)?.name ?? null,
        })),
        pending_users: b.pending.map((inv) => data.invites.get(inv)).filter(Boolean),
        asset_groups: b.asset_groups.map((g) => data.assetGroups.get(g)).filter(Boolean),
        connections: data.connections.filter((c) => c.business === b.id),
      };
    },
    business_user: (data, id) => businessUserObject(data, id),
    // the contract's name for the type (docs/INTERFACES.md section 2)
    businessUser: (data, id) => businessUserObject(data, id),
    invite: (data, id) => {
      const inv = data.invites.get(id);
      return inv ? { type: 'invite', ...inv } : null;
    },
  },
  summary: (data) => ({ businesses: data.businesses.size, businessUsers: data.businessUsers.size, pendingUsers: data.invites.size }),
};
