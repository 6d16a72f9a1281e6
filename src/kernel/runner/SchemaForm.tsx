import type { ReactNode } from 'react';
import { Checkbox, FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isPastedList, pastedFormatOf, pastedWordKeys, readPasted, type PastedFormat } from '../platform/pasted';
import { pastedProblemText } from './Recognised';
import { ObjectPicker } from './ObjectPicker';

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
  /** What the value names (src/kernel/platform/pasted.ts): an id format the kernel reads pasted links and names for. */
  format?: string;
  items?: { type?: string; format?: string; enum?: (string | number)[] };
  anyOf?: { type?: string; format?: string; items?: { format?: string } }[];
  /** Locale key (in the plugin's namespace) of what the operator reads when the value is not accepted. */
  'x-message'?: string;
  /** Shown only while each named field has the value given (`{ "role": "custom" }`; a list: any of them). */
  'x-tessera-when'?: Record<string, unknown>;
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
  /** Called when the operator leaves a field (the dialog reads pasted ids then). */
  onFieldBlur?: (field: string) => void;
  /** Shown under a field: what its pasted ids became. */
  below?: Record<string, ReactNode>;
  /** Fields whose values come from elsewhere (a file, per item): this is shown in place of the input. */
  given?: Record<string, ReactNode>;
}

/** The parameter form of an action, generated from its JSON Schema (enums as selects, id lists as multi-line text). */
export function SchemaForm({ schema, ns, actionKey, keyPrefix = `actions.${actionKey}`, value, onChange, errors, onFieldBlur, below, given }: SchemaFormProps) {
  const { t } = useTranslation(ns);
  const set = (field: string, v: unknown) => onChange(withoutHidden(schema, { ...value, [field]: v }));
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([field, prop]) => {
        if (!isShown(prop, value)) return null;
        const id = `param-${field}`;
        const label = t(`${keyPrefix}.fields.${field}`, { defaultValue: prop.title ?? field });
        const format = pastedFormatOf(prop);
        // a field that names an object says what it takes, in the kernel's words, unless the plugin says more
        const accepts = format ? (isPastedList(prop) ? t('kernel:pasted.onePerLine', { accepts: t(pastedWordKeys(format, 'accepts')) }) : t(pastedWordKeys(format, 'accepts'))) : '';
        const help = t(`${keyPrefix}.help.${field}`, { defaultValue: accepts || prop.description || '' });
        const error = errors[field];
        const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
        let input: React.ReactNode;
        if (given?.[field] !== undefined) {
          input = <div className="tessera-given" data-testid={`given-${field}`}>{given[field]}</div>;
        } else if (prop.enum) {
          input = (
            <HTMLSelect id={id} value={String(value[field] ?? '')} fill
              onChange={(e) => set(field, type === 'integer' || type === 'number' ? Number(e.currentTarget.value) : e.currentTarget.value)}
              options={[{ value: '', label: '—' }, ...prop.enum.map((v) => ({ value: String(v), label: t(`${keyPrefix}.enum.${field}.${v}`, { defaultValue: String(v) }) }))]} />
          );
        } else if (type === 'array' && prop.items?.enum) {
          input = <EnumCheckboxes id={id} options={prop.items.enum} value={Array.isArray(value[field]) ? (value[field] as unknown[]) : Array.isArray(prop.default) ? prop.default : []}
            label={(v) => t(`${keyPrefix}.enum.${field}.${v}`, { defaultValue: String(v) })} onChange={(v) => set(field, v)} />;
        } else if (type === 'boolean') {
          input = <Switch id={id} checked={value[field] === true} onChange={(e) => set(field, e.currentTarget.checked)} />;
        } else if (type === 'integer' || type === 'number') {
          input = <NumericInput id={id} fill value={typeof value[field] === 'number' ? (value[field] as number) : ''} min={prop.minimum} max={prop.maximum}
            onValueChange={(n, text) => set(field, text === '' ? undefined : type === 'integer' ? Math.trunc(n) : n)} />;
        } else if (isPastedList(prop)) {
          const text = Array.isArray(value[field]) ? (value[field] as string[]).join('\n') : String(value[field] ?? '');
          input = <IdListInput id={id} text={text} format={format ?? 'id'} onChange={(v) => set(field, v)} onBlur={() => onFieldBlur?.(field)} hideRefused={!!below?.[field]} />;
          // a field that names objects: pick them from what the product has loaded, or from a tile's selection (ObjectPicker.tsx)
          if (format && format !== 'id') input = <><ObjectPicker format={format} text={text} onChange={(v) => set(field, v)} onBlur={() => onFieldBlur?.(field)} testId={`picker-${field}`} />{input}</>;
        } else {
          input = <InputGroup id={id} value={String(value[field] ?? '')} maxLength={prop.maxLength} onChange={(e) => set(field, e.currentTarget.value)} intent={error ? 'danger' : 'none'}
            type={prop.writeOnly ? 'password' : 'text'} autoComplete={prop.writeOnly ? 'off' : undefined} onBlur={() => onFieldBlur?.(field)} />;
          if (format && format !== 'id') input = <><ObjectPicker single format={format} text={String(value[field] ?? '')} onChange={(v) => set(field, v)} onBlur={() => onFieldBlur?.(field)} testId={`picker-${field}`} />{input}</>;
        }
        return (
          <FormGroup key={field} label={label} labelFor={id} labelInfo={schema.required?.includes(field) ? '*' : undefined}
            helperText={error ?? (given?.[field] !== undefined ? undefined : help || undefined)} intent={error ? 'danger' : 'none'}>
            {input}
            {below?.[field]}
          </FormGroup>
        );
      })}
    </>
  );
}
SchemaForm.displayName = 'SchemaForm';

