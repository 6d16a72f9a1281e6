import { useMemo, useState, type MouseEvent } from 'react';
import { Button, ButtonGroup, Callout, Card, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { showToast } from '../core/toaster';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { DataTable, type DataColumn } from '../table';
import { durationWords, remainingSeconds } from './estimate';
import { useRunner, actionTitle, findAction } from './RunnerHost';
import { useJobItems, useJobs } from './use-jobs';
import { itemText, outputColumns, resultRows, type ResultRow } from './results';
import { SecretsDialog } from './SecretsDialog';
import { VersionRetiredCallout } from './VersionRetired';
import { ActionDialog, type ActionRequest } from './ActionDialog';
import { UndoDialog, useUndoable } from './UndoDialog';
import { undoableCount } from './undo-preview';
import { itemMessageText } from './item-message';
import type { FieldError } from './params';
import { fieldMessage } from './field-message';
import type { JobItem, JobRow } from './types';
import { schemas } from '../../generated/schemas.js';

const STATUS_INTENT: Record<string, 'primary' | 'success' | 'warning' | 'danger' | 'none'> = {
  running: 'primary', paused: 'warning', interrupted: 'warning', done: 'success', cancelled: 'none', failed: 'danger',
};

/**
 * Rate (items a minute) and the time left of a job: its own pace so far, blended with the estimate of
 * what is left (`estimateLeftS`, estimate.ts) while few items have settled, so a job shows a time left
 * from its start and the first slow item does not say hours.
 */
export function jobPace(job: JobRow, now = Date.now(), estimateLeftS?: number): { perMinute: number; etaSeconds: number | null } {
  const finished = job.done + job.failed + job.skipped + job.unknown;
  const elapsed = ((job.finishedAt || now) - job.startedAt) / 1000;
  const perSecond = elapsed > 0 ? finished / elapsed : 0;
  const eta = job.status === 'running'
    ? remainingSeconds({ total: job.total, settled: finished, elapsedS: elapsed, estimateS: estimateLeftS === undefined ? undefined : elapsed + estimateLeftS })
    : null;
  return { perMinute: perSecond * 60, etaSeconds: eta };
}

/** A job's speed as an operator says it: "about 19 a minute", "about 3 an hour", "about 2 a second". */
export function rateWords(perMinute: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (perMinute >= 120) return t('runner.ratePerSecond', { count: Math.round(perMinute / 60) });
  if (perMinute >= 1) return t('runner.ratePerMinute', { count: Math.round(perMinute) });
  return t('runner.ratePerHour', { count: Math.max(1, Math.round(perMinute * 60)) });
}

/** The jobs panel: every job's progress and controls, and the selected job's items (a drawer and a tile). */
export function JobsView() {
  const { t } = useTranslation();
  const runner = useRunner();
  const jobs = useJobs(runner);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = jobs.find((j) => j.id === openId) ?? null;
  // each job's latest undo (jobs come newest first)
  const undoJobs = useMemo(() => {
    const out = new Map<string, JobRow>();
    for (const j of jobs) if (j.undoOf && !out.has(j.undoOf)) out.set(j.undoOf, j);
    return out;
  }, [jobs]);
  if (jobs.length === 0) return <NonIdealState icon="th-list" title={t('runner.noJobs')} description={t('runner.noJobsHelp')} />;
  return (
    <div className="tessera-jobs" data-testid="jobs-view">
      <div className="tessera-jobs-list">
        {jobs.map((job) => <JobCard key={job.id} job={job} undoJob={undoJobs.get(job.id)} open={job.id === openId} onOpen={() => setOpenId(job.id === openId ? null : job.id)} />)}
      </div>
      {open && <JobItems job={open} />}
    </div>
  );
}
JobsView.displayName = 'JobsView';

/** The field errors a job kept when its parameters were refused (none for an older row or bad JSON). */
function parseFieldErrors(json: string | undefined): FieldError[] {
  try {
    const list: unknown = JSON.parse(json || '[]');
    return Array.isArray(list) ? list.filter((f): f is FieldError => !!f && typeof f === 'object' && typeof (f as FieldError).field === 'string') : [];
  } catch {
    return [];
  }
}

function JobCard({ job, undoJob, open, onOpen }: { job: JobRow; undoJob?: JobRow; open: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const runner = useRunner();
  const { allPlugins } = useKernel();
  const [asking, setAsking] = useState(false);
  /** "Retry with changes": the failed items in the action's dialog, with the job's parameters to change. */
  const [retrying, setRetrying] = useState<ActionRequest | null>(null);
  const finished = job.done + job.failed + job.skipped + job.unknown;
  const pending = job.total - finished;
  const { perMinute, etaSeconds } = jobPace(job, Date.now(), job.status === 'running' ? runner.estimate(job.actionId, pending)?.seconds : undefined);
  const action = findAction(allPlugins, job.actionId);
  // a job waiting for the team's approval resumes by itself once approved (src/kernel/runner/approval-wait.ts)
  const waiting = (job.status === 'paused' && job.pauseReason !== 'approval') || job.status === 'interrupted';
  const missing = waiting ? runner.missingSecrets(job.id) : [];
  const fieldLabel = (f: string) => (action ? t(`actions.${action.verb}.fields.${f}`, { ns: action.pluginId, defaultValue: f }) : f);
  const fieldNames = missing.map(fieldLabel).join(', ');
  const refused = parseFieldErrors(job.errorFields);
  const resume = () => (missing.length ? setAsking(true) : void runner.resume(job.id));
  // "Undo N changes": a finished job (not itself an undo) of an action with an inverse (docs/UNDO.md)
  const over = job.status === 'done' || job.status === 'cancelled' || job.status === 'failed';
  // once its undo ran to the end (or while it runs) the job offers nothing more; a cancelled or failed undo leaves the rest to undo
  const undone = undoJob?.status === 'done';
  const undoRunning = !!undoJob && !['done', 'cancelled', 'failed'].includes(undoJob.status);
  const jobParams = useMemo(() => JSON.parse(job.params) as unknown, [job.params]);
  const undoable = useUndoable(over && !job.undoOf && !undone && !undoRunning ? action : undefined, jobParams);
  const undoCount = useMemo(() => (undoable ? undoableCount(job, runner.items(job.id)) : 0), [undoable, job, runner]);
  const [undoing, setUndoing] = useState(false);
  const title = actionTitle(allPlugins, job.actionId, t);
  return (
    <Card compact className={`tessera-job${open ? ' tessera-job-open' : ''}`} data-job-id={job.id} data-job-status={job.status} interactive onClick={onOpen}>
      <div className="tessera-job-head">
        <strong>{job.undoOf ? t('undo.jobTitle', { what: title }) : title}</strong>
        <span>
          {undone && <Tag minimal intent="primary" icon="undo" data-testid="job-undone" style={{ marginRight: 6 }}>{t('undo.undone')}</Tag>}
          <JobStatusTag job={job} />
        </span>
      </div>
      <ProgressBar value={job.total ? finished / job.total : 0} intent={job.failed ? 'warning' : 'success'} stripes={job.status === 'running'} animate={job.status === 'running'} />
      <div className="tessera-job-counts" data-testid="job-counts">
        {t('runner.counts', { done: job.done, failed: job.failed, skipped: job.skipped, pending, unknown: job.unknown, total: job.total })}
        {finished > 0 && <>{' · '}{rateWords(perMinute, t)}</>}
        {etaSeconds !== null && <span data-testid="job-remaining" data-seconds={Math.round(etaSeconds)}>{` · ${t('runner.eta', { time: formatDuration(etaSeconds) })}`}</span>}
      </div>
      <div className="tessera-job-history bp6-text-muted" data-testid="job-history">
        {t('runner.startedAt', { time: new Date(job.startedAt).toLocaleString(i18n.language) })}
        {job.startedBy && <> {t('runner.startedBy', { name: job.startedBy })}</>}
        {job.finishedAt > 0 && <>{' · '}{t('runner.endedAt', { time: new Date(job.finishedAt).toLocaleString(i18n.language), duration: durationWords((job.finishedAt - job.startedAt) / 1000, t) })}</>}
      </div>
      {job.pauseReason === 'session' && <Callout intent="danger" compact>{t('runner.sessionPaused', { message: job.pauseMessage })}</Callout>}
      {job.pauseReason === 'version' && <VersionRetiredCallout />}
      {job.pauseReason === 'storage' && <Callout intent="danger" compact data-testid="job-storage-paused">{t('runner.storagePaused')}</Callout>}
      {job.pauseReason === 'approval' && <Callout intent="primary" compact icon="endorsed" data-testid="job-awaiting-approval">{t('runner.teamPolicy.awaiting')}</Callout>}
      {job.settling > 0 && job.status === 'running' && (
        <Callout intent="primary" compact data-testid="job-settling">
          {t('runner.settling', { count: job.settling, time: new Date(job.settlingUntil).toLocaleTimeString(i18n.language) })}
        </Callout>
      )}
      {job.status === 'interrupted' && !missing.length && <Callout intent="warning" compact>{t('runner.interruptedHelp')}</Callout>}
      {missing.length > 0 && <Callout intent="warning" compact data-testid="job-needs-secret">{t('runner.secretNeeded', { fields: fieldNames })}</Callout>}
      {job.status === 'failed' && (
        <Callout intent="danger" compact data-testid="job-error">
          {refused.length
            ? t('runner.paramsRefused', { problems: refused.map((f) => (f.field ? `${fieldLabel(f.field)}: ${fieldMessage(f, t, i18n.language)}` : fieldMessage(f, t, i18n.language))).join('; ') })
            : t('runner.jobFailed', { message: job.error })}
        </Callout>
      )}
      <ButtonGroup onClick={(e) => e.stopPropagation()} className="tessera-job-buttons">
        {job.status === 'running' && <Button size="small" icon="pause" text={t('runner.pause')} onClick={() => runner.pause(job.id)} />}
        {waiting && <Button size="small" intent="primary" icon="play" text={t('runner.resume')} onClick={resume} />}
        {(job.status === 'running' || job.status === 'paused' || job.status === 'interrupted') && <Button size="small" icon="stop" text={t('runner.cancel')} onClick={() => runner.cancel(job.id)} />}
        {job.failed > 0 && job.status !== 'running' && <Button size="small" icon="repeat" text={t('runner.retryFailed')} onClick={() => runner.retryFailed(job.id)} />}
        {(refused.length > 0 || (job.failed > 0 && job.status !== 'running')) && action && (
          <Button size="small" icon="edit" text={t('runner.retryChanged')} data-testid="job-retry-changed"
            onClick={() => setRetrying(retryRequest(job, runner.items(job.id), refused.length > 0 ? 'skipped' : 'failed'))} />
        )}
        {undoCount > 0 && <Button size="small" icon="undo" text={t('undo.button', { count: undoCount })} data-testid="job-undo" onClick={() => setUndoing(true)} />}
        <Button size="small" icon={open ? 'chevron-up' : 'th-list'} text={t(open ? 'runner.hideItems' : 'runner.showItems', { count: job.total })}
          aria-expanded={open} data-testid="job-items-toggle" onClick={onOpen} />
      </ButtonGroup>
      {asking && action && <SecretsDialog job={job} action={action} fields={missing} onClose={() => setAsking(false)} />}
      <ActionDialog request={retrying} onClose={() => setRetrying(null)} />
      {undoing && <div onClick={(e) => e.stopPropagation()}><UndoDialog job={job} onClose={() => setUndoing(false)} /></div>}
    </Card>
  );
}

function JobItems({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const runner = useRunner();
  const { allPlugins } = useKernel();
  const items = useJobItems(runner, job.id);
  const rows = useMemo(() => resultRows(items), [items]);
  const [openLine, setOpenLine] = useState<string | null>(null);
  const opened = openLine === null ? null : rows.find((r) => r.line === openLine) ?? null;
  const action = findAction(allPlugins, job.actionId);
  // What an operator reads first comes first: the object by name, then why it failed (wrapped on two
  // lines, whole in its tooltip and in the row's detail), inside the drawer's default width; the ids,
  // attempts and outputs follow.
  const columns = useMemo<DataColumn<ResultRow>[]>(() => [
    { id: 'index', header: '#', value: (i) => i.index + 1, width: 48, filter: false },
    { id: 'name', header: t('runner.itemObject'), value: (i) => itemText(i.words), width: 280, cell: (i) => <ItemObject row={i} /> },
    { id: 'message', header: t('runner.message'), value: (i) => itemMessageText(i.message, t), width: 320, cell: (i) => <ItemReason row={i} /> },
    { id: 'state', header: t('runner.state'), value: (i) => t(`runner.itemState.${i.state}`), width: 100, filter: { options: ['pending', 'inflight', 'done', 'failed', 'skipped', 'unknown'].map((s) => ({ value: t(`runner.itemState.${s}`), label: t(`runner.itemState.${s}`) })) } },
    { id: 'attempts', header: t('runner.attempts'), value: (i) => i.attempts, width: 90 },
    ...outputColumns(action, t, allPlugins),
    { id: 'item', header: t('runner.itemId'), value: objectId, width: 220, cell: (i) => <CopyableId id={objectId(i)} /> },
  ], [t, action, allPlugins]);
  const exportValues = (format: 'csv' | 'xlsx') => {
    if (!action) return;
    const title = t(action.titleKey, { ns: action.pluginId });
    void import('./export-values').then(async (m) => {
      let params: Record<string, unknown> = {};
      try { params = JSON.parse(job.params) as Record<string, unknown>; } catch { /* the job's own values cannot be read: the items' are written */ }
      const table = m.valuesTable(action, action.schema ? schemas[action.schema] : undefined, params, runner.items(job.id), t);
      await (format === 'csv' ? m.downloadValuesCsv(`values-${action.id}`, table) : m.downloadValuesXlsx(`values-${action.id}`, table, title));
    }).catch((e: unknown) => void showToast(t('runner.exportFailed', { message: (e as Error).message ?? String(e) }), 'warning'));
  };
  return (
    <>
      {action?.schema && (
        <div className="tessera-job-values" title={t('import.exportTitle')}>
          <span className="bp6-text-muted">{t('import.exportValues')}:</span>
          <Button size="small" variant="minimal" icon="export" text="CSV" data-testid="export-values-csv" onClick={() => exportValues('csv')} />
          <Button size="small" variant="minimal" icon="export" text="Excel" data-testid="export-values-xlsx" onClick={() => exportValues('xlsx')} />
        </div>
      )}
      <div className="tessera-job-items">
        <DataTable key={job.actionId} viewId={`runner.items.${job.actionId}`} rows={rows} columns={columns} getRowId={lineOf} copyId={objectId} exportFileName={`job-${job.actionId}`}
          emptyText={t('runner.noItems')} onRowOpen={(i) => setOpenLine(i.line)} />
      </div>
      {opened && <ItemDetail row={opened} onClose={() => setOpenLine(null)} />}
    </>
  );
}

/** Rows are named by their line ("#3"): what "Select row #3" says; a job's keys are the runner's. */
const lineOf = (i: ResultRow) => i.line;
const objectId = (i: ResultRow) => i.words.id || i.itemId;

/** An item whose reason is a problem (red): failed, unknown, or skipped for any reason but the operator's cancel. */
const isProblem = (row: ResultRow) => row.state === 'failed' || row.state === 'unknown' || (row.state === 'skipped' && row.message !== 'cancelled');

/**
 * The object by the name the operator knows it, its id small after it; a pair's entry on a second
 * line ("→ jane@example.com"), so neither is cut off by the other.
 */
function ItemObject({ row }: { row: ResultRow }) {
  const { name, id, pair } = row.words;
  const title = name && id ? `${itemText(row.words)} (${id})` : itemText(row.words);
  const object = <><span className="tessera-job-item__name">{name || id}</span>{name && id && <small className="tessera-job-item__id bp6-text-muted">{id}</small>}</>;
  if (!pair) return <span className="tessera-job-item" data-testid="job-item-object" title={title}>{object}</span>;
  return (
    <span className="tessera-job-item tessera-job-item--pair" data-testid="job-item-object" title={title}>
      <span className="tessera-job-item__line">{object}</span>
      <span className="tessera-job-item__line tessera-job-item__pair">{'→ '}{pair}</span>
    </span>
  );
}

/** Why an item failed (or the note it returned), wrapped on two lines in its row; the whole text in its tooltip. */
function ItemReason({ row }: { row: ResultRow }) {
  const { t } = useTranslation();
  if (!row.message) return null;
  const failed = isProblem(row);
  const text = itemMessageText(row.message, t);
  return <span className={`tessera-job-reason${failed ? ' tessera-job-reason--failed' : ''}`} title={text} data-testid="job-item-reason">{text}</span>;
}

/** One item opened from its row: the object, its state and the whole reason, wrapped. */
function ItemDetail({ row, onClose }: { row: ResultRow; onClose: () => void }) {
  const { t } = useTranslation();
  const failed = isProblem(row);
  return (
    <Callout compact intent={failed ? 'danger' : 'none'} className="tessera-job-item-detail" data-testid="job-item-detail"
      title={`${itemText(row.words)} · ${t(`runner.itemState.${row.state}`)}`}>
      {row.words.name && row.words.id && <div className="bp6-text-muted">{t('runner.itemIdIs', { id: row.words.id })}</div>}
      <div className="tessera-job-item-detail__reason">{row.message ? itemMessageText(row.message, t) : t('runner.noMessage')}</div>
      <Button size="small" variant="minimal" icon="cross" text={t('runner.closeItem')} onClick={onClose} />
    </Callout>
  );
}

/**
 * A job's state in words: a finished job with failures says so in a warning colour ("Done — 15 of
 * 20 failed"), never a plain green Done.
 */
function JobStatusTag({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const withFailures = job.status === 'done' && job.failed > 0;
  const intent = withFailures ? (job.failed === job.total ? 'danger' : 'warning') : STATUS_INTENT[job.status];
  const text = withFailures ? t('runner.doneWithFailures', { failed: job.failed, total: job.total }) : t(`runner.status.${job.status}`);
  return <Tag minimal intent={intent} data-testid="job-status" data-failed={job.failed}>{text}</Tag>;
}

/** A new run of a job's failed items, its form filled with the job's parameters (secrets are asked again). */
function retryRequest(job: JobRow, items: readonly { state: string; item: string }[], state: 'failed' | 'skipped'): ActionRequest {
  const failed = items.filter((i) => i.state === state).flatMap((i) => {
    try {
      return [JSON.parse(i.item) as JobItem];
    } catch {
      return [];
    }
  });
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(job.params) as Record<string, unknown>;
  } catch {
    // a job whose parameters cannot be read starts from the defaults
  }
  return { actionId: job.actionId, items: failed, params };
}

/** The object's full id, with a button that copies it. */
function CopyableId({ id }: { id: string }) {
  const { t } = useTranslation();
  const copy = async (e: MouseEvent) => {
    e.stopPropagation();
    try {
      await navigator.clipboard.writeText(id);
      void showToast(t('runner.idCopied', { id }), 'success', 2000);
    } catch {
      void showToast(t('runner.idCopyFailed'), 'warning');
    }
  };
  return (
    <span className="tessera-copyable-id">
      <span className="tessera-copyable-id__text">{id}</span>
      <Button variant="minimal" size="small" icon="duplicate" aria-label={t('runner.copyId', { id })} title={t('runner.copyId', { id })} onClick={(e) => void copy(e)} />
    </span>
  );
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h ? `${h}h ${m}m` : m ? `${m}m ${rest}s` : `${rest}s`;
}
