/**
 * The locale types: the kernel's strings, each plugin's (handed to i18n/index.ts by the plugin
 * registry's caller) and the bridge's refusal texts use them, so they sit in i18n, below the plugin
 * contract (plugin/types.ts re-exports them).
 */
export type LocaleTree = { [key: string]: string | LocaleTree };
/**
 * A plugin's strings in one language: the tree itself, or a loader of its JSON module
 * (`() => import('./locales/en-US.json')`), so a page loads only the operator's language.
 */
export type LocaleSource = LocaleTree | (() => Promise<LocaleTree | { default: LocaleTree }>);
export type SupportedLocale = 'zh-CN' | 'en-US';

/** What i18n needs of a plugin: its namespace (the plugin's id) and its strings per language. */
export interface PluginStrings {
  id: string;
  locales: Record<SupportedLocale, LocaleSource>;
}
