import { describe, expect, it, vi } from 'vitest';
import { clearKeys, getItem, setItem } from '../../src/kernel/storage';
import { createKernelStore, persistStore } from '../../src/kernel/store/store';
import { cached, clearCached, LIST_TTL_MS, readCached } from '../../src/kernel/store/ttl-cache';
import { sanitizeSettings, DEFAULT_SETTINGS } from '../../src/kernel/core/settings';
import { canAccess, hasPermission } from '../../src/kernel/plugin/roles';
import { createBus } from '../../src/kernel/bus';
import { assetFromError, installPreloadErrorHandler } from '../../src/kernel/shell/preload-error';
import { createI18n, storedLocale } from '../../src/kernel/i18n';

describe('browser storage', () => {
  it('round-trips typed values and expires items after their minutes', () => {
    vi.useFakeTimers();
    setItem('acc_per_page', 50);
    setItem('fbid', '100012345', 10);
    expect(getItem('acc_per_page')).toBe(50);
    expect(getItem('fbid')).toBe('100012345');
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(getItem('fbid')).toBeUndefined();
    expect(window.localStorage.getItem('fbid')).toBeNull();
    expect(getItem('acc_per_page')).toBe(50);
    vi.useRealTimers();
  });

  it('treats foreign or corrupt entries as missing', () => {
    window.localStorage.setItem('token', 'not json');
    window.localStorage.setItem('uid', JSON.stringify(42));
    expect(getItem('token')).toBeUndefined();
    expect(getItem('uid')).toBeUndefined();
  });

  it('erases the keys named in clear_index', () => {
    setItem('version', '1.0.0');
    setItem('downloadUrl', 'https://x');
    setItem('uid', '7');
    expect(clearKeys(' version, downloadUrl ,,')).toEqual(['version', 'downloadUrl']);
    expect(getItem('version')).toBeUndefined();
    expect(getItem('uid')).toBe('7');
  });
});

