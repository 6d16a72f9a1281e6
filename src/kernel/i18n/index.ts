import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleLoader, LocaleParts, LocaleSource, LocaleTree, PluginStrings, SupportedLocale } from './types';
import { getItem, setItem } from '../storage';

// Each language's kernel strings are chunks of their own, in two parts (docs/PLUGINS.md, "Strings";
// docs/DECISIONS.md, "The dashboard loads what it shows"): what the signed-in shell and the dashboard
// show (`?first`: the key paths of ./locales/first-screen.json, split by vite.config.ts) and the rest,
// the table's strings with it (importing '../table' would bring the whole table). A page loads the
// operator's language, and another when it switches to it (docs/DECISIONS.md, "First-screen bundle").
const tableFiles = import.meta.glob<LocaleTree>('../table/locales/*.json', { import: 'default' });
const kernelParts: Record<SupportedLocale, LocaleParts> = {
  'zh-CN': {
    first: () => import('./locales/zh-CN.json?first'),
    rest: async () => {
      const [own, table] = await Promise.all([import('./locales/zh-CN.json?rest'), tableFiles['../table/locales/zh-CN.json']!()]);
      return merge(treeOf(own), table);
    },
  },
  'en-US': {
    first: () => import('./locales/en-US.json?first'),
    rest: async () => {
      const [own, table] = await Promise.all([import('./locales/en-US.json?rest'), tableFiles['../table/locales/en-US.json']!()]);
      return merge(treeOf(own), table);
    },
  },
};

export const DEFAULT_LOCALE: SupportedLocale = 'zh-CN';
export const FALLBACK_LOCALE: SupportedLocale = 'en-US';
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = ['zh-CN', 'en-US'];
export const KERNEL_NS = 'kernel';

type Part = 'first' | 'rest';

function treeOf(loaded: LocaleTree | { default: LocaleTree }): LocaleTree {
  return ('default' in loaded && typeof loaded.default === 'object' ? loaded.default : loaded) as LocaleTree;
}

/** `b` merged into `a`, deeply (the two parts of a file never share a leaf). */
function merge(a: LocaleTree, b: LocaleTree): LocaleTree {
  const out: LocaleTree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const there = out[k];
    out[k] = typeof there === 'object' && typeof v === 'object' ? merge(there, v) : v;
  }
  return out;
}

function isParts(source: LocaleSource): source is LocaleParts {
  return typeof source === 'object' && typeof (source as Partial<LocaleParts>).first === 'function' && typeof (source as Partial<LocaleParts>).rest === 'function';
}

/** One part of strings given in any form: a tree or a single loader is all first part, with no rest. */
async function loadPart(source: LocaleSource, part: Part): Promise<LocaleTree> {
  if (isParts(source)) return treeOf(await source[part]());
  if (part === 'rest') return {};
  return typeof source === 'function' ? treeOf(await (source as LocaleLoader)()) : source;
}

/** The kernel's strings (the table's merged in) in one language, both parts. */
export async function loadKernelLocale(lng: SupportedLocale): Promise<LocaleTree> {
  const [first, rest] = await Promise.all([loadPart(kernelParts[lng], 'first'), loadPart(kernelParts[lng], 'rest')]);
  return merge(first, rest);
}

/** The kernel's first-screen strings in one language (what a page loads at sign-in). */
export async function loadKernelFirstLocale(lng: SupportedLocale): Promise<LocaleTree> {
  return loadPart(kernelParts[lng], 'first');
}

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The language kept under `arco-locale`, else zh-CN. */
export function storedLocale(): SupportedLocale {
  const value = getItem('arco-locale');
  return isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}

/** A plugin's strings in one language, all of them (both parts), loading them when the plugin binds loaders. */
export async function loadPluginLocale(source: LocaleSource): Promise<LocaleTree> {
  const [first, rest] = await Promise.all([loadPart(source, 'first'), loadPart(source, 'rest')]);
  return merge(first, rest);
}

/** A plugin's first-screen strings in one language (all of them when it binds a single loader or a tree). */
export async function loadPluginFirstLocale(source: LocaleSource): Promise<LocaleTree> {
  return loadPart(source, 'first');
}

/** What an instance holds: its plugins (a language switch loads theirs too) and which parts are in. */
interface Strings {
  plugins: PluginStrings[];
  /** `lng|ns|part` → its load (in flight or done); a failed one is forgotten, so the next asks again. */
  parts: Map<string, Promise<void>>;
  /** The languages whose every part is in. */
  all: Set<SupportedLocale>;
  /** The load of a language's rest, while it is under way. */
  allLoading: Map<SupportedLocale, Promise<void>>;
}
const stringsMap = new WeakMap<I18n, Strings>();
/**
 * The instance itself: react-i18next's useTranslation hands out a copy of it (with the instance as
 * `__original`) whenever the language changes.
 */
function own(instance: I18n): I18n {
  return (instance as I18n & { __original?: I18n }).__original ?? instance;
}
const stringsOf = { get: (instance: I18n) => stringsMap.get(own(instance)), set: (instance: I18n, strings: Strings) => stringsMap.set(own(instance), strings) };

function ensurePart(instance: I18n, strings: Strings, lng: SupportedLocale, ns: string, source: LocaleSource, part: Part): Promise<void> {
  const key = `${lng}|${ns}|${part}`;
  let loading = strings.parts.get(key);
  if (!loading) {
    loading = loadPart(source, part).then((tree) => {
      if (part === 'first' || Object.keys(tree).length) instance.addResourceBundle(lng, ns, tree, true, true);
    });
    strings.parts.set(key, loading);
    loading.catch(() => strings.parts.delete(key));
  }
  return loading;
}

