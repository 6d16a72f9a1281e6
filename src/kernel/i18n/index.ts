import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LoadedPlugin, LocaleTree, SupportedLocale } from '../plugin/types';
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

/** A fresh i18next instance with the kernel's strings and each plugin's strings under its own namespace. */
export async function createI18n(plugins: readonly LoadedPlugin[], locale: SupportedLocale = storedLocale()): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, LocaleTree>> = {};
  const own = await loadKernelLocale(locale);
  for (const lng of SUPPORTED_LOCALES) {
    resources[lng] = lng === locale ? { [KERNEL_NS]: own } : {};
    for (const p of plugins) resources[lng][p.id] = p.locales[lng];
  }
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
  // Only the chosen language's kernel strings are loaded: a switch loads the new one's before it changes.
  // (The en-US fallback of the kernel's strings is not loaded for zh-CN; both languages have every key.)
  const changeLanguage = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (lng, callback) => {
    if (isSupportedLocale(lng)) await ensureKernelLocale(instance, lng);
    return changeLanguage(lng, callback);
  };
  instance.on('languageChanged', (lng) => {
    if (isSupportedLocale(lng)) setItem('arco-locale', lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}

/** Adds the strings of plugins read after start (the page reads them once there is a session), each under its namespace. */
export function addPluginLocales(instance: I18n, plugins: readonly LoadedPlugin[]): void {
  for (const lng of SUPPORTED_LOCALES) for (const p of plugins) instance.addResourceBundle(lng, p.id, p.locales[lng], true, true);
}
