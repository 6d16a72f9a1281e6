import { useState } from 'react';
import { Button, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ActionDialog, type ActionRequest } from './ActionDialog';
import { useRowActions } from './use-row-actions';
import type { JobItem } from './types';

/**
 * The actions available for one object, for its detail panel: each opens the action's dialog for
 * that object alone (the same dialog, dry run and job as a bulk run on one selected row).
 */
export function ObjectActions({ rowType, item }: { rowType: string; item: JobItem }) {
  const { t } = useTranslation();
  const actions = useRowActions(rowType);
  const [request, setRequest] = useState<ActionRequest | null>(null);
  if (actions.length === 0) return null;
  return (
    <section className="tessera-object-actions" data-testid="object-actions">
      <H5>{t('runner.objectActions')}</H5>
      <div className="tessera-object-actions__buttons">
        {actions.map((a) => (
          <Button key={a.actionId} size="small" text={a.title} disabled={!!a.disabled} title={a.disabled ?? undefined}
            data-action-id={a.actionId} onClick={() => setRequest({ actionId: a.actionId, items: [item] })} />
        ))}
      </div>
      <ActionDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}
ObjectActions.displayName = 'ObjectActions';
