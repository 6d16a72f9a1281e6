import { useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Callout, Collapse, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useReturnFocus } from '../core/focus-return';
import { useTranslation } from 'react-i18next';
import { schemas } from '../../generated/schemas.js';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { idsOf, isPastedList, needsLookup, pastedFormatOf, readEntry, readPasted, type PastedFormat, type PastedLine, type Recognised } from '../platform/pasted';
import { RecognisedList, useRecogniser } from './Recognised';
import { findAction, useRunner } from './RunnerHost';
import { SchemaForm, type ObjectSchema } from './SchemaForm';
import { RunnerRefusal, type JobItem } from './types';
import { loadValidators, type FieldError } from './params';
import { fieldMessage } from './field-message';
import { withoutItems, type Draft } from './draft';
import { refusalText } from './refusal-text';
import { teamPolicyDenial } from './policy-denial';
import { API } from '../../../protocol/api';
import { platformUserId } from '../bridge/extension-status';
import { isPreview, type DryRunEffect, type DryRunPreview } from './dry-run';
import { ConfirmJob, isConfirmed, needsConfirmation } from './ConfirmJob';
import { useRunnerSettings } from './runner-settings';
import { durationWords } from './estimate';
import { translateValues } from './translate-values';
import { useUndoable } from './UndoDialog';
import { ImportValues, columnName, type ImportedValues } from './ImportValues';
import { hasOwnParams, ownParams } from '../jobs/item';

export interface ActionRequest {
  actionId: string;
  /** The selected items; an item may carry its own values (`params`, a retry of an imported job's items). */
  items: readonly JobItem[];
  /** Every object of the list the action was opened from: the lines of an imported file are matched among them (default: the selection). */
  pool?: () => readonly JobItem[];
  /** Values the form starts with (over the schema's defaults): e.g. a failed job's parameters, to change before retrying. */
  params?: Record<string, unknown>;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A pasted field as the operator last saw it recognised: the text it was read from, and what it became. */
interface SeenField { text: string; format: PastedFormat; lines: Recognised[] }

/** The text of a pasted field (a list given back as an array, e.g. a failed job's parameters, one per line). */
const pastedText = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('\n') : typeof v === 'string' ? v : '');

/** A pasted field's lines: the multi-line rule for a list, the one trimmed value otherwise. */
function pastedLines(format: PastedFormat, text: string, list: boolean): PastedLine[] {
  if (list) return readPasted(format, text);
  const entry = text.trim();
  return entry ? [{ line: 1, text: entry, ...readEntry(format, entry) } as PastedLine] : [];
}

/**
 * Parameters of one bulk action over the selected items, validated field by field in the operator's
 * language. Ids, links and names pasted into a field that names an object (its schema's `format`,
 * src/kernel/platform/pasted.ts) are read and looked up when the operator leaves the field, and what
 * was recognised is listed under it, with names, before Start: a Start that had to look up links or
 * names first shows them and waits for a second Start, and so does a Start with lines that cannot be
 * used (refused, or naming nothing): they stay listed with the reason, left out, never sent. The dry
 * run shows each item's change and what preflight flags; Start is disabled when it flags every item.
 * A job of more items than the operator's threshold, or of an irreversible action, starts only once
 * its item count is typed (ConfirmJob.tsx).
 */
