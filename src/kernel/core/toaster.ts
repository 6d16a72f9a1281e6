import type { Intent, Toaster } from '@blueprintjs/core';

export const TOAST_TIMEOUT_MS = 5000;

let toasterPromise: Promise<Toaster> | null = null;
/** Messages on screen now; an identical message is not shown twice while one shows. */
const showing = new Set<string>();

function toaster(): Promise<Toaster> {
  // The overlay's code loads with the first toast, not with the login page.
  toasterPromise ??= import('./overlay-toaster').then((m) => m.createToaster());
  toasterPromise.catch(() => { toasterPromise = null; });
  return toasterPromise;
}

/** The one toast of the product. Text only: platform messages are never rendered as HTML. */
export async function showToast(message: string, intent: Intent = 'none', timeout = TOAST_TIMEOUT_MS): Promise<boolean> {
  if (showing.has(message)) return false;
  showing.add(message);
  try {
    const t = await toaster();
    t.show({ message, intent, timeout, onDismiss: () => showing.delete(message) });
    return true;
  } catch (e) {
    showing.delete(message);
    console.error('[tessera] toast failed', e);
    return false;
  }
}

/** One toast that updates in place under a key (progress of a long load: 'fetching page N'). */
export async function updateToast(key: string, message: string, intent: Intent = 'primary', timeout = 2000): Promise<void> {
  try {
    const t = await toaster();
    t.show({ message, intent, timeout }, key);
  } catch (e) {
    console.error('[tessera] toast failed', e);
  }
}

/** Closes a keyed toast at once (its work ended). */
export async function dismissToast(key: string): Promise<void> {
  try {
    (await toaster()).dismiss(key);
  } catch (e) {
    console.error('[tessera] toast failed', e);
  }
}

/**
 * Closes every toast and resolves once their closing animations are over; true when any was open.
 * For the unit tests' teardown: a toast's timers must not outlive the page they were shown on. That
 * includes a toast that closed itself just before (no longer listed, still animating out), and a
 * close whose animation starts late on a busy machine: it waits for the toasts to leave the page,
 * not for a fixed time.
 */
export async function closeAllToasts(): Promise<boolean> {
  if (!toasterPromise) return false;
  const t = await toasterPromise.catch(() => null);
  if (!t) return false;
  const open = t.getToasts().length > 0;
  t.clear();
  showing.clear();
  const { toastsGone } = await import('./overlay-toaster');
  await toastsGone(TOAST_CLOSE_LIMIT_MS);
  return open;
}
/** Far longer than Blueprint's overlay transition (300 ms), for a machine busy with other tests. */
const TOAST_CLOSE_LIMIT_MS = 3_000;
