import type { TFunction } from 'i18next';
import { showToast } from '../core/toaster';

/**
 * Vite fires `vite:preloadError` when a lazy chunk's dependencies (its CSS) fail to load, and also when
 * the chunk itself does. For CSS we show the spec's 'Unable to preload CSS for {asset}' message and stop
 * Vite from throwing, so the page keeps working without the styles. A chunk that failed is left to
 * throw: the part that asked for it says so with a retry (lazy-part.tsx, Chart.tsx). Cancelling that
 * one too made Vite resolve the import to `undefined`, which the caller could not tell from a module.
 */
export function installPreloadErrorHandler(t: TFunction): () => void {
  const onError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (!isCssPreloadError(payload)) return;
    event.preventDefault();
    void showToast(t('error.preloadCss', { asset: assetFromError(payload) }), 'danger');
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}

/** Vite's error for a stylesheet that did not load ("Unable to preload CSS for /assets/x.css"). */
export function isCssPreloadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /preload CSS for/i.test(message);
}

export function assetFromError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const match = /(?:preload CSS for|Unable to preload CSS for)\s+(\S+)/i.exec(message) ?? /for\s+(\S+)$/.exec(message);
  return match ? match[1] : message || 'unknown';
}
