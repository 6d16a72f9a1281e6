import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLSelect, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../core/settings';
import type { JsonSchema, PluginAction } from '../plugin/types';
import type { JobItem } from '../jobs/item';
import { compiledSchemas, loadValidators } from './params';
import { fieldMessage } from './field-message';
import { guessMapping, importableFields, lookupsOf, objectFinder, readRows, type ImportMapping, type ImportResult, type LineProblem } from './import-rows';
import { useRecogniser } from './Recognised';
import { readEntry, type PastedLine } from '../platform/pasted';
import type { SheetTable } from './sheet-file';

/** What the import gives the action dialog: the items with their values, and which parameters the file gave. */
export interface ImportedValues {
  items: JobItem[];
  /** The parameters the file gave (each item carries its own). */
  fields: string[];
  /** The file's name ('' for items that came with their values, e.g. a retry). */
  file: string;
  /** The file line of each item. */
  lines: number[];
  /** The column of each parameter the file gave (for the form's "from the file, column B"). */
  columns?: Record<string, number>;
}

interface Props {
  action: PluginAction;
  schema: JsonSchema;
  /** The form's values: an empty cell takes the form's value. */
  form: Record<string, unknown>;
  /** The objects a line may name (the list the action was opened from). */
  pool: readonly JobItem[];
  onUse: (values: ImportedValues) => void;
  onClose: () => void;
}

const NONE = -1;
/** The unusable lines listed (the count says how many more). */
const PROBLEMS_SHOWN = 500;

/**
 * Values per line from a CSV or XLSX file: the operator picks the file, sees the columns it guessed
 * for the object's id and each parameter (and changes them), and sees every line that cannot be used
 * with its line number and why: a line that names no object of the list, repeats an earlier one, or
 * holds a value the action refuses. Only the good lines are used; nothing is sent from here.
 */
