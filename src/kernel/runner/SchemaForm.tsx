import { FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { classifyEntries } from './params';

interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
  /** A secret (a password, a token): masked here and never stored with the job. */
  writeOnly?: boolean;
  /** A list of ids entered one per line (the spec's multi-line rule). */
  'x-tessera-list'?: 'ids';
  items?: { type?: string };
  /** Locale key (in the plugin's namespace) of what the operator reads when the value is not accepted. */
  'x-message'?: string;
}

export interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

export interface SchemaFormProps {
  schema: ObjectSchema;
  /** Namespace and key prefix of the labels: `<ns>:actions.<action>.fields.<field>`. */
  ns: string;
  actionKey: string;
  /** Where the labels live in `ns` (default `actions.<actionKey>`; a plugin's settings use `settings`). */
  keyPrefix?: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  errors: Record<string, string>;
}

/** The parameter form of an action, generated from its JSON Schema (enums as selects, id lists as multi-line text). */
export function SchemaForm({ schema, ns, actionKey, keyPrefix = `actions.${actionKey}`, value, onChange, errors }: SchemaFormProps) {
  const { t } = useTranslation(ns);
  const set = (field: string, v: unknown) => onChange({ ...value, [field]: v });
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([field, prop]) => {
        const id = `param-${field}`;
        const label = t(`${keyPrefix}.fields.${field}`, { defaultValue: prop.title ?? field });
        const help = t(`${keyPrefix}.help.${field}`, { defaultValue: prop.description ?? '' });
        const error = errors[field];
        const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
        let input: React.ReactNode;
        if (prop.enum) {
          input = (
            <HTMLSelect id={id} value={String(value[field] ?? '')} fill
              onChange={(e) => set(field, type === 'integer' || type === 'number' ? Number(e.currentTarget.value) : e.currentTarget.value)}
              options={[{ value: '', label: '—' }, ...prop.enum.map((v) => ({ value: String(v), label: t(`${keyPrefix}.enum.${field}.${v}`, { defaultValue: String(v) }) }))]} />
          );
        } else if (type === 'boolean') {
          input = <Switch id={id} checked={value[field] === true} onChange={(e) => set(field, e.currentTarget.checked)} />;
        } else if (type === 'integer' || type === 'number') {
          input = <NumericInput id={id} fill value={typeof value[field] === 'number' ? (value[field] as number) : ''} min={prop.minimum} max={prop.maximum}
            onValueChange={(n, text) => set(field, text === '' ? undefined : type === 'integer' ? Math.trunc(n) : n)} />;
        } else if (prop['x-tessera-list'] === 'ids') {
          const text = Array.isArray(value[field]) ? (value[field] as string[]).join('\n') : String(value[field] ?? '');
          input = <IdListInput id={id} text={text} onChange={(v) => set(field, v)} />;
        } else {
          input = <InputGroup id={id} value={String(value[field] ?? '')} maxLength={prop.maxLength} onChange={(e) => set(field, e.currentTarget.value)} intent={error ? 'danger' : 'none'}
            type={prop.writeOnly ? 'password' : 'text'} autoComplete={prop.writeOnly ? 'off' : undefined} />;
        }
        return (
          <FormGroup key={field} label={label} labelFor={id} labelInfo={schema.required?.includes(field) ? '*' : undefined}
            helperText={error ?? (help || undefined)} intent={error ? 'danger' : 'none'}>
            {input}
          </FormGroup>
        );
      })}
    </>
  );
}
SchemaForm.displayName = 'SchemaForm';

/**
 * A list pasted one entry per line (ids, profile or page links, names): the multi-line rule applied
 * as the operator types, with the count, what will be looked up, and each refused line with why.
 */
function IdListInput({ id, text, onChange }: { id: string; text: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const entries = classifyEntries(text);
  const usable = entries.filter((e) => e.kind !== 'invalid');
  const toResolve = usable.filter((e) => e.kind !== 'id').length;
  return (
    <>
      <TextArea id={id} fill rows={5} value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      <div className="tessera-list-count" data-testid="list-count" data-count={usable.length}>
        {t('runner.listCount', { count: usable.length })}
        {toResolve > 0 && ` · ${t('runner.listToResolve', { count: toResolve })}`}
      </div>
      {entries.map((r) => r.kind === 'invalid' && (
        <div key={r.line} className="tessera-error-text" data-testid="line-refused">
          {t('runner.lineRefused', { line: r.line, text: r.text, reason: t(`runner.lineProblem.${r.problem}`) })}
        </div>
      ))}
    </>
  );
}