describe('TTL cache', () => {
  it('serves lists from the store for 12 hours, then reloads', async () => {
    const store = createKernelStore();
    let now = 1_000;
    const loader = vi.fn(async () => ['a', 'b']);
    expect(await cached(store, 'adaccounts', loader, { now: () => now })).toEqual(['a', 'b']);
    now += LIST_TTL_MS - 1;
    expect(await cached(store, 'adaccounts', loader, { now: () => now })).toEqual(['a', 'b']);
    expect(loader).toHaveBeenCalledTimes(1);
    now += 2;
    await cached(store, 'adaccounts', loader, { now: () => now });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('a forced reload clears the entry; an unparsable entry falls back to the network', async () => {
    const store = createKernelStore();
    const loader = vi.fn(async () => 1);
    await cached(store, 'k', loader);
    await cached(store, 'k', loader, { force: true });
    expect(loader).toHaveBeenCalledTimes(2);
    store.setCell('cache', 'k', 'json', '{broken');
    expect(readCached(store, 'k').found).toBe(false);
    await cached(store, 'k', loader);
    expect(loader).toHaveBeenCalledTimes(3);
    clearCached(store);
    expect(store.getRowIds('cache')).toEqual([]);
  });

  it('two callers of a key that is loading share one load; a forced call does not', async () => {
    const store = createKernelStore();
    let release!: (value: string[]) => void;
    const loader = vi.fn(() => new Promise<string[]>((resolve) => (release = resolve)));
    const first = cached(store, 'adaccounts', loader);
    const second = cached(store, 'adaccounts', loader);
    await Promise.resolve();
    expect(loader).toHaveBeenCalledTimes(1);
    release(['a']);
    expect(await first).toEqual(['a']);
    expect(await second).toEqual(['a']);
    const forced = vi.fn(async () => ['b']);
    const third = cached(store, 'adaccounts', forced, { force: true });
    expect(await third).toEqual(['b']);
    expect(forced).toHaveBeenCalledTimes(1);
    expect(readCached(store, 'adaccounts')).toEqual({ found: true, value: ['b'] });
  });

  it('a caller waiting on a load that its own caller aborted loads for itself; other errors are shared', async () => {
    const store = createKernelStore();
    const gaveUp = new AbortController();
    const abandoned = cached(
      store,
      'k',
      () => new Promise<number>((_, reject) => gaveUp.signal.addEventListener('abort', () => reject(new Error('aborted')))),
      { signal: gaveUp.signal },
    );
    const own = vi.fn(async () => 7);
    const waiting = cached(store, 'k', own, { signal: new AbortController().signal });
    gaveUp.abort();
    await expect(abandoned).rejects.toThrow('aborted');
    expect(await waiting).toBe(7);
    expect(own).toHaveBeenCalledTimes(1);

    const failing = cached(store, 'e', async () => Promise.reject(new Error('platform said no')));
    const sharing = vi.fn(async () => 1);
    await expect(cached(store, 'e', sharing)).rejects.toThrow('platform said no');
    await expect(failing).rejects.toThrow('platform said no');
    expect(sharing).not.toHaveBeenCalled();
  });

  it('persists the store to IndexedDB and loads it back', async () => {
    const first = createKernelStore();
    const persister = await persistStore(first, 'tessera-test-db');
    first.setRow('cache', 'x', { json: '[1]', expires: Date.now() + 1000 });
    await persister!.save();
    await persister!.destroy();
    const second = createKernelStore();
    const again = await persistStore(second, 'tessera-test-db');
    expect(second.getCell('cache', 'x', 'json')).toBe('[1]');
    await again!.destroy();
  });
});

describe('settings', () => {
  it('keeps known keys of the right type and clamps the menu width', () => {
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    const s = sanitizeSettings({ navbar: false, menuWidth: 5000, theme: 'purple', colorWeak: 'yes', extra: 1 });
    expect(s.navbar).toBe(false);
    expect(s.menuWidth).toBe(400);
    expect(s.theme).toBe('light');
    expect(s.colorWeak).toBe(false);
    expect(s).not.toHaveProperty('extra');
    expect(DEFAULT_SETTINGS.menuWidth).toBe(220);
  });
});

describe('roles', () => {
  it('open without roles or with the wildcard, else the role must be listed', () => {
    expect(canAccess(undefined, 'user')).toBe(true);
    expect(canAccess(['*'], undefined)).toBe(true);
    expect(canAccess(['admin'], 'user')).toBe(false);
    expect(canAccess(['admin'], 'admin')).toBe(true);
  });
  it('the element permission rule requires an array of roles', () => {
    expect(() => hasPermission('admin', 'admin')).toThrow(/roles are needed/);
    expect(hasPermission(['admin'], 'user')).toBe(false);
  });
});

describe('bus', () => {
  it('delivers typed events to subscribers', () => {
    const bus = createBus();
    const seen: unknown[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    bus.emit('selection:changed', { sourceTileId: 't1', rowType: 'business', ids: ['b1'] });
    expect(seen).toEqual([{ sourceTileId: 't1', rowType: 'business', ids: ['b1'] }]);
  });
});

describe('i18n', () => {
  it('defaults to zh-CN, falls back to en-US and keeps the choice under arco-locale', async () => {
    expect(storedLocale()).toBe('zh-CN');
    const i18n = await createI18n([]);
    expect(i18n.t('error.404')).toBe('哎呀，页面不见了');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('error.404')).toBe('Whoops, this page is gone');
    expect(getItem('arco-locale')).toBe('en-US');
    expect(storedLocale()).toBe('en-US');
    setItem('arco-locale', 'fr-FR');
    expect(storedLocale()).toBe('zh-CN');
  });
});

describe('preload errors', () => {
  it('names the asset that failed', () => {
    expect(assetFromError(new Error('Unable to preload CSS for /assets/AdaccountScreen-x1.css'))).toBe('/assets/AdaccountScreen-x1.css');
  });

  it('keeps the page going without a stylesheet, but lets a failed chunk reach the part that asked for it', () => {
    const uninstall = installPreloadErrorHandler(((key: string) => key) as never);
    const fire = (payload: Error) => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    try {
      // cancelled: Vite goes on without the CSS instead of throwing
      expect(fire(new Error('Unable to preload CSS for /assets/AdaccountScreen-x1.css'))).toBe(true);
      // not cancelled: Vite throws, so the import rejects and the chart or screen shows its retry
      expect(fire(new TypeError('Failed to fetch dynamically imported module: /assets/echarts-parts-x1.js'))).toBe(false);
    } finally {
      uninstall();
    }
  });
});
