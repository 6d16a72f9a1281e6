import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel, type LoadedPlugin, type PluginWatch, type WatchType } from '@kernel';

interface Owner { plugin: LoadedPlugin; watch: PluginWatch }

/**
 * The words the settings screen shares with the change feed (src/kernel/list/WatchChanges.tsx): a type
 * by its area's `watch.titleKey`, a field by the kernel's `watch.fields.*`, and the codes of a value
 * field by the area's `watch.words` (the words the feed shows for them).
 */
export function useWatchWords() {
  const { allPlugins } = useKernel();
  const { t: tk, i18n } = useTranslation();
  const owners = useMemo(() => new Map<string, Owner>(allPlugins.flatMap((p) => (p.watch ? [[p.watch.type, { plugin: p, watch: p.watch }] as const] : []))), [allPlugins]);
  const typeWord = useCallback((type: string) => {
    const owner = owners.get(type);
    return owner ? String(i18n.t(owner.watch.titleKey, { ns: owner.plugin.id })) : type;
  }, [owners, i18n, i18n.language]);
  const fieldWord = useCallback((field: string) => String(tk(`watch.fields.${field}`, { defaultValue: field })), [tk]);
  /** The codes of a field that has words, with their words (`[['2', 'Disabled'], …]`), or null. */
  const codesOf = useCallback((type: WatchType, field: string): [string, string][] | null => {
    const owner = owners.get(type);
    const prefix = owner?.watch.words?.[field];
    if (!owner || !prefix) return null;
    const words = i18n.getResource(i18n.language, owner.plugin.id, prefix) as Record<string, unknown> | undefined;
    if (!words || typeof words !== 'object') return null;
    const codes = Object.entries(words).filter((e): e is [string, string] => e[0] !== 'unknown' && typeof e[1] === 'string');
    return codes.length ? codes : null;
  }, [owners, i18n, i18n.language]);
  return { typeWord, fieldWord, codesOf, language: i18n.language };
}
