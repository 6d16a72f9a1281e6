import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/**
 * plugins/adcomment: the posts behind ads, their comments and the moderation writes
 * (plugins/adcomment/api.ts). Posts are `{page}_{post}`, comments `{post}_{comment}`; comments are
 * read and moderated with the page's token.
 */
export const adcomment: AllowListSection = {
  area: 'adcomment',
  calls: [
    { what: 'ad accounts whose ads to read', host: G, method: 'GET', path: '/{v}/me/adaccounts' },
    { what: "an ad account's ads with their post (creative)", host: G, method: 'GET', path: '/{v}/{act}/ads' },
    { what: 'post info, or a comment read back (verify)', host: G, method: 'GET', path: '/{v}/{id}_{id}' },
    { what: "a post's comments", host: G, method: 'GET', path: '/{v}/{id}_{id}/comments' },
    { what: 'hide or show a comment (is_hidden)', host: G, method: 'POST', path: '/{v}/{id}_{id}' },
    { what: 'delete a comment', host: G, method: 'DELETE', path: '/{v}/{id}_{id}' },
  ],
};
