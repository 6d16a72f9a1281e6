import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../core/focus-return';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { showToast } from '../core/toaster';
import type { PluginAction } from '../plugin/types';
import { actionTitle, findAction, useRunner } from './RunnerHost';
import { ConfirmJob, isConfirmed, needsConfirmation } from './ConfirmJob';
import { useRunnerSettings } from './runner-settings';
import { durationWords } from './estimate';
import { undoOffered } from './undo';
import { previewUndo, undoCandidates, undoDraft, type UndoPreviewRow } from './undo-preview';
import type { Handlers } from './runner-deps';
import { translateValues } from './translate-values';
import type { JobRow } from './types';

/**
 * Whether an action's code declares an inverse (loaded once; undefined while loading or for no action).
 * The action dialog says before Start whether a job can be undone.
 */
export function useUndoable(action: PluginAction | undefined, params: unknown): boolean | undefined {
  const [known, setKnown] = useState<{ id: string; undo: Handlers['undo'] } | null>(null);
  useEffect(() => {
    if (!action || action.readOnly) return;
    let live = true;
    action.load().then((h) => { if (live) setKnown({ id: action.id, undo: h.undo }); }, () => { if (live) setKnown({ id: action.id, undo: undefined }); });
    return () => { live = false; };
  }, [action]);
  if (!action || action.readOnly || known?.id !== action.id) return undefined;
  return undoOffered(known.undo, params);
}

const VERDICT_INTENT = { restore: 'success', changed: 'warning', already: 'none' } as const;

/**
 * "Undo N changes" of a finished or cancelled job (docs/UNDO.md): its own dry run reads every object
 * as it is now and lists what will be put back, what changed since the job (left as it is, never
 * overwritten) and what is already back; the undo then runs as a job of its own, through the runner.
 */
export function UndoDialog({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const { t } = useTranslation();
  useReturnFocus(true);
  const { allPlugins, bridge } = useKernel();
  const { theme } = useSettings();
  const runner = useRunner();
  const { confirmAbove } = useRunnerSettings();
  const action = findAction(allPlugins, job.actionId);
  const [rows, setRows] = useState<UndoPreviewRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const ns = action?.pluginId ?? '';

  useEffect(() => {
    if (!action) return;
    const controller = new AbortController();
    (async () => {
      const handlers = await action.load();
      if (!undoOffered(handlers.undo, JSON.parse(job.params))) throw new Error(t('undo.notOffered', { what: actionTitle(allPlugins, job.actionId, t) }));
      return previewUndo(handlers, JSON.parse(job.params), undoCandidates(runner.items(job.id)), bridge, controller.signal);
    })().then(setRows, (e: unknown) => { if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e)); });
    return () => controller.abort();
  }, [action, job, runner, bridge, allPlugins, t]);

  const what = actionTitle(allPlugins, job.actionId, t);
  const restore = rows?.filter((r) => r.verdict === 'restore') ?? [];
  const changed = rows?.filter((r) => r.verdict === 'changed') ?? [];
  const already = rows?.filter((r) => r.verdict === 'already') ?? [];
  const confirming = needsConfirmation(restore.length, action, confirmAbove);
  const ok = restore.length > 0 && (!confirming || isConfirmed(typed, restore.length));
  const estimate = restore.length ? runner.estimate(job.actionId, restore.length, undefined, true) : null;
  const tr = (key: string, values?: Record<string, unknown>) => t(key, { ns, ...translateValues(values, (k) => t(k, { ns })) });
  const start = () => {
    try {
      runner.start(undoDraft(job, restore));
      void showToast(t('undo.started', { count: restore.length, what }), 'primary');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('undo.title', { what })} icon="undo" className={theme === 'dark' ? 'bp6-dark' : undefined} style={{ width: 720 }}>
      <DialogBody>
        {error && <Callout intent="danger" data-testid="undo-error">{t('undo.failed', { message: error })}</Callout>}
        {!rows && !error && <p data-testid="undo-reading"><Spinner size={16} /> {t('undo.reading')}</p>}
        {rows && (
          <div data-testid="undo-preview" data-restore={restore.length} data-changed={changed.length} data-already={already.length}>
            <p>
              {t('undo.summary', { restore: restore.length, changed: changed.length, already: already.length })}
              {estimate && <span data-testid="undo-estimate">{' · '}{t('runner.estimate', { duration: durationWords(estimate.seconds, t) })}</span>}
            </p>
            {changed.length > 0 && <Callout intent="warning" icon="warning-sign" data-testid="undo-changed">{t('undo.changedSince', { count: changed.length })}</Callout>}
            <div style={{ maxHeight: 280, overflowY: 'auto' }}>
              <HTMLTable compact striped data-testid="undo-rows">
                <thead><tr><th>{t('runner.item')}</th><th>{t('undo.change')}</th><th>{t('undo.verdict')}</th></tr></thead>
                <tbody>
                  {rows.map((r) => {
                    const effect = tr(r.effect.key, r.effect.values);
                    return (
                      <tr key={r.itemId} data-item-id={r.itemId} data-verdict={r.verdict}>
                        <td>{labelOf(r)}</td>
                        <td>{effect}</td>
                        <td><Tag minimal intent={VERDICT_INTENT[r.verdict]}>{t(`undo.verdicts.${r.verdict}`)}</Tag></td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            </div>
            {confirming && restore.length > 0 && <ConfirmJob what={t('undo.jobTitle', { what })} count={restore.length} irreversible={false} typed={typed} onType={setTyped} testId="confirm-undo" />}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('common.cancel')} onClick={onClose} />
        <Button intent="primary" icon="undo" text={t('undo.start', { count: restore.length })} disabled={!ok} onClick={start} data-testid="undo-start" />
      </>} />
    </Dialog>
  );
}
UndoDialog.displayName = 'UndoDialog';

/** The object as the operator knows it: its name, then its id (and a pair's entry). */
function labelOf(r: UndoPreviewRow): string {
  const id = String(r.item.id);
  const named = typeof r.item.name === 'string' && r.item.name ? `${r.item.name} (${id})` : id;
  return typeof r.item.pair === 'string' ? `${named} · ${r.item.pair}` : named;
}
