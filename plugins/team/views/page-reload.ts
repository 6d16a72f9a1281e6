/** Reloads the page, so every screen and cache starts over in the team the page now works in. */
export function reloadPage(): void {
  window.location.reload();
}
