// The ad account's roles page (adsmanager account settings): it lists every user with a role,
// hidden ones included, which act_X/users does not.
import type { WebRoute } from '../../area';
import { canSeeAccount } from '../../graph/access';
import { escapeHtml, htmlReply } from '../../web/reply';

export const adAccountWeb: WebRoute[] = [{
  method: 'GET',
  path: /^\/ads\/manager\/account_settings\/account_roles\/?$/,
  kind: 'page',
  run: (ctx, req) => {
    const act = req.query.act ?? '';
    const a = ctx.data.accounts.get(act.startsWith('act_') ? act : `act_${act}`);
    if (!a || !canSeeAccount(ctx, a)) return htmlReply('Content not available', '<p>This content isn\'t available right now.</p>');
    const roleLabel: Record<number, string> = { 1001: 'Admin', 1002: 'Advertiser', 1003: 'Analyst' };
    const users = [...a.users, ...a.hidden].map((u) => ({
      id: u.uid, name: ctx.data.users.get(u.uid)?.name ?? '', role: u.role, roleLabel: roleLabel[u.role],
    }));
    const json = JSON.stringify({ require: [['AdsAccountRoles', { adAccountID: a.account_id, users }]] }).replace(/</g, '\\u003c');
    const rows = users.map((u) => `<tr data-user-id="${u.id}"><td>${escapeHtml(u.name)}</td><td>${u.roleLabel}</td></tr>`).join('');
    return htmlReply('Ad account roles', `<script type="application/json" data-sjs>${json}</script><table>${rows}</table>`);
  },
}];