export function ActionDialog({ request, onClose, onStarted }: { request: ActionRequest | null; onClose: () => void; onStarted?: (jobId: string) => void }) {
  const { t, i18n } = useTranslation();
  const { allPlugins, api } = useKernel();
  const { theme } = useSettings();
  const runner = useRunner();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The team's policy lets this job run once approved: the dialog offers to ask (docs/TEAMS.md, "Approvals"). */
  const [approvable, setApprovable] = useState(false);
  const [preview, setPreview] = useState<DryRunPreview | null>(null);
  const [seen, setSeen] = useState<Record<string, SeenField>>({});
  const [reading, setReading] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showRequests, setShowRequests] = useState(false);
  /** "Start without these N" asked for a confirmation: the count to type, and Start, leave the flagged items out. */
  const [leaveOut, setLeaveOut] = useState(false);
  const recogniser = useRecogniser();
  const { confirmAbove } = useRunnerSettings();
  /** What the operator typed to confirm a big or irreversible job (its item count). */
  const [typed, setTyped] = useState('');
  /** The latest text read per field, so a slow answer for an older text is dropped. */
  const latest = useRef<Record<string, string>>({});
  /** The draft of the last preview or start, and the parameters it was made from. */
  const draft = useRef<{ from: Record<string, unknown>; items: readonly JobItem[]; draft: Draft } | null>(null);
  // Focus goes back to where the dialog was opened from (the list's button, not the palette that closed).
  useReturnFocus(request !== null);
  /** A preview just came: focus moves to its heading, which a screen reader reads out (not to the page). */
  const [focusResults, setFocusResults] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusResults || !preview) return;
    setFocusResults(false);
    resultsHeading.current?.focus();
  }, [focusResults, preview]);
  /** Items with their own values (a file's lines, or a retry of such items): they replace the selection. */
  const [imported, setImported] = useState<ImportedValues | null>(null);
  /** The import dialog is open, with the form's values as the runner takes them. */
  const [importing, setImporting] = useState<Record<string, unknown> | null>(null);

  const action = request ? findAction(allPlugins, request.actionId) : undefined;
  // An action without parameters (`schema: null`) shows no fields.
  const schema = useMemo<ObjectSchema | undefined>(() => (!action ? undefined : action.schema ? (schemas[action.schema] as ObjectSchema | undefined) : NO_PARAMS), [action]);
  const ns = action?.pluginId ?? '';
  /** The action's code declares an inverse: said before Start (undefined while its code loads, and for a read). */
  const undoable = useUndoable(action, value);

  useEffect(() => {
    const defaults: Record<string, unknown> = {};
    for (const [k, p] of Object.entries((schema?.properties ?? {}) as Record<string, { default?: unknown }>)) if (p.default !== undefined) defaults[k] = p.default;
    setValue({ ...defaults, ...(request?.params ?? {}) });
    setErrors({});
    setRefusal(null);
    setPreview(null);
    setSeen({});
    setReading({});
    setNotice(null);
    latest.current = {};
    draft.current = null;
    setShowRequests(false);
    setTyped('');
    setLeaveOut(false);
    setImporting(null);
    // items that carry their own values (a retry of an imported job's items) keep them
    const items = request?.items ?? [];
    setImported(hasOwnParams(items) ? { items: [...items], fields: [...new Set(items.flatMap((i) => Object.keys(ownParams(i) ?? {})))], file: '', lines: [] } : null);
  }, [request, schema]);

  if (!request || !action || !schema) return null;
  /**
   * The team's policy already says no to this action for the user's role (docs/TEAMS.md, "Action policy"):
   * said at the top as the dialog opens, in the words a Start would get, and Start stays off. Read on each
   * render (a policy that arrives while the dialog is open counts from the form's next change; Start checks
   * it again anyway).
   */
  const denial = teamPolicyDenial(runner, request.actionId, action.irreversible === true, request.items.length);
  const denied = denial ? refusalText(denial, t) : null;
  /** The job's items: a file's lines (with their values) in place of the selection, once imported. */
  const items = imported?.items ?? request.items;
  const fromFile = new Set(imported?.fields ?? []);

  /** A value the plugin marks `{ t: key }` is a label in its namespace (a role, a status). */
  const tr: Translate = (key, values) => t(key, { ns, ...translateValues(values, (k) => t(k, { ns })) });
  const showFieldErrors = (list: readonly FieldError[]) => {
    setErrors(Object.fromEntries(list.map((f) => [f.field, fieldMessage(f, t, i18n.language)])));
    setRefusal(t('runner.fixFields'));
  };

  /** Reads one pasted field and shows what it became under it; null for a field that names no object, or an empty one. */
  const recogniseField = async (field: string, text: string): Promise<SeenField | null> => {
    const prop = schema.properties?.[field];
    const format = pastedFormatOf(prop);
    if (!format) return null;
    const lines = pastedLines(format, text, isPastedList(prop));
    if (!lines.length) return null;
    if (seen[field]?.text === text) return seen[field];
    latest.current[field] = text;
    setReading((r) => ({ ...r, [field]: true }));
    try {
      const result: SeenField = { text, format, lines: await recogniser(format, lines) };
      if (latest.current[field] === text) setSeen((s) => ({ ...s, [field]: result }));
      return result;
    } finally {
      if (latest.current[field] === text) setReading((r) => ({ ...r, [field]: false }));
    }
  };
  /** Leaving a pasted field reads it, so what was recognised is on screen before Start. */
  const onFieldBlur = (field: string) => {
    const text = pastedText(value[field]);
    if (!pastedFormatOf(schema.properties?.[field]) || !text.trim()) return;
    recogniseField(field, text).catch((e: unknown) => setRefusal(t('pasted.lookupFailed', { message: (e as Error).message ?? String(e) })));
  };

  /**
   * The parameters as the runner takes them: pasted fields become their ids (looked up), blanks are left
   * out. `unseen` says what the operator has not seen under a field yet: links or names looked up just
   * now ('lookup'), or lines that cannot be used ('unusable').
   */
  const params = async (): Promise<{ values: Record<string, unknown>; unseen: 'lookup' | 'unusable' | null }> => {
    const out: Record<string, unknown> = {};
    let unseen: 'lookup' | 'unusable' | null = null;
    for (const [k, v] of Object.entries(value)) {
      // a value each item carries (from a file) is the item's, not the form's
      if (fromFile.has(k)) continue;
      const prop = schema.properties?.[k];
      const format = pastedFormatOf(prop);
      if (format && (typeof v === 'string' || Array.isArray(v))) {
        const text = pastedText(v);
        const wasSeen = seen[k]?.text === text;
        const field = await recogniseField(k, text);
        if (!field) continue;
        // links or names looked up, or lines that cannot be used: shown under the field before anything starts
        if (!wasSeen && needsLookup(pastedLines(format, text, isPastedList(prop)))) unseen = 'lookup';
        else if (!wasSeen && !unseen && field.lines.some(unusable)) unseen = 'unusable';
        const ids = idsOf(field.lines);
        // a value that names nothing stays as typed, so the schema's own message says what is wrong
        if (isPastedList(prop)) { if (ids.length) out[k] = ids; } else out[k] = ids[0] ?? text.trim();
      } else if (v !== '' && v !== undefined) out[k] = v;
    }
    return { values: out, unseen };
  };

  /** Checks the parameters here first, so every message is the schema's own, in the operator's language. */
  /**
   * The job as it would start, made once by the runner (its parameters checked, its items planned):
   * the preview shows it and Start starts it, unless the form changed in between. A refusal throws
   * (`fail` shows its field messages in the operator's language).
   */
  const drafted = async (purpose: 'start' | 'preview'): Promise<Draft | null> => {
    setErrors({});
    setRefusal(null);
    setNotice(null);
    const { values: p, unseen } = await params();
    try {
      await loadValidators();
    } catch {
      // the checks' code could not be fetched (offline, or a new version replaced the old files)
      setRefusal(t('error.loadFailed'));
      return null;
    }
    const made = draft.current && draft.current.items === items && sameValues(draft.current.from, p) ? draft.current.draft : runner.draft(request.actionId, p, items);
    draft.current = { from: p, items, draft: made };
    // links or names looked up just now: the operator sees what they became before anything starts
    if (purpose === 'start' && unseen) { setNotice(t(unseen === 'lookup' ? 'pasted.checkThenStart' : 'pasted.checkUnusable')); return null; }
    return made;
  };

  const fail = (e: unknown) => {
    setApprovable(e instanceof RunnerRefusal && e.reason === 'approval');
    if (e instanceof RunnerRefusal) {
      if (e.fieldErrors.length) showFieldErrors(e.fieldErrors);
      else setRefusal(refusalText(e, t));
    } else setRefusal(t('runner.preflightFailed', { message: (e as Error).message ?? String(e) }));
  };

  const busyWhile = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  // Neither Start nor Preview is disabled while busy (a disabled button loses focus to the page): a second press waits.
  const start = (exclude?: readonly string[]) => busy ? undefined : busyWhile(async () => {
    // the dry run flags every item: nothing starts (Enter in a field submits the form too)
    if (allFail || denied) return;
    const made = await drafted('start');
    if (!made) return;
    // the count typed is the job's as it will start (without the items left out): lines looked up since may have changed it
    const job = exclude ? withoutItems(made, exclude) : made;
    const count = job.planned.length;
    if (needsConfirmation(count, action, confirmAbove) && !isConfirmed(typed, count)) {
      setTyped('');
      setNotice(t('confirm.retype', { count }));
      if (exclude) setLeaveOut(true);
      return;
    }
    const jobId = runner.start(job);
    onStarted?.(jobId);
    onClose();
  });
  /**
   * Asks the team's owners and admins to approve this job: its dry run goes with the request, and the job
   * is kept waiting for it (the leader tab starts it once approved: src/kernel/runner/approval-wait.ts).
   */
  const askApproval = () => busy ? undefined : busyWhile(async () => {
    const { values: p } = await params();
    await loadValidators();
    const jobId = `job-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
    const made = runner.draft(request.actionId, p, items, { forApproval: true, jobId });
    if (!made.needsApproval) { setApprovable(false); setRefusal(null); return; }
    const result = await runner.dryRun(made, 50);
    const effects = isPreview(result) ? result.effects : [];
    const dryRunRows = effects.map((e) => ({
      // what the preview says of the item, as one line (no field: the approvals screen shows it as it is)
      id: e.sourceId, name: e.label, changes: [{ field: '', from: '', to: e.key ? tr(e.key, e.values) : t(action.titleKey, { ns }) }],
      ...(e.problem ? { skip: tr(e.problem.key, e.problem.values) } : {}),
    }));
    const asked = await api.post<{ id: number }>(API.org.requestApproval.path, {
      job: jobId, action: made.actionId, fbid: platformUserId() ?? '', items: made.planned.map((i) => i.itemId), params: made.params, dryRun: dryRunRows, reason: made.needsApproval,
    }, { org: made.org || null });
    runner.start({ ...made, approvalId: asked.id });
    onStarted?.(jobId);
    onClose();
  });
  const dryRun = () => busy ? undefined : busyWhile(async () => {
    setPreview(null);
    setLeaveOut(false);
    const made = await drafted('preview');
    if (!made) return;
    const result = await runner.dryRun(made);
    setPreview(isPreview(result) ? result : { ...result, effects: [], currencies: [] });
    setFocusResults(true);
  });

  const flagged = preview?.problems ?? [];
  const flaggedIds = [...new Set(flagged.map((p) => p.itemId))];
  const leavingOut = leaveOut && flaggedIds.length > 0;
  /** The job's item count as the form stands: the dry run's (without the flagged items once the operator chose to leave them out), or the selection (× the entries of a pair action's list). */
  const jobCount = preview ? preview.total - (leavingOut ? flaggedIds.length : 0) : imported && action.pairs && fromFile.has(action.pairs.param) ? items.length : expectedCount(action.pairs?.param, schema, value, seen, items.length);
  const confirming = needsConfirmation(jobCount, action, confirmAbove);
  const confirmed = !confirming || isConfirmed(typed, jobCount);
  /** The dry run predicts every item fails: nothing worth starting. */
  const allFail = !!preview && preview.total > 0 && flaggedIds.length >= preview.total;
  // how long it takes now (the lane's pace, the caller's budget): said before Start
  const estimate = runner.estimate(request.actionId, preview?.total ?? jobCount, undefined, undoable);
  /** Opens the import with the form's values as the runner takes them (pasted fields read as ids). */
  const openImport = () => busyWhile(async () => { setImporting((await params()).values); });
  const useImported = (values: ImportedValues) => {
    setImported(values);
    setImporting(null);
    setPreview(null);
    setLeaveOut(false);
    setTyped('');
    setErrors({});
    setRefusal(null);
  };
  const given = imported ? Object.fromEntries(imported.fields.map((f) => [f, imported.columns?.[f] !== undefined
    ? t('import.fromFile', { column: columnName(imported.columns[f]!) }) : t('import.ownValue')])) : undefined;
  const importable = !!action.schema && Object.values(schema.properties ?? {}).some((p) => !(p as { writeOnly?: boolean }).writeOnly);
  return (
    <Dialog isOpen onClose={onClose} title={t(action.titleKey, { ns })} icon="play" className={theme === 'dark' ? 'bp6-dark' : undefined} style={{ width: 720 }}>
      <form onSubmit={(e) => { e.preventDefault(); void start(leavingOut ? flaggedIds : undefined); }} noValidate>
        <DialogBody>
          {denied && <Callout intent="danger" icon="blocked-person" role="alert" data-testid="action-policy-denied">{denied}</Callout>}
          <p>
            {imported
              ? <span data-testid="imported-lines" data-count={items.length}>{imported.file ? t('import.linesFrom', { count: items.length, file: imported.file }) : t('import.ownValues', { count: items.length })}
                  {' '}<Button small minimal icon="undo" text={t('import.backToSelection')} onClick={() => { setImported(null); setPreview(null); }} data-testid="import-clear" /></span>
              : t('runner.itemsSelected', { count: request.items.length })}
            {importable && !imported && <>{' '}<Button small minimal icon="import" text={t('import.open')} onClick={() => void openImport()} data-testid="import-open" /></>}
            {estimate && <span data-testid="job-estimate" data-seconds={Math.round(estimate.seconds)}>{' · '}{t('runner.estimate', { duration: durationWords(estimate.seconds, t) })}</span>}
          </p>
          {undoable === true && <p className="bp6-text-muted" data-testid="undo-offered">{t('undo.offered')}</p>}
          {undoable === false && !action.irreversible && <Callout intent="warning" icon="history" data-testid="no-undo">{t('undo.notOffered', { what: t(action.titleKey, { ns }) })}</Callout>}
          <SchemaForm schema={schema} ns={ns} actionKey={action.verb} value={value} onChange={(v) => { setValue(v); setPreview(null); setNotice(null); setLeaveOut(false); }} errors={errors}
            onFieldBlur={onFieldBlur} below={recognisedBelow(schema, value, seen, reading, t)} given={given} />
          {refusal && refusal !== denied && <Callout intent="danger" role="alert" data-testid="action-refusal">{refusal}
            {approvable && <div style={{ marginTop: 8 }}><Button intent="primary" icon="endorsed" text={t('runner.teamPolicy.ask')} onClick={() => void askApproval()} data-testid="ask-approval" /></div>}
          </Callout>}
          {notice && <Callout intent="primary" icon="eye-open" role="status" data-testid="check-recognised">{notice}</Callout>}
          {preview && preview.currencies.length > 0 && (
            <Callout intent="warning" data-testid="mixed-currencies">
              <h5>{t('runner.mixedCurrencies', { count: preview.currencies.length })}</h5>
              <ul>{preview.currencies.map((c) => <li key={c.currency}>{t('runner.currencyShare', { amount: c.amount, currency: c.currency, count: c.count })}</li>)}</ul>
            </Callout>
          )}
          {flagged.length > 0 && (
            <Callout intent="warning" className="tessera-preflight" data-testid="preflight">
              <h5 id="tessera-preflight-heading">{t('runner.preflightTitle', { count: flagged.length, total: preview!.total })}</h5>
              <div style={{ maxHeight: 200, overflowY: 'auto' }} tabIndex={0} role="region" aria-labelledby="tessera-preflight-heading">
              <HTMLTable compact striped>
                <thead><tr><th>{t('runner.item')}</th><th>{t('runner.problem')}</th></tr></thead>
                <tbody>
                  {flagged.map((p) => (
                    <tr key={p.itemId} data-item-id={p.itemId}><td>{labelOf(preview!.effects, p.itemId) ?? p.itemId}</td><td>{tr(p.key, p.values)}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
              </div>
              {flagged.length < preview!.total && (
                <Button intent="warning" icon="filter-remove" data-testid="start-without-flagged" text={t('runner.startWithout', { count: flagged.length })}
                  disabled={busy} onClick={() => void start(flaggedIds)} />
              )}
            </Callout>
          )}
          {preview && <Effects headingRef={resultsHeading} preview={preview} actionTitle={t(action.titleKey, { ns })} tr={tr} t={t} showRequests={showRequests} onToggle={() => setShowRequests((s) => !s)} />}
          {allFail && <Callout intent="danger" icon="ban-circle" data-testid="all-would-fail">{t('runner.allWouldFail')}</Callout>}
          {confirming && !allFail && <ConfirmJob what={t(action.titleKey, { ns })} count={jobCount} irreversible={action.irreversible === true} typed={typed} onType={(text) => { setTyped(text); setNotice(null); }} />}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={onClose} />
          <Button icon={busy ? <Spinner size={16} /> : 'eye-open'} text={t('runner.previewChanges')} aria-disabled={busy || undefined} aria-busy={busy || undefined}
            onClick={() => void dryRun()} data-testid="preview-changes" />
          <Button type="submit" intent={action.irreversible ? 'danger' : 'primary'} icon="play" text={t('runner.start')} disabled={allFail || !confirmed || !!denied}
            aria-disabled={busy || undefined} data-testid="action-start" />
        </>} />
      </form>
      {importing && <ImportValues action={action} schema={schema as Record<string, unknown>} form={importing} pool={request.pool?.() ?? request.items}
        onClose={() => setImporting(null)} onUse={useImported} />}
    </Dialog>
  );
}
ActionDialog.displayName = 'ActionDialog';

/**
 * Every item's change in the operator's words, every row listed (a name pattern's written names are
 * exactly these); the raw requests stay behind a disclosure, for engineers.
 */
function Effects({ preview, actionTitle, tr, t, showRequests, onToggle, headingRef }: {
  preview: DryRunPreview; actionTitle: string; tr: Translate; t: Translate; showRequests: boolean; onToggle: () => void; headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="tessera-dry-run" data-testid="dry-run">
      <h5 ref={headingRef} tabIndex={-1} id="tessera-dry-run-heading" data-testid="dry-run-heading">{t('runner.effectsTitle', { total: preview.total })}</h5>
      {/* a box that scrolls is a stop of its own, so the keyboard can scroll it */}
      <div className="tessera-dry-run__effects" style={{ maxHeight: 240, overflowY: 'auto' }} tabIndex={0} role="region" aria-labelledby="tessera-dry-run-heading">
      <HTMLTable compact striped data-testid="effects">
        <thead><tr><th>{t('runner.item')}</th><th>{t('runner.effect')}</th></tr></thead>
        <tbody>
          {preview.effects.map((e) => (
            <tr key={e.itemId} data-item-id={e.itemId} data-flagged={e.problem ? 'true' : undefined}>
              <td>{e.label}</td>
              <td>
                {e.key ? tr(e.key, e.values) : actionTitle}
                {e.problem && <> <Tag intent="warning" minimal>{t('runner.flaggedTag')}</Tag></>}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      </div>
      <Button minimal small icon={showRequests ? 'chevron-down' : 'chevron-right'} text={t(showRequests ? 'runner.hideRequests' : 'runner.showRequests')} onClick={onToggle} data-testid="show-requests" />
      <Collapse isOpen={showRequests}>
        <p>{t('runner.dryRunTitle', { count: preview.requests.length })}</p>
        <HTMLTable compact striped>
          <thead><tr><th>{t('runner.item')}</th><th>{t('runner.request')}</th></tr></thead>
          <tbody>
            {preview.requests.map((r, i) => (
              <tr key={i}><td>{labelOf(preview.effects, r.itemId) ?? r.itemId}</td><td className="tessera-pre"><code>{r.batch ? `${r.batch.method} ${r.batch.relative_url}${r.batch.body ? `\n${r.batch.body}` : ''}` : `${r.method} ${r.url}${r.body ? `\n${r.body}` : ''}`}</code></td></tr>
            ))}
          </tbody>
        </HTMLTable>
      </Collapse>
    </div>
  );
}

/** Under each pasted field: what its current text became, or that it is being looked up. */
function recognisedBelow(schema: ObjectSchema, value: Record<string, unknown>, seen: Record<string, SeenField>, reading: Record<string, boolean>, t: Translate): Record<string, ReactNode> {
  const out: Record<string, ReactNode> = {};
  for (const field of Object.keys(schema.properties ?? {})) {
    const s = seen[field];
    if (s && s.text === pastedText(value[field])) out[field] = <RecognisedList lines={s.lines} format={s.format} testId={`recognised-${field}`} />;
    else if (reading[field]) out[field] = <div className="tessera-recognised__reading"><Spinner size={12} /> {t('runner.resolving')}</div>;
  }
  return out;
}

/** A pasted line the job cannot use: refused, or naming nothing the platform knows. */
const unusable = (l: Recognised) => l.state === 'refused' || l.state === 'notFound';

/** A job's item count before its draft: the selection, times the entries of the paired list (as recognised once read). */
function expectedCount(pairParam: string | undefined, schema: ObjectSchema, value: Record<string, unknown>, seen: Record<string, SeenField>, selected: number): number {
  if (!pairParam) return selected;
  const v = value[pairParam];
  const text = pastedText(v);
  const s = seen[pairParam];
  const format = pastedFormatOf(schema.properties?.[pairParam]);
  const entries = s && s.text === text ? idsOf(s.lines).length
    : format ? pastedLines(format, text, true).length
    : Array.isArray(v) ? v.length : text.split(/\r?\n/).filter((l) => l.trim()).length;
  return selected * entries;
}

function labelOf(effects: readonly DryRunEffect[], itemId: string): string | undefined {
  return effects.find((e) => e.itemId === itemId)?.label;
}

const NO_PARAMS: ObjectSchema = { properties: {} };

/** The same parameters (the form's values as the runner takes them: plain JSON). */
function sameValues(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
