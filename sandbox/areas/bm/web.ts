// The business's ad-account limit form (business settings), answered the way the web forms are.
import type { WebRoute } from '../../area';
import { errors } from '../../errors';
import { formReply } from '../../web/reply';

export const businessWeb: WebRoute[] = [{
  method: 'POST',
  path: /^\/business\/adaccount\/limits\/?$/,
  kind: 'form',
  run: (ctx, req) => {
    const id = req.body.business_id ?? req.query.business_id;
    if (!id) throw errors.missingParam('business_id');
    const b = ctx.data.businesses.get(id);
    if (!b) throw errors.unknownObject(id, 'POST');
    return formReply({ adAccountLimit: b.ad_account_limit, businessID: b.id });
  },
}];
