import { useTranslation } from 'react-i18next';
import { WatchFeed } from '@kernel';

/** The change feed on its own screen: the operator's changes since a chosen time (the kernel's WatchFeed). */
export default function ChangesScreen() {
  const { t } = useTranslation('watch');
  return (
    <div className="tessera-watch-screen" data-testid="watch-changes">
      <h2 className="bp6-heading">{t('heading')}</h2>
      <p className="bp6-text-muted">{t('intro')}</p>
      <WatchFeed />
    </div>
  );
}