/** Loads what is missing of a language: every namespace's first part, and with `rest` the rest too. */
async function ensureStrings(instance: I18n, strings: Strings, lng: SupportedLocale, rest: boolean, plugins: readonly PluginStrings[] = strings.plugins): Promise<void> {
  const parts: Part[] = rest ? ['first', 'rest'] : ['first'];
  const sources: [string, LocaleSource][] = [[KERNEL_NS, kernelParts[lng]], ...plugins.map((p): [string, LocaleSource] => [p.id, p.locales[lng]])];
  await Promise.all(sources.flatMap(([ns, source]) => parts.map((part) => ensurePart(instance, strings, lng, ns, source, part))));
}

function languageOf(instance: I18n): SupportedLocale {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isSupportedLocale(lng) ? lng : DEFAULT_LOCALE;
}

export interface I18nOptions {
  /**
   * Load only the first-screen strings (the product's page: the rest loads with the first screen
   * that needs it, `loadAllStrings`). Without it every string of the language is in at once (tests, tools).
   */
  firstScreen?: boolean;
}

/**
 * A fresh i18next instance with the kernel's strings and each plugin's strings under its own namespace,
 * in the operator's language only: a switch loads the new language's strings before it changes.
 */
export async function createI18n(plugins: readonly PluginStrings[], locale: SupportedLocale = storedLocale(), options: I18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  const strings: Strings = { plugins: [...plugins], parts: new Map(), all: new Set(), allLoading: new Map() };
  stringsOf.set(instance, strings);
  const parts: Part[] = options.firstScreen ? ['first'] : ['first', 'rest'];
  const sources: [string, LocaleSource][] = [[KERNEL_NS, kernelParts[locale]], ...plugins.map((p): [string, LocaleSource] => [p.id, p.locales[locale]])];
  const trees = await Promise.all(sources.map(async ([, source]) => (await Promise.all(parts.map((part) => loadPart(source, part)))).reduce(merge, {})));
  for (const [ns] of sources) for (const part of parts) strings.parts.set(`${locale}|${ns}|${part}`, Promise.resolve());
  if (!options.firstScreen) strings.all.add(locale);
  const resources: Record<string, Record<string, LocaleTree>> = {};
  for (const lng of SUPPORTED_LOCALES) resources[lng] = {};
  resources[locale] = Object.fromEntries(sources.map(([ns], i) => [ns, trees[i]!]));
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    defaultNS: KERNEL_NS,
    ns: sources.map(([ns]) => ns),
    resources,
    interpolation: { escapeValue: false }, // React escapes; platform text is never rendered as HTML
    returnNull: false,
  });
  // Only the chosen language's strings are loaded: a switch loads the new one's, both parts, before it
  // changes (the screen shown may need any of them). (The en-US fallback is not loaded for zh-CN; both
  // languages have every key, which a test checks.)
  const changeLanguage = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (lng, callback) => {
    if (isSupportedLocale(lng)) await loadAllStringsOf(instance, strings, lng);
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
 * under its namespace, in the language shown (their rest too once the language's rest is in or on
 * its way); resolves once they are in.
 */
export async function addPluginLocales(given: I18n, plugins: readonly PluginStrings[]): Promise<void> {
  const instance = own(given);
  const strings = stringsOf.get(instance);
  if (!strings) throw new Error('addPluginLocales: an instance made by createI18n');
  strings.plugins.push(...plugins);
  const lng = languageOf(instance);
  await ensureStrings(instance, strings, lng, strings.all.has(lng) || strings.allLoading.has(lng), plugins);
}

function loadAllStringsOf(instance: I18n, strings: Strings, lng: SupportedLocale): Promise<void> {
  if (strings.all.has(lng)) return DONE;
  let loading = strings.allLoading.get(lng);
  if (!loading) {
    loading = ensureStrings(instance, strings, lng, true).then(() => { strings.all.add(lng); });
    strings.allLoading.set(lng, loading);
    const forget = () => { strings.allLoading.delete(lng); };
    loading.then(forget, forget);
  }
  return loading;
}
const DONE = Promise.resolve();

/**
 * Every string of the language shown, the kernel's and every plugin's: what a screen other than the
 * dashboard, the palette, a drawer, a dialog or a runner's toast needs before it renders (the first
 * screen has only its own part, docs/PLUGINS.md, "Strings"). One load per language, shared by its
 * callers while under way; a failed one (offline, or a new version replaced the chunks) is asked again
 * by the next call.
 */
export function loadAllStrings(instance: I18n): Promise<void> {
  const strings = stringsOf.get(instance);
  return strings ? loadAllStringsOf(own(instance), strings, languageOf(own(instance))) : DONE;
}

/** Whether every string of the language shown is in (an instance not made by createI18n: yes). */
export function hasAllStrings(instance: I18n): boolean {
  const strings = stringsOf.get(instance);
  return !strings || strings.all.has(languageOf(own(instance)));
}

const gatedLoaders = new WeakMap<object, WeakMap<I18n, () => Promise<unknown>>>();

/**
 * A lazy part's loader that also loads every string (in parallel with the code), so the part renders
 * with its strings in (one wrapper per loader and instance: React.lazy keeps one component per loader).
 */
export function withAllStrings<T>(given: I18n, loader: () => Promise<T>): () => Promise<T> {
  const instance = own(given);
  let byInstance = gatedLoaders.get(loader);
  if (!byInstance) gatedLoaders.set(loader, (byInstance = new WeakMap()));
  let gated = byInstance.get(instance) as (() => Promise<T>) | undefined;
  if (!gated) {
    gated = async () => (await Promise.all([loader(), loadAllStrings(instance)]))[0];
    byInstance.set(instance, gated);
  }
  return gated;
}
