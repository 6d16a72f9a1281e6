import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What an area shows until its own issue lands: it says so plainly instead of pretending to work. */
export function NotBuiltYet({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="tessera-not-built"
      icon="build"
      title={title}
      description={t('notBuilt.description')}
    />
  );
}
NotBuiltYet.displayName = 'NotBuiltYet';
