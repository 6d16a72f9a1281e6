import { definePlugin } from '@kernel';
import manifest from './plugin.json';

// Teams (issue 35, docs/TEAMS.md): the team's members and invitations, joining by an invitation's link,
// the action policy per role, the audit log and the approvals of jobs. The server keeps and enforces all
// of it (protocol/api/org.ts, protocol/api/audit.ts); these screens read and change it.
export default definePlugin(manifest, {
  routes: {
    members: () => import('./views/MembersScreen'),
    join: () => import('./views/JoinScreen'),
    policy: () => import('./views/PolicyScreen'),
    audit: () => import('./views/AuditScreen'),
    approvals: () => import('./views/ApprovalsScreen'),
  },
  // each language in two parts: the first screen's (the keys of locales/first-screen.json) and the rest (docs/PLUGINS.md, "Strings")
  locales: {
    'zh-CN': { first: () => import('./locales/zh-CN.json?first'), rest: () => import('./locales/zh-CN.json?rest') },
    'en-US': { first: () => import('./locales/en-US.json?first'), rest: () => import('./locales/en-US.json?rest') },
  },
});
