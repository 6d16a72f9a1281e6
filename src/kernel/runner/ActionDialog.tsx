import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { schemas } from '../../generated/validators.js';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { findAction, useRunner } from './RunnerHost';
import { SchemaForm, type ObjectSchema } from './SchemaForm';
import { RunnerRefusal, type DryRunResult, type JobItem } from './types';
import { classifyEntries, splitLines } from './params';

export interface ActionRequest { actionId: string; items: readonly JobItem[] }

/** Parameters of one bulk action over the selected items: validated field by field, with a dry run. */
export function ActionDialog({ request, onClose, onStarted }: { request: ActionRequest | null; onClose: () => void; onStarted?: (jobId: string) => void }) {
  const { t } = useTranslation();
  const { allPlugins } = useKernel();
  const { theme } = useSettings();
  const runner = useRunner();
  const [value, setValue] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<DryRunResult | null>(null);

  const action = request ? findAction(allPlugins, request.actionId) : undefined;
  // An action without parameters (`schema: null`) shows no fields.
  const schema = useMemo<ObjectSchema | undefined>(() => (!action ? undefined : action.schema ? (schemas[action.schema] as ObjectSchema | undefined) : NO_PARAMS), [action]);
  const ns = action?.pluginId ?? '';

  useEffect(() => {
    const defaults: Record<string, unknown> = {};
    for (const [k, p] of Object.entries((schema?.properties ?? {}) as Record<string, { default?: unknown }>)) if (p.default !== undefined) defaults[k] = p.default;
    setValue(defaults);
    setErrors({});
    setRefusal(null);
    setPreview(null);
  }, [request, schema]);

  if (!request || !action || !schema) return null;

  /** Multi-line id lists become arrays by the spec's rule before validation. */
  const params = () => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const prop = schema.properties?.[k] as { 'x-tessera-list'?: string } | undefined;
      out[k] = prop?.['x-tessera-list'] === 'ids' && typeof v === 'string' ? splitLines(v).filter((line) => classifyEntries(line)[0]?.kind !== 'invalid') : v;
      if (out[k] === '' || out[k] === undefined) delete out[k];
    }
    return out;
  };

  const fail = (e: unknown) => {
    if (e instanceof RunnerRefusal) {
      setErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
      setRefusal(e.fieldErrors.length ? t('runner.fixFields') : refusalText(e, t));
    } else setRefusal(String(e));
  };

  const start = (exclude?: readonly string[]) => {
    try {
      const jobId = runner.start(request.actionId, params(), request.items, { exclude });
      onStarted?.(jobId);
      onClose();
    } catch (e) {
      fail(e);
    }
  };
  const dryRun = async () => {
    try {
      setErrors({});
      setRefusal(null);
      setPreview(await runner.dryRun(request.actionId, params(), request.items));
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(action.titleKey, { ns })} icon="play" className={theme === 'dark' ? 'bp6-dark' : undefined} style={{ width: 640 }}>
      <form onSubmit={(e) => { e.preventDefault(); start(); }} noValidate>
        <DialogBody>
          <p>{t('runner.itemsSelected', { count: request.items.length })}</p>
          <SchemaForm schema={schema} ns={ns} actionKey={action.verb} value={value} onChange={setValue} errors={errors} />
          {refusal && <Callout intent="danger" data-testid="action-refusal">{refusal}</Callout>}
          {preview && preview.problems.length > 0 && (
            <Callout intent="warning" className="tessera-preflight" data-testid="preflight">
              <h5>{t('runner.preflightTitle', { count: preview.problems.length, total: preview.total })}</h5>
              <HTMLTable compact striped>
                <thead><tr><th>{t('runner.item')}</th><th>{t('runner.problem')}</th></tr></thead>
                <tbody>
                  {preview.problems.map((p) => (
                    <tr key={p.itemId} data-item-id={p.itemId}><td>{p.itemId}</td><td>{t(p.key, { ns, ...p.values })}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
              {preview.problems.length < preview.total && (
                <Button intent="warning" icon="filter-remove" data-testid="start-without-flagged" text={t('runner.startWithout', { count: preview.problems.length })}
                  onClick={() => start(preview.problems.map((p) => p.itemId))} />
              )}
            </Callout>
          )}
          {preview && (
            <div className="tessera-dry-run" data-testid="dry-run">
              <h5>{t('runner.dryRunTitle', { count: preview.requests.length })}</h5>
              <HTMLTable compact striped>
                <thead><tr><th>{t('runner.item')}</th><th>{t('runner.request')}</th></tr></thead>
                <tbody>
                  {preview.requests.map((r, i) => (
                    <tr key={i}><td>{r.itemId}</td><td className="tessera-pre"><code>{r.batch ? `${r.batch.method} ${r.batch.relative_url}${r.batch.body ? `\n${r.batch.body}` : ''}` : `${r.method} ${r.url}${r.body ? `\n${r.body}` : ''}`}</code></td></tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={onClose} />
          <Button icon="eye-open" text={t('runner.dryRun')} onClick={() => void dryRun()} />
          <Button type="submit" intent="primary" icon="play" text={t('runner.start')} />
        </>} />
      </form>
    </Dialog>
  );
}
ActionDialog.displayName = 'ActionDialog';

const NO_PARAMS: ObjectSchema = { properties: {} };

/** A refusal as the operator reads it. */
export function refusalText(e: RunnerRefusal, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (e.reason === 'operations') return t('runner.operationsMissing', { names: e.names.join(', ') });
  if (e.reason === 'extension') return t('extension.updateNeeded');
  if (e.reason === 'empty') return t('runner.selectFirst');
  return e.message;
}