/**
 * A list pasted one entry per line (ids, links, names, addresses): the multi-line rule applied as the
 * operator types, read for the field's format, with the count, how many links or names the platform
 * is asked about, and each refused line with why (until the recognised list below says it all).
 */
function IdListInput({ id, text, format, onChange, onBlur, hideRefused }: { id: string; text: string; format: PastedFormat; onChange: (text: string) => void; onBlur: () => void; hideRefused: boolean }) {
  const { t } = useTranslation();
  const lines = readPasted(format, text);
  const usable = lines.filter((l) => l.kind !== 'refused');
  const toResolve = usable.filter((l) => l.kind === 'lookup').length;
  return (
    <>
      <TextArea id={id} fill rows={5} value={text} onChange={(e) => onChange(e.currentTarget.value)} onBlur={onBlur} />
      <div className="tessera-list-count" data-testid="list-count" data-count={usable.length}>
        {t('runner.listCount', { count: usable.length })}
        {toResolve > 0 && ` · ${t('runner.listToResolve', { count: toResolve })}`}
      </div>
      {!hideRefused && lines.map((l) => l.kind === 'refused' && (
        <div key={l.line} className="tessera-error-text" data-testid="line-refused">
          {t('runner.lineRefused', { line: l.line, text: l.text, reason: pastedProblemText(t, format, l.problem) })}
        </div>
      ))}
    </>
  );
}

/** A property marked `x-tessera-when` is shown only while the fields it names have its values. */
function isShown(prop: PropertySchema, value: Record<string, unknown>): boolean {
  return Object.entries(prop['x-tessera-when'] ?? {}).every(([field, want]) => (Array.isArray(want) ? want.includes(value[field]) : value[field] === want));
}

/** The values without those of hidden fields: what the form does not show is not sent. */
function withoutHidden(schema: ObjectSchema, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const [field, prop] of Object.entries(schema.properties ?? {})) if (!isShown(prop, value)) delete out[field];
  return out;
}

/** A list of choices (`type: array` with `items.enum`) as one checkbox each; the value keeps the schema's order. */
function EnumCheckboxes({ id, options, value, label, onChange }: { id: string; options: (string | number)[]; value: readonly unknown[]; label: (v: string | number) => string; onChange: (v: (string | number)[]) => void }) {
  const toggle = (option: string | number, on: boolean) => onChange(options.filter((o) => (o === option ? on : value.includes(o))));
  return (
    <div id={id} role="group" className="tessera-enum-checkboxes" data-testid={id}>
      {options.map((o) => (
        <Checkbox key={String(o)} inline label={label(o)} value={String(o)} checked={value.includes(o)} onChange={(e) => toggle(o, e.currentTarget.checked)} />
      ))}
    </div>
  );
}
