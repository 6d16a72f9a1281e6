/**
 * The locale types: the kernel's strings, each plugin's (handed to i18n/index.ts by the plugin
 * registry's caller) and the bridge's refusal texts use them, so they sit in i18n, below the plugin
 * contract (plugin/types.ts re-exports them).
 */
export type LocaleTree = { [key: string]: string | LocaleTree };
/** A loader of a JSON module of strings (`() => import('./locales/en-US.json')`). */
export type LocaleLoader = () => Promise<LocaleTree | { default: LocaleTree }>;
/**
 * A language file in two parts (docs/PLUGINS.md, "Strings"): what the signed-in shell and the
 * dashboard show (`./locales/en-US.json?first`, loaded at sign-in) and the rest (`?rest`, loaded
 * before any other screen, the palette, a drawer or a dialog renders, or a language switch).
 */
export interface LocaleParts {
  first: LocaleLoader;
  rest: LocaleLoader;
}
/**
 * A plugin's strings in one language: the tree itself, a loader of its JSON module, so a page loads
 * only the operator's language, or its two parts.
 */
export type LocaleSource = LocaleTree | LocaleLoader | LocaleParts;
export type SupportedLocale = 'zh-CN' | 'en-US';

/** What i18n needs of a plugin: its namespace (the plugin's id) and its strings per language. */
export interface PluginStrings {
  id: string;
  locales: Record<SupportedLocale, LocaleSource>;
}
