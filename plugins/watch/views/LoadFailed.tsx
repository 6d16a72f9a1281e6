import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** A section whose part of the settings could not be read: why, and a way to try again. */
export function LoadFailed({ reason, retry }: { reason: string; retry: () => void }) {
  const { t } = useTranslation('watch');
  return (
    <Callout intent="warning" title={t('settings.loadFailed')} className="tessera-watch-callout">
      {reason}{' '}<Button small text={t('settings.retry')} onClick={retry} />
    </Callout>
  );
}
