import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout, Collapse, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { schemas } from '../../generated/schemas.js';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { resolveIds } from '../graph/resolve-ids';
import { findAction, useRunner } from './RunnerHost';
import { SchemaForm, type ObjectSchema } from './SchemaForm';
import { RunnerRefusal, type JobItem } from './types';
import { classifyEntries, compiledSchemas, fieldMessage, loadValidators, resolveEntries, validateActionParams, type FieldError } from './params';
import { isPreview, type DryRunEffect, type DryRunPreview } from './dry-run';

export interface ActionRequest {
  actionId: string;
  items: readonly JobItem[];
  /** Values the form starts with (over the schema's defaults): e.g. a failed job's parameters, to change before retrying. */
  params?: Record<string, unknown>;
}

/** Effects listed in the dialog; the flagged ones are all listed in the preflight callout anyway. */
const EFFECTS_SHOWN = 100;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Parameters of one bulk action over the selected items, validated field by field in the operator's
 * language; pasted lists of ids and links are looked up before anything is sent (unresolved entries
 * are listed, never sent); the dry run shows each item's change and what preflight flags.
 */
export function ActionDialog({ request, onClose, onStarted }: { request: ActionRequest | null; onClose: () => void; onStarted?: (jobId: string) => void }) {
  const { t, i18n } = useTranslation();
  const { allPlugins, bridge } = useKernel();
  const { theme } = useSettings();
  const runner = useRunner();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<DryRunPreview | null>(null);
  const [unresolved, setUnresolved] = useState<{ line: number; text: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [showRequests, setShowRequests] = useState(false);
  /** Links and names already looked up (a preview then a start asks once). */
  const lookedUp = useRef(new Map<string, string | undefined>());

  const action = request ? findAction(allPlugins, request.actionId) : undefined;
  // An action without parameters (`schema: null`) shows no fields.
  const schema = useMemo<ObjectSchema | undefined>(() => (!action ? undefined : action.schema ? (schemas[action.schema] as ObjectSchema | undefined) : NO_PARAMS), [action]);
  const ns = action?.pluginId ?? '';

  useEffect(() => {
    const defaults: Record<string, unknown> = {};
    for (const [k, p] of Object.entries((schema?.properties ?? {}) as Record<string, { default?: unknown }>)) if (p.default !== undefined) defaults[k] = p.default;
    setValue({ ...defaults, ...(request?.params ?? {}) });
    setErrors({});
    setRefusal(null);
    setPreview(null);
    setUnresolved([]);
    setShowRequests(false);
  }, [request, schema]);

  if (!request || !action || !schema) return null;

  /** A value the plugin marks `{ t: key }` is a label in its namespace (a role, a status). */
  const tr: Translate = (key, values) => t(key, { ns, ...translateValues(values, (k) => t(k, { ns })) });
  const showFieldErrors = (list: readonly FieldError[]) => {
    setErrors(Object.fromEntries(list.map((f) => [f.field, fieldMessage(f, t, i18n.language)])));
    setRefusal(t('runner.fixFields'));
  };

  /** The parameters as the runner takes them: pasted lists become ids (looked up), blanks are left out. */
  const params = async (): Promise<Record<string, unknown>> => {
    const out: Record<string, unknown> = {};
    const missing: { line: number; text: string }[] = [];
    for (const [k, v] of Object.entries(value)) {
      const prop = schema.properties?.[k];
      if (prop?.['x-tessera-list'] === 'ids' && typeof v === 'string') {
        const entries = classifyEntries(v);
        const resolved = await resolveEntries(async (texts) => {
          const ask = texts.filter((x) => !lookedUp.current.has(x));
          if (ask.length) for (const [x, id] of await resolveIds(bridge, ask)) lookedUp.current.set(x, id);
          return new Map(texts.map((x) => [x, lookedUp.current.get(x)]));
        }, entries);
        missing.push(...resolved.filter((r) => r.id === undefined).map(({ line, text }) => ({ line, text })));
        const ids = [...new Set(resolved.flatMap((r) => (r.id ? [r.id] : [])))];
        if (ids.length) out[k] = ids;
      } else if (v !== '' && v !== undefined) out[k] = v;
    }
    setUnresolved(missing);
    return out;
  };

  /** Checks the parameters here first, so every message is the schema's own, in the operator's language. */
  const checked = async (): Promise<Record<string, unknown> | null> => {
    setErrors({});
    setRefusal(null);
    const p = await params();
    try {
      await loadValidators();
    } catch {
      // the checks' code could not be fetched (offline, or a new version replaced the old files)
      setRefusal(t('error.loadFailed'));
      return null;
    }
    const problems = validateActionParams(compiledSchemas, action.schema, p);
    if (problems.length) { showFieldErrors(problems); return null; }
    return p;
  };

  const fail = (e: unknown) => {
    if (e instanceof RunnerRefusal) {
      if (e.fieldErrors.length) showFieldErrors(e.fieldErrors);
      else setRefusal(refusalText(e, t));
    } else setRefusal(t('runner.preflightFailed', { message: (e as Error).message ?? String(e) }));
  };

  const busyWhile = async (work: () => Promise<void>) => {
    setBusy(true);
    try { await work(); } catch (e) { fail(e); } finally { setBusy(false); }
  };
  const start = (exclude?: readonly string[]) => busyWhile(async () => {
    const p = await checked();
    if (!p) return;
    const jobId = runner.start(request.actionId, p, request.items, { exclude });
    onStarted?.(jobId);
    onClose();
  });
  const dryRun = () => busyWhile(async () => {
    setPreview(null);
    const p = await checked();
    if (!p) return;
    const result = await runner.dryRun(request.actionId, p, request.items);
    setPreview(isPreview(result) ? result : { ...result, effects: [], currencies: [] });
  });

  const flagged = preview?.problems ?? [];
  return (
    <Dialog isOpen onClose={onClose} title={t(action.titleKey, { ns })} icon="play" className={theme === 'dark' ? 'bp6-dark' : undefined} style={{ width: 720 }}>
      <form onSubmit={(e) => { e.preventDefault(); void start(); }} noValidate>
        <DialogBody>
          <p>{t('runner.itemsSelected', { count: request.items.length })}</p>
          <SchemaForm schema={schema} ns={ns} actionKey={action.verb} value={value} onChange={(v) => { setValue(v); setPreview(null); }} errors={errors} />
          {refusal && <Callout intent="danger" data-testid="action-refusal">{refusal}</Callout>}
          {unresolved.length > 0 && (
            <Callout intent="warning" data-testid="unresolved" className="tessera-preflight">
              <h5>{t('runner.unresolvedTitle', { count: unresolved.length })}</h5>
              <ul>{unresolved.map((u) => <li key={u.line} data-line={u.line}>{t('runner.lineUnresolved', { line: u.line, text: u.text })}</li>)}</ul>
            </Callout>
          )}
          {preview && preview.currencies.length > 0 && (
            <Callout intent="warning" data-testid="mixed-currencies">
              <h5>{t('runner.mixedCurrencies', { count: preview.currencies.length })}</h5>
              <ul>{preview.currencies.map((c) => <li key={c.currency}>{t('runner.currencyShare', { amount: c.amount, currency: c.currency, count: c.count })}</li>)}</ul>
            </Callout>
          )}
          {flagged.length > 0 && (
            <Callout intent="warning" className="tessera-preflight" data-testid="preflight">
              <h5>{t('runner.preflightTitle', { count: flagged.length, total: preview!.total })}</h5>
              <div style={{ maxHeight: 200, overflowY: 'auto' }}>
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
                  onClick={() => void start(flagged.map((p) => p.itemId))} />
              )}
            </Callout>
          )}
          {preview && <Effects preview={preview} actionTitle={t(action.titleKey, { ns })} tr={tr} t={t} showRequests={showRequests} onToggle={() => setShowRequests((s) => !s)} />}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={onClose} />
          <Button icon="eye-open" text={t('runner.previewChanges')} loading={busy} onClick={() => void dryRun()} data-testid="preview-changes" />
          <Button type="submit" intent="primary" icon="play" text={t('runner.start')} disabled={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
ActionDialog.displayName = 'ActionDialog';

/** Every item's change in the operator's words; the raw requests stay behind a disclosure, for engineers. */
function Effects({ preview, actionTitle, tr, t, showRequests, onToggle }: {
  preview: DryRunPreview; actionTitle: string; tr: Translate; t: Translate; showRequests: boolean; onToggle: () => void;
}) {
  const shown = preview.effects.slice(0, EFFECTS_SHOWN);
  return (
    <div className="tessera-dry-run" data-testid="dry-run">
      <h5>{t('runner.effectsTitle', { total: preview.total })}</h5>
      <div className="tessera-dry-run__effects" style={{ maxHeight: 240, overflowY: 'auto' }}>
      <HTMLTable compact striped data-testid="effects">
        <thead><tr><th>{t('runner.item')}</th><th>{t('runner.effect')}</th></tr></thead>
        <tbody>
          {shown.map((e) => (
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
      {preview.effects.length > shown.length && <p>{t('runner.moreEffects', { count: preview.effects.length - shown.length })}</p>}
      <Button minimal small icon={showRequests ? 'chevron-down' : 'chevron-right'} text={t(showRequests ? 'runner.hideRequests' : 'runner.showRequests')} onClick={onToggle} data-testid="show-requests" />
      <Collapse isOpen={showRequests}>
        <p>{t('runner.dryRunTitle', { count: preview.requests.length })}</p>
        <HTMLTable compact striped>
          <thead><tr><th>{t('runner.item')}</th><th>{t('runner.request')}</th></tr></thead>
          <tbody>
            {preview.requests.map((r, i) => (
              <tr key={i}><td>{r.itemId}</td><td className="tessera-pre"><code>{r.batch ? `${r.batch.method} ${r.batch.relative_url}${r.batch.body ? `\n${r.batch.body}` : ''}` : `${r.method} ${r.url}${r.body ? `\n${r.body}` : ''}`}</code></td></tr>
            ))}
          </tbody>
        </HTMLTable>
      </Collapse>
    </div>
  );
}

function labelOf(effects: readonly DryRunEffect[], itemId: string): string | undefined {
  return effects.find((e) => e.itemId === itemId)?.label;
}

/** Values the plugin gives as `{ t: key }` become their label; everything else is kept (rendered as text by React). */
function translateValues(values: Record<string, unknown> | undefined, t: (key: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    out[k] = v && typeof v === 'object' && typeof (v as { t?: unknown }).t === 'string' ? t((v as { t: string }).t) : v;
  }
  return out;
}

const NO_PARAMS: ObjectSchema = { properties: {} };

/** A refusal as the operator reads it. */
export function refusalText(e: RunnerRefusal, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (e.reason === 'operations') return t('runner.operationsMissing', { names: e.names.join(', ') });
  if (e.reason === 'extension') return t('extension.updateNeeded');
  if (e.reason === 'empty') return t('runner.selectFirst');
  if (e.reason === 'secret-tab') return t('runner.secretOtherTab');
  return e.message;
}
