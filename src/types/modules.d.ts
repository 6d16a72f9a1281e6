declare module '@bprogress/core/css';

/**
 * A language file's first-screen strings and the rest (vite.config.ts, localeParts; docs/PLUGINS.md,
 * "Strings").
 */
declare module '*.json?first' {
  const strings: import('../kernel/i18n/types').LocaleTree;
  export default strings;
}
declare module '*.json?rest' {
  const strings: import('../kernel/i18n/types').LocaleTree;
  export default strings;
}
