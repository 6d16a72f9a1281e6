import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAllStrings, loadAllStrings } from './index';

/**
 * Renders its children once every string of the language shown is in (the first screen loads only
 * its own part, docs/PLUGINS.md, "Strings"): it suspends meanwhile (the nearest Suspense shows its
 * fallback), and a failed load reaches the nearest error boundary, whose retry asks again.
 */
export function AllStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!hasAllStrings(i18n)) use(loadAllStrings(i18n));
  return <>{children}</>;
}
AllStrings.displayName = 'AllStrings';
