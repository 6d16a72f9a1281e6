import { useState, type ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../core/focus-return';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { findAction } from './RunnerHost';
import { useRunnerSettings } from './runner-settings';

/**
 * A job asks for a deliberate confirmation when it has more items than the operator's threshold
 * (Settings → Bulk jobs, default 50) or when its action is declared irreversible (docs/DECISIONS.md);
 * a job that only reads (`readOnly`) never does, however big.
 */
export function needsConfirmation(count: number, action: { irreversible?: boolean; readOnly?: boolean } | undefined, confirmAbove: number): boolean {
  if (action?.readOnly) return false;
  return action?.irreversible === true || count > confirmAbove;
}

/** The operator confirmed by typing the job's item count (spaces around it are ignored). */
export function isConfirmed(typed: string, count: number): boolean {
  return typed.trim() === String(count);
}

/**
 * The confirmation of a big or irreversible job: what it does and to how many items, "cannot be
 * undone" for an irreversible action, and a field where the operator types the count. The action
 * dialog shows it above Start; the areas' own buttons show it in ConfirmJobDialog.
 */
export function ConfirmJob({ what, count, irreversible, typed, onType, testId = 'confirm-job' }: {
  what: string; count: number; irreversible: boolean; typed: string; onType: (text: string) => void; testId?: string;
}) {
  const { t } = useTranslation('kernel');
  const ok = isConfirmed(typed, count);
  return (
    <Callout intent={irreversible ? 'danger' : 'warning'} icon={irreversible ? 'warning-sign' : 'confirm'} data-testid={testId} data-count={count} data-confirmed={ok ? 'true' : 'false'}>
      {irreversible && <p data-testid={`${testId}-irreversible`}><strong>{t('confirm.irreversible', { what })}</strong></p>}
      <p>{t('confirm.what', { what, count })}</p>
      <FormGroup label={t('confirm.typeCount', { count })} labelFor={`${testId}-input`} style={{ marginBottom: 0 }}>
        <InputGroup id={`${testId}-input`} data-testid={`${testId}-input`} value={typed} inputMode="numeric" autoComplete="off"
          intent={typed && !ok ? 'danger' : ok ? 'success' : 'none'} onChange={(e) => onType(e.currentTarget.value)} />
      </FormGroup>
    </Callout>
  );
}
ConfirmJob.displayName = 'ConfirmJob';

export interface ConfirmRequest {
  actionId: string;
  /** The job's item count (pairs counted one by one). */
  count: number;
  /** Starts the job once confirmed (or at once when no confirmation is needed). */
  start: () => void;
}

/**
 * For an area's own buttons that start a job directly: `ask` starts at once a small reversible job,
 * and otherwise opens a dialog with the same confirmation as the action dialog; render `dialog`.
 */
export function useConfirmedStart(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const { allPlugins } = useKernel();
  const { confirmAbove } = useRunnerSettings();
  const [pending, setPending] = useState<ConfirmRequest | null>(null);
  const ask = (request: ConfirmRequest) => {
    const action = findAction(allPlugins, request.actionId);
    if (needsConfirmation(request.count, action, confirmAbove)) setPending(request);
    else request.start();
  };
  return { ask, dialog: <ConfirmJobDialog request={pending} onClose={() => setPending(null)} /> };
}

/** The confirmation in a dialog of its own, for a job an area's button starts. */
export function ConfirmJobDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { allPlugins } = useKernel();
  const { theme } = useSettings();
  const [typed, setTyped] = useState('');
  useReturnFocus(request !== null);
  if (!request) return null;
  const action = findAction(allPlugins, request.actionId);
  const what = action ? t(action.titleKey, { ns: action.pluginId }) : request.actionId;
  const close = () => { setTyped(''); onClose(); };
  return (
    <Dialog isOpen onClose={close} title={t('confirm.title')} icon="confirm" className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <div data-testid="confirm-job-dialog">
      <DialogBody>
        <ConfirmJob what={what} count={request.count} irreversible={action?.irreversible ?? false} typed={typed} onType={setTyped} />
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('common.cancel')} onClick={close} />
        <Button intent={action?.irreversible ? 'danger' : 'primary'} icon="play" text={t('runner.start')} disabled={!isConfirmed(typed, request.count)} data-testid="confirm-job-start"
          onClick={() => { const go = request.start; close(); go(); }} />
      </>} />
      </div>
    </Dialog>
  );
}
ConfirmJobDialog.displayName = 'ConfirmJobDialog';
