import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKernel } from '../KernelProvider';
import { screenAt, screenTitle } from '../plugin/screens';
import { codeWord } from '../code-words';

export { codeWord, formatCount, COUNT_CHARS } from '../code-words';

/**
 * The words of a vocabulary a plugin declares in its manifest (`"vocabularies": { "<name>": "<key prefix>" }`),
 * for another plugin's screens: the ad-account statuses the business panel lists read as the ad-account
 * area words them, without importing it. Without the declaring plugin, the code stays as it is.
 */
export function useVocabulary(name: string): (code: string | number | null | undefined) => string {
  const { allPlugins } = useKernel();
  const owner = allPlugins.find((p) => p.vocabularies?.[name] !== undefined);
  const { t } = useTranslation(owner?.id ?? 'kernel');
  const prefix = owner?.vocabularies?.[name];
  return useCallback((code) => (prefix ? codeWord(t, prefix, code) : code === null || code === undefined ? '' : String(code)), [t, prefix]);
}

/**
 * A link to another screen of the product, named as the menu names it ("Pages › Blocked keywords"):
 * the words always match the screen's real title. Plain text when the operator may not open it.
 */
export function RouteLink({ path }: { path: string; children?: ReactNode }) {
  const { plugins, allPlugins } = useKernel();
  const { t } = useTranslation();
  const usable = screenAt(plugins, path);
  const screen = usable ?? screenAt(allPlugins, path);
  if (!screen) return null;
  const title = screenTitle(t as never, screen);
  return usable ? <Link to={path} data-route-link={path}>{title}</Link> : <span>{title}</span>;
}
