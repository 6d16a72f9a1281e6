// A plugin's strings load per language: a page loads the operator's language, and another only when
// the operator switches to it (docs/DECISIONS.md, "First-screen bundle").
import { describe, expect, it, vi } from 'vitest';
import { addPluginLocales, createI18n } from '../../src/kernel/i18n';
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
});
