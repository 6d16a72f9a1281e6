// The page area's web forms: the password re-check that the destructive page writes need, and the
// page name form (settings/account/name), which answers HTML the client reduces to text.
import type { WebRoute } from '../../area';
import { errors } from '../../errors';
import type { Ctx } from '../../graph/core';
import { escapeHtml, formReply } from '../../web/reply';
import { SESSION_PASSWORD } from './data';
import { requireTask } from './graph';
import { REAUTH_S } from './graphql';

/** A page's name can change once in 7 days. */
const RENAME_GAP_S = 7 * 86400;

function reauth(ctx: Ctx, password: string | undefined): boolean {
  if (!password) throw errors.missingParam('password');
  if (password !== SESSION_PASSWORD) return false;
  ctx.data.pageReauthUntilS = ctx.nowS + REAUTH_S;
  return true;
}

export const pageWeb: WebRoute[] = [
  {
    method: 'POST',
    path: /^\/ajax\/security\/password_reauth\/?$/,
    kind: 'form',
    run: (ctx, req) => (reauth(ctx, req.body.password)
      ? formReply({ success: true, expires_in: REAUTH_S })
      : formReply({ success: false, error_code: 1404050, error_text: 'The password you entered is incorrect. Check it and try again.' })),
  },
  {
    method: 'POST',
    path: /^\/settings\/account\/name\/?$/,
    kind: 'form',
    write: true,
    run: (ctx, req) => {
      const id = req.body.page_id ?? req.query.page_id;
      if (!id) throw errors.missingParam('page_id');
      const pg = ctx.data.pages.get(id);
      if (!pg || pg.deleted) throw errors.unknownObject(id, 'POST');
      requireTask(ctx, pg, 'MANAGE');
      const name = (req.body.pseudonymous_name ?? '').trim();
      if (!name) throw errors.missingParam('pseudonymous_name');
      const tips = (text: string) => `<div class="_tips"><span>${text}</span><a href="/help/names">Learn more about names</a></div>`;
      if (!reauth(ctx, req.body.save_password)) {
        return { ...formReply({ html: `<div class="_error"><b>Incorrect password</b>${tips('The password you entered is incorrect. Your Page name was not changed.')}</div>` }), object: pg.id };
      }
      if (pg.name_changed_time && ctx.nowS - pg.name_changed_time < RENAME_GAP_S) {
        return { ...formReply({ html: `<div class="_limit"><b>You can't change this name right now</b>${tips('Page names can be changed once every 7 days.')}</div>` }), object: pg.id };
      }
      pg.name = name;
      pg.name_changed_time = ctx.nowS;
      return {
        ...formReply({
          html: `<form method="post"><label>Page name</label><input type="text" name="pseudonymous_name" value="${escapeHtml(name)}" readonly>`
            + `<p>Your request to change the name to <b>${escapeHtml(name)}</b> is being reviewed.</p>${tips('Reviews usually take up to 3 days.')}</form>`,
        }),
        object: pg.id,
      };
    },
  },
];
