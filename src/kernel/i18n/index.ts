import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LoadedPlugin, LocaleTree, SupportedLocale } from '../plugin/types';
import { getItem, setItem } from '../storage';
import zhCN from './locales/zh-CN.json';
import enUS from './locales/en-US.json';
import { tableLocales } from '../table';

export const DEFAULT_LOCALE: SupportedLocale = 'zh-CN';
export const FALLBACK_LOCALE: SupportedLocale = 'en-US';
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = ['zh-CN', 'en-US'];
export const KERNEL_NS = 'kernel';

export const kernelLocales: Record<SupportedLocale, LocaleTree> = {
  'zh-CN': { ...zhCN, ...(tableLocales['zh-CN'] as LocaleTree) },
  'en-US': { ...enUS, ...(tableLocales['en-US'] as LocaleTree) },
};

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
  for (const lng of SUPPORTED_LOCALES) {
    resources[lng] = { [KERNEL_NS]: kernelLocales[lng] };
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
  instance.on('languageChanged', (lng) => {
    if (isSupportedLocale(lng)) setItem('arco-locale', lng);
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}
