import type { TFunction } from 'i18next';
import { showToast } from '../core/toaster';

/**
 * Vite fires `vite:preloadError` when a lazy chunk's dependencies (its CSS) fail to load. We show the
 * spec's 'Unable to preload CSS for {asset}' message instead of failing silently, and stop Vite from
 * throwing so the page keeps working.
 */
export function installPreloadErrorHandler(t: TFunction): () => void {
  const onError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const asset = assetFromError(payload);
    event.preventDefault();
    void showToast(t('error.preloadCss', { asset }), 'danger');
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}

export function assetFromError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const match = /(?:preload CSS for|Unable to preload CSS for)\s+(\S+)/i.exec(message) ?? /for\s+(\S+)$/.exec(message);
  return match ? match[1] : message || 'unknown';
}