export function ImportValues({ action, schema, form, pool, onUse, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { theme } = useSettings();
  const ns = action.pluginId;
  const [file, setFile] = useState<{ name: string; tables: SheetTable[] } | null>(null);
  const [sheet, setSheet] = useState(0);
  const [mapping, setMapping] = useState<ImportMapping>({ id: NONE, params: {} });
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [ready, setReady] = useState(false);
  /** Cells naming an object by a user name or link, as the platform answered: text → id. */
  const [looked, setLooked] = useState<ReadonlyMap<string, string>>(new Map());
  const [looking, setLooking] = useState(0);
  const recogniser = useRecogniser();

  const fields = useMemo(() => importableFields(schema).map((name) => ({
    name,
    label: t(`actions.${action.verb}.fields.${name}`, { ns, defaultValue: String((schema.properties as Record<string, { title?: string }>)[name]?.title ?? name) }),
    also: [String((schema.properties as Record<string, { title?: string }>)[name]?.title ?? '')],
  })), [schema, action.verb, ns, t]);
  const rows = file?.tables[sheet]?.rows ?? [];
  const header = rows[0] ?? [];

  useEffect(() => { loadValidators().then(() => setReady(true), () => setProblem(t('error.loadFailed'))); }, [t]);

  const guess = (table: SheetTable | undefined) => {
    const find = objectFinder(pool);
    setMapping(guessMapping(table?.rows[0] ?? [], fields, [t('import.idHeader')], (cell) => !!find(cell), (table?.rows ?? []).slice(1, 51)));
  };

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    setProblem(null);
    setReading(true);
    try {
      // papaparse and the XLSX reader load with the first file
      const { readSheetFile } = await import('./sheet-file');
      const tables = await readSheetFile(picked);
      setFile({ name: picked.name, tables });
      setSheet(0);
      guess(tables[0]);
    } catch (e) {
      setFile(null);
      const reason = (e as { name?: string; reason?: string }).name === 'SheetFileError' ? (e as { reason: string }).reason : 'unreadable';
      setProblem(t(`import.fileProblem.${reason}`));
    } finally {
      setReading(false);
    }
  };

  // user names and links in the mapped columns are looked up once, as a pasted list's are
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    const asks = [...lookupsOf(rows, mapping, schema)].map(([format, texts]) => [format, [...texts].filter((x) => !looked.has(x))] as const).filter(([, texts]) => texts.length);
    if (!asks.length) return;
    setLooking(asks.reduce((n, [, texts]) => n + texts.length, 0));
    void Promise.all(asks.map(([format, texts]) => recogniser(format, texts.map((text, i) => ({ line: i + 1, text, ...readEntry(format, text) }) as PastedLine), controller.signal)))
      .then((answers) => {
        const found = new Map(looked);
        for (const lines of answers) for (const l of lines) if (l.id) found.set(l.text, l.id);
        // a text that named nothing stays text: the line says the value is not accepted
        for (const [, texts] of asks) for (const x of texts) if (!found.has(x)) found.set(x, x);
        setLooked(found);
      }, () => { /* not answered: those lines say the value is not accepted */ })
      .finally(() => { if (!controller.signal.aborted) setLooking(0); });
    return () => controller.abort();
  }, [file, rows, mapping, schema, looked, recogniser]);

  const result: ImportResult | null = useMemo(() => {
    if (!file || !ready || mapping.id < 0 || looking > 0) return null;
    const given = Object.keys(mapping.params);
    // a parameter the file gives is the file's alone: the form's value fills its empty cells
    const fallback = Object.fromEntries(given.filter((f) => form[f] !== undefined && form[f] !== '').map((f) => [f, form[f]]));
    const read = readRows({
      rows, mapping, schemaKey: action.schema, schema, schemas: compiledSchemas, form, pool, pairParam: action.pairs?.param,
      enumLabel: (field, value) => t(`actions.${action.verb}.enum.${field}.${value}`, { ns, defaultValue: String(value) }), looked,
    });
    return { ...read, items: read.items.map((item) => ({ ...item, params: { ...fallback, ...item.params } })) };
  }, [file, ready, mapping, rows, action, schema, form, pool, ns, t, looked, looking]);

  const fieldLabel = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  const problemText = (p: LineProblem): string => {
    if (p.kind === 'unknown') return t('import.problem.unknown', { id: p.text });
    if (p.kind === 'duplicate') return t('import.problem.duplicate', { first: p.first });
    if (p.kind === 'noId') return t('import.problem.noId');
    return (p.errors ?? []).map((e) => `${e.field ? `${fieldLabel(e.field)}: ` : ''}${fieldMessage(e, t, i18n.language)}`).join(' · ');
  };
  const columnOptions = [{ value: String(NONE), label: t('import.noColumn') }, ...header.map((h, i) => ({ value: String(i), label: `${columnName(i)} · ${String(h ?? '').trim() || t('import.untitled')}` }))];
  const setParam = (field: string, column: number) => setMapping((m) => {
    const params = { ...m.params };
    if (column === NONE) delete params[field];
    else params[field] = column;
    return { ...m, params };
  });
  const use = () => {
    if (!result || !file) return;
    onUse({ items: result.items, fields: Object.keys(mapping.params), file: file.name, lines: result.lines, columns: mapping.params });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('import.title', { what: t(action.titleKey, { ns }) })} icon="import" className={theme === 'dark' ? 'bp6-dark' : undefined} style={{ width: 760 }}>
      <DialogBody>
        <p className="bp6-text-muted">{t('import.intro')}</p>
        <FormGroup label={t('import.file')} labelFor="import-file">
          <FileInput fill text={file?.name ?? t('import.chooseFile')} buttonText={t('import.browse')}
            inputProps={{ id: 'import-file', accept: '.csv,.tsv,.txt,.xlsx', 'data-testid': 'import-file' } as React.InputHTMLAttributes<HTMLInputElement>}
            onInputChange={(e) => void choose((e.currentTarget as HTMLInputElement).files?.[0])} />
        </FormGroup>
        {reading && <p><Spinner size={14} /> {t('import.reading')}</p>}
        {looking > 0 && <p data-testid="import-looking"><Spinner size={14} /> {t('import.looking', { count: looking })}</p>}
        {problem && <Callout intent="danger" data-testid="import-problem">{problem}</Callout>}
        {file && file.tables.length > 1 && (
          <FormGroup label={t('import.sheet')} labelFor="import-sheet">
            <HTMLSelect id="import-sheet" value={String(sheet)} onChange={(e) => { const k = Number(e.currentTarget.value); setSheet(k); guess(file.tables[k]); }}
              options={file.tables.map((s, i) => ({ value: String(i), label: s.name || String(i + 1) }))} />
          </FormGroup>
        )}
        {file && (
          <div className="tessera-import__mapping" data-testid="import-mapping">
            <h5>{t('import.mappingTitle')}</h5>
            <HTMLTable compact>
              <tbody>
                <tr>
                  <td><label htmlFor="import-map-id">{t('import.idColumn')}</label></td>
                  <td><HTMLSelect id="import-map-id" data-testid="import-map-id" value={String(mapping.id)} onChange={(e) => setMapping((m) => ({ ...m, id: Number(e.currentTarget.value) }))} options={columnOptions} /></td>
                </tr>
                {fields.map((f) => (
                  <tr key={f.name}>
                    <td><label htmlFor={`import-map-${f.name}`}>{f.label}</label></td>
                    <td><HTMLSelect id={`import-map-${f.name}`} data-testid={`import-map-${f.name}`} value={String(mapping.params[f.name] ?? NONE)} onChange={(e) => setParam(f.name, Number(e.currentTarget.value))} options={columnOptions} /></td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {mapping.id < 0 && <Callout intent="warning" data-testid="import-no-id">{t('import.chooseId')}</Callout>}
          </div>
        )}
        {result && (
          <div data-testid="import-result" data-ready={result.items.length} data-problems={result.problems.length}>
            <p>{t('import.summary', { ready: result.items.length, problems: result.problems.length })}</p>
            {result.problems.length > 0 && (
              <div style={{ maxHeight: 220, overflowY: 'auto' }}>
                <HTMLTable compact striped data-testid="import-problems">
                  <thead><tr><th>{t('import.line')}</th><th>{t('import.whatIsWrong')}</th></tr></thead>
                  <tbody>
                    {result.problems.slice(0, PROBLEMS_SHOWN).map((p) => <tr key={p.line} data-line={p.line} data-kind={p.kind}><td>{p.line}</td><td>{problemText(p)}</td></tr>)}
                  </tbody>
                </HTMLTable>
                {result.problems.length > PROBLEMS_SHOWN && <p className="bp6-text-muted">{t('import.moreProblems', { count: result.problems.length - PROBLEMS_SHOWN })}</p>}
              </div>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('common.cancel')} onClick={onClose} />
        <Button intent="primary" icon="tick" data-testid="import-use" disabled={!result || result.items.length === 0}
          text={t('import.use', { count: result?.items.length ?? 0 })} onClick={use} />
      </>} />
    </Dialog>
  );
}
ImportValues.displayName = 'ImportValues';

/** A spreadsheet's column letters: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
