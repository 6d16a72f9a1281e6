import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { showToast } from '../core/toaster';
import type { EvidenceRequest } from './evidence-types';

export interface EvidenceButtonProps extends EvidenceRequest {
  /** Shown as the panel's main button (a disabled account, a restricted business, an unpublished page); else a quiet one. */
  prominent?: boolean;
}

/**
 * "Export appeal evidence": one click reads the object's last 30 days and downloads them as a zip
 * (a readable page and a CSV). The code that reads and writes them loads on the click.
 */
export function EvidenceButton({ prominent = false, ...request }: EvidenceButtonProps) {
  const { t } = useTranslation();
  const { api, bridge, i18n, allPlugins, user } = useKernel();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { exportEvidence } = await import('./evidence-export');
      const file = await exportEvidence(request, { api, bridge, i18n, allPlugins, user });
      void showToast(t('evidence.done', { file }), Intent.SUCCESS);
    } catch (e) {
      void showToast(t('evidence.failed', { message: e instanceof Error ? e.message : String(e) }), Intent.DANGER);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon="document-share" size="small" variant={prominent ? 'solid' : 'minimal'} intent={prominent ? Intent.PRIMARY : Intent.NONE}
      loading={busy} text={t('evidence.button')} title={t('evidence.buttonHint')} onClick={() => void run()}
      data-evidence-export={`${request.type}:${request.id}`}
    />
  );
}
EvidenceButton.displayName = 'EvidenceButton';
