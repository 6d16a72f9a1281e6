/**
 * Whether invitations are still addressed to the signed-in user (docs/TEAMS.md, "Roles"), as far as this
 * page knows. A menu screen declared `"menuIf": "invitations"` (the team plugin's invitations) is listed
 * unless the page knows none is left: it goes once the last one was accepted or declined, a join by link
 * included. Told by whoever reads or answers them: the team menu, the invitations screen, a join by link
 * (`refreshMyInvites`); until then (a fresh page) the screen is listed.
 *
 * The knowledge is an attribute of the page's root, `data-no-invites`, which src/kernel/shell/shell.css
 * reads to hide the side menu's entry (`data-menu-if="invitations"`): the side menu is on the first screen,
 * whose code is at its budget (docs/DECISIONS.md, "Teams: the first screen pays for itself"), so it carries
 * no state or request for this; this module loads only with the code that reads the invitations.
 */
import type { ApiClient } from './client';
import { API, apiGet } from './endpoints';

/** The page now knows `n` invitations are addressed to the user (null: it does not know; the screen is listed). */
export function noteMyInvites(n: number | null): void {
  document.documentElement.toggleAttribute('data-no-invites', n === 0);
}

/** Reads them again from the server (after a join by link, say); a failure leaves what the page knew. */
export function refreshMyInvites(api: Pick<ApiClient, 'get'>): Promise<void> {
  return apiGet(api, API.org.myInvites).then((list) => noteMyInvites(list.length), () => undefined);
}
