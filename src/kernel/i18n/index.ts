import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleSource, LocaleTree, PluginStrings, SupportedLocale } from './types';
import { getItem, setItem } from '../storage';

// Each language's kernel strings (the table's included: importing '../table' would bring the whole table)
// are a chunk of their own: a page loads the operator's language, and another when it switches to it
// (docs/DECISIONS.md, "First-screen bundle").
const kernelFiles = import.meta.glob<LocaleTree>('./locales/*.json', { import: 'default' });
const tableFiles = import.meta.glob<LocaleTree>('../table/locales/*.json', { import: 'default' });

export const DEFAULT_LOCALE: SupportedLocale = 'zh-CN';
export const FALLBACK_LOCALE: SupportedLocale = 'en-US';
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = ['zh-CN', 'en-US'];
export const KERNEL_NS = 'kernel';

/** The kernel's strings (the table's merged in) in one language. */
export async function loadKernelLocale(lng: SupportedLocale): Promise<LocaleTree> {
  const [own, table] = await Promise.all([kernelFiles[`./locales/${lng}.json`](), tableFiles[`../table/locales/${lng}.json`]()]);
  return { ...own, ...table };
}

async function ensureKernelLocale(instance: I18n, lng: SupportedLocale): Promise<void> {
  if (instance.hasResourceBundle(lng, KERNEL_NS)) return;
  instance.addResourceBundle(lng, KERNEL_NS, await loadKernelLocale(lng), true, false);
}

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The language kept under `arco-locale`, else zh-CN. */
export function storedLocale(): SupportedLocale {
  const value = getItem('arco-locale');
  return isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}

/** A plugin's strings in one language, loading them when the plugin binds a loader. */
export async function loadPluginLocale(source: LocaleSource): Promise<LocaleTree> {
  if (typeof source !== 'function') return source;
  const loaded = await source();
  return ('default' in loaded && typeof loaded.default === 'object' ? loaded.default : loaded) as LocaleTree;
}

/** The plugins whose strings an instance holds, so a language switch loads theirs too. */
const pluginsOf = new WeakMap<I18n, PluginStrings[]>();

async function ensurePluginLocales(instance: I18n, plugins: readonly PluginStrings[], lng: SupportedLocale): Promise<void> {
  const missing = plugins.filter((p) => !instance.hasResourceBundle(lng, p.id));
  const trees = await Promise.all(missing.map((p) => loadPluginLocale(p.locales[lng])));
  missing.forEach((p, i) => instance.addResourceBundle(lng, p.id, trees[i]!, true, true));
}

/**
 * A fresh i18next instance with the kernel's strings and each plugin's strings under its own namespace,
 * in the operator's language only: a switch loads the new language's strings before it changes.
 */
export async function createI18n(plugins: readonly PluginStrings[], locale: SupportedLocale = storedLocale()): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, LocaleTree>> = {};
  const [own, trees] = await Promise.all([loadKernelLocale(locale), Promise.all(plugins.map((p) => loadPluginLocale(p.locales[locale])))]);
  for (const lng of SUPPORTED_LOCALES) resources[lng] = {};
  resources[locale] = { [KERNEL_NS]: own, ...Object.fromEntries(plugins.map((p, i) => [p.id, trees[i]!])) };
  pluginsOf.set(instance, [...plugins]);
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    defaultNS: KERNEL_NS,
    ns: [KERNEL_NS, ...plugins.map((p) => p.id)],
    resources,
    interpolation: { escapeValue: false }, // React escapes; platform text is never rendered as HTML
    returnNull: false,
  });
  // Only the chosen language's strings are loaded: a switch loads the new one's before it changes.
  // (The en-US fallback is not loaded for zh-CN; both languages have every key, which a test checks.)
  const changeLanguage = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (lng, callback) => {
    if (isSupportedLocale(lng)) await Promise.all([ensureKernelLocale(instance, lng), ensurePluginLocales(instance, pluginsOf.get(instance) ?? [], lng)]);
    return changeLanguage(lng, callback);
  };
  instance.on('languageChanged', (lng) => {
    if (isSupportedLocale(lng)) setItem('arco-locale', lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}

/**
 * Adds the strings of plugins read after start (the page reads them once there is a session), each
 * under its namespace, in the language shown; resolves once they are in.
 */
export async function addPluginLocales(instance: I18n, plugins: readonly PluginStrings[]): Promise<void> {
  pluginsOf.set(instance, [...(pluginsOf.get(instance) ?? []), ...plugins]);
  const lng = instance.resolvedLanguage ?? instance.language;
  await ensurePluginLocales(instance, plugins, isSupportedLocale(lng) ? lng : DEFAULT_LOCALE);
}
