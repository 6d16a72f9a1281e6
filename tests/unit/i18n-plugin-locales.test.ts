// A plugin's strings load per language: a page loads the operator's language, and another only when
// the operator switches to it (docs/DECISIONS.md, "First-screen bundle").
import { describe, expect, it, vi } from 'vitest';
import { addPluginLocales, createI18n, hasAllStrings, loadAllStrings } from '../../src/kernel/i18n';
import type { LoadedPlugin } from '../../src/kernel/plugin/types';

function pluginWithLoaders(id: string) {
  const zh = vi.fn(async () => ({ default: { title: `${id} 中文` } }));
  const en = vi.fn(async () => ({ default: { title: `${id} English` } }));
  const plugin = { id, locales: { 'zh-CN': zh, 'en-US': en } } as unknown as LoadedPlugin;
  return { plugin, zh, en };
}

describe('plugin strings, one language at a time', () => {
  it('loads the chosen language only, and the other before a switch to it', async () => {
    const a = pluginWithLoaders('alpha');
    const i18n = await createI18n([a.plugin], 'zh-CN');
    expect(a.zh).toHaveBeenCalledTimes(1);
    expect(a.en).not.toHaveBeenCalled();
    expect(i18n.t('title', { ns: 'alpha' })).toBe('alpha 中文');

    await i18n.changeLanguage('en-US');
    expect(a.en).toHaveBeenCalledTimes(1);
    expect(i18n.t('title', { ns: 'alpha' })).toBe('alpha English');
    await i18n.changeLanguage('zh-CN');
    expect(a.zh).toHaveBeenCalledTimes(1); // kept, not loaded twice
    expect(i18n.t('title', { ns: 'alpha' })).toBe('alpha 中文');
  });

  it('adds the strings of plugins read later in the language shown, and theirs too on a switch', async () => {
    const i18n = await createI18n([], 'en-US');
    const b = pluginWithLoaders('beta');
    await addPluginLocales(i18n, [b.plugin]);
    expect(b.zh).not.toHaveBeenCalled();
    expect(i18n.t('title', { ns: 'beta' })).toBe('beta English');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('title', { ns: 'beta' })).toBe('beta 中文');
  });

  it('takes strings bound as plain objects as they are', async () => {
    const plugin = { id: 'gamma', locales: { 'zh-CN': { title: '伽马' }, 'en-US': { title: 'Gamma' } } } as unknown as LoadedPlugin;
    const i18n = await createI18n([plugin], 'en-US');
    expect(i18n.t('title', { ns: 'gamma' })).toBe('Gamma');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('title', { ns: 'gamma' })).toBe('伽马');
  });

  it('loads a plugin bound in two parts by its first part, and the rest once, when every string is asked for or on a switch', async () => {
    const part = (text: Record<string, unknown>) => vi.fn(async () => ({ default: text }));
    const parts = (lng: string) => ({ first: part({ title: `delta ${lng}` }), rest: part({ actions: { go: { title: `go ${lng}` } } }) });
    const zh = parts('zh'), en = parts('en');
    const plugin = { id: 'delta', locales: { 'zh-CN': zh, 'en-US': en } } as unknown as LoadedPlugin;
    const i18n = await createI18n([plugin], 'zh-CN', { firstScreen: true });
    expect(zh.first).toHaveBeenCalledTimes(1);
    expect(zh.rest).not.toHaveBeenCalled();
    expect(hasAllStrings(i18n)).toBe(false);
    expect(i18n.exists('actions.go.title', { ns: 'delta' })).toBe(false);
    await Promise.all([loadAllStrings(i18n), loadAllStrings(i18n)]);
    expect(zh.rest).toHaveBeenCalledTimes(1);
    expect(hasAllStrings(i18n)).toBe(true);
    expect(i18n.t('actions.go.title', { ns: 'delta' })).toBe('go zh');
    expect(i18n.t('title', { ns: 'delta' })).toBe('delta zh');
    // a plugin read later comes with its rest once the language's rest is in
    const later = parts('later');
    await addPluginLocales(i18n, [{ id: 'epsilon', locales: { 'zh-CN': later, 'en-US': later } } as unknown as LoadedPlugin]);
    expect(later.rest).toHaveBeenCalledTimes(1);
    // a switch loads both parts of the new language
    await i18n.changeLanguage('en-US');
    expect(en.first).toHaveBeenCalledTimes(1);
    expect(en.rest).toHaveBeenCalledTimes(1);
    expect(i18n.t('actions.go.title', { ns: 'delta' })).toBe('go en');
  });

  it('asks again for a rest whose load failed', async () => {
    let fail = true;
    const rest = vi.fn(async () => { if (fail) throw new Error('offline'); return { default: { more: 'more' } }; });
    const plugin = { id: 'zeta', locales: { 'zh-CN': { first: async () => ({ default: { title: 'z' } }), rest }, 'en-US': { title: 'z' } } } as unknown as LoadedPlugin;
    const i18n = await createI18n([plugin], 'zh-CN', { firstScreen: true });
    await expect(loadAllStrings(i18n)).rejects.toThrow('offline');
    expect(hasAllStrings(i18n)).toBe(false);
    fail = false;
    await loadAllStrings(i18n);
    expect(i18n.t('more', { ns: 'zeta' })).toBe('more');
    expect(rest).toHaveBeenCalledTimes(2);
  });
});
