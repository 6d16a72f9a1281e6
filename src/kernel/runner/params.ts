import type { ErrorObject } from 'ajv';
import { loadValidators as loadSchemaValidators, loadedSchemas, loadedValidators } from '../validators';
import type { patternFieldProblems } from '../platform/name-pattern';
import { schemaKeys, secretSkeletons } from '../../generated/schema-index.js';
import type { JsonSchema } from '../plugin/types';
import { hasOwnParams, ownParams, paramsFor, type JobItem } from '../jobs/item';

/**
 * One problem with one parameter. `key` is the locale key the schema names for the field
 * (`x-message`, namespaced `<plugin>:<key>`), `values` ajv's params for it (`limit`…); `message`
 * is ajv's English text, for logs only — the operator always reads the key's text (fieldMessage).
 */
export interface FieldError { field: string; message: string; key?: string; values?: Record<string, unknown>; error?: ErrorObject }

/** Where the runner finds an action's parameter schema and validator (the compiled ones in the app). */
export interface ParamSchemas {
  schema(key: string): JsonSchema | undefined;
  /** Only once `ready()` (when given). */
  validate(key: string, params: unknown): FieldError[];
  /** False while the validators' code is still to load; absent = always ready. */
  ready?(): boolean;
  /** Loads the validators' code (resolves at once when ready). */
  load?(): Promise<void>;
}

let patternChecks: typeof patternFieldProblems | null = null;

/**
 * Loads the validators' code and, with it, the name-pattern checks (src/kernel/platform/name-pattern.ts),
 * neither of which the first screen needs: parameters are checked only once both are here.
 */
export function loadValidators(): Promise<void> {
  if (patternChecks && loadedValidators()) return Promise.resolve();
  return Promise.all([loadSchemaValidators(), import('../platform/name-pattern')]).then(([, patterns]) => { patternChecks = patterns.patternFieldProblems; });
}

export function validatorsReady(): boolean {
  return loadedValidators() !== null && patternChecks !== null;
}

/**
 * The app's schemas and validators. Both load on first need (loadValidators), not with the first screen.
 * Before, a schema is its secret fields alone (src/generated/schema-index.js, `secretSkeletons`): what a
 * draft needs to split the secrets off a job's parameters, which are then checked before the first send.
 */
export const compiledSchemas: ParamSchemas = {
  schema: (key) => {
    const schemas = loadedSchemas();
    if (schemas) return schemas[key] as JsonSchema | undefined;
    return (secretSkeletons[key] ?? (schemaKeys.has(key) ? { type: 'object' } : undefined)) as JsonSchema | undefined;
  },
  validate: (key, params) => validateParams(key, params),
  ready: validatorsReady,
  load: loadValidators,
};

const NO_PARAMS_KEY = 'kernel:runner.noParams';

/**
 * Validates against the action's schema; an action without one (`schema: null`) takes no parameters at all.
 * Name patterns and find and replace (`x-tessera-pattern`, src/kernel/platform/name-pattern.ts) are
 * checked too, on the fields the schema itself accepts, once their code has loaded with the validators'
 * (`loadValidators`; a source that validates without loading, as in a unit test, skips them).
 */
export function validateActionParams(source: ParamSchemas, key: string | null, params: unknown): FieldError[] {
  if (key !== null) {
    const errors = source.validate(key, params);
    const properties = source.schema(key)?.properties as Record<string, unknown> | undefined;
    for (const { field, problem } of patternChecks?.(properties, params) ?? []) {
      if (errors.some((e) => e.field === field)) continue;
      errors.push({ field, message: problem.key, key: problem.key, values: problem.values });
    }
    return errors;
  }
  if (params === undefined || params === null) return [];
  if (typeof params !== 'object' || Array.isArray(params)) return [{ field: '', message: 'this action takes no parameters', key: NO_PARAMS_KEY }];
  return Object.keys(params).map((field) => ({ field, message: 'this action takes no parameters', key: NO_PARAMS_KEY }));
}

/** What is wrong with one item's parameters (its own values over the job's). */
export interface ItemParamsProblem { itemId: string; fields: FieldError[] }

/**
 * Validates a job's parameters as its items run with them: the job's alone when no item carries its
 * own values, otherwise each item's merged values (once per distinct set of own values) and the job's
 * for the items without. Returns the first problem found (`itemId` '' for the job's own), or null.
 */
export function validateJobParams(source: ParamSchemas, key: string | null, params: unknown, items: readonly JobItem[], ignore: readonly string[] = []): ItemParamsProblem | null {
  const keep = (errors: FieldError[]) => errors.filter((e) => !ignore.includes(e.field));
  if (!hasOwnParams(items)) {
    const fields = keep(validateActionParams(source, key, params));
    return fields.length ? { itemId: '', fields } : null;
  }
  const seen = new Set<string>();
  for (const item of items) {
    const own = ownParams(item);
    const sig = own ? JSON.stringify(own) : '';
    if (seen.has(sig)) continue;
    seen.add(sig);
    const fields = keep(validateActionParams(source, key, paramsFor(item, params)));
    if (fields.length) return { itemId: own ? String(item.id) : '', fields };
  }
  return null;
}

/** Parameters never stored with a job: `"writeOnly": true` in the schema (a password, a token). */
export function secretFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, { writeOnly?: unknown }>;
  return Object.entries(props).filter(([, p]) => p && p.writeOnly === true).map(([name]) => name);
}

/**
 * The secret parameters only the action's `prepare` uses (`"x-tessera-secret": "prepare"`): the
 * runner gives them to `prepare` alone, and a tab other than the one running the jobs may keep them
 * and run `prepare` itself (tabs/held-secrets.ts). The other secrets go with every item.
 */
export function prepareOnlySecrets(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, { writeOnly?: unknown; 'x-tessera-secret'?: unknown }>;
  return Object.entries(props).filter(([, p]) => p && p.writeOnly === true && p['x-tessera-secret'] === 'prepare').map(([name]) => name);
}

/**
 * Validates an action's parameters against its compiled schema: one entry per field, carrying the
 * message key the schema gives that field (`x-message` on the property; on the schema itself for a
 * problem of the whole object, e.g. "fill in at least one").
 */
export function validateParams(schemaKey: string, params: unknown): FieldError[] {
  const validators = loadedValidators();
  if (!validators) throw new Error('the parameter validators are not loaded yet: await loadValidators() first');
  const validate = validators[schemaKey];
  if (!validate) return [{ field: '', message: `no schema "${schemaKey}"` }];
  if (validate(params)) return [];
  return fieldErrors(schemaKey, loadedSchemas()?.[schemaKey] as JsonSchema | undefined, validate.errors ?? []);
}

/** ajv's errors as one FieldError per field (the first problem of each), with the schema's message keys. */
export function fieldErrors(schemaKey: string, schema: JsonSchema | undefined, errors: readonly ErrorObject[]): FieldError[] {
  const ns = schemaKey.split('.')[0];
  const props = (schema?.properties ?? {}) as Record<string, { 'x-message'?: unknown }>;
  const byField = new Map<string, FieldError>();
  for (const e of errors) {
    // an `if` only says its `then` (or `else`) failed: that failure is reported itself, with its field
    if (e.keyword === 'if') continue;
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const extra = e.keyword === 'additionalProperties' ? (e.params as { additionalProperty?: string }).additionalProperty : undefined;
    const field = missing ?? extra ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (byField.has(field)) continue;
    const own = field && !extra ? props[field]?.['x-message'] : schema?.['x-message'];
    byField.set(field, {
      field, message: e.message ?? 'is invalid', error: e,
      ...(typeof own === 'string' ? { key: `${ns}:${own}`, values: { ...e.params } } : {}),
    });
  }
  return [...byField.values()];
}

/** A line break as a browser text area normalizes it: CRLF, a lone CR or LF (docs/DECISIONS.md). */
const LINE_BREAK = /\r\n|\r|\n/;

/** The multi-line rule (docs/SPEC.md section 12): split by line, trim, drop blanks, remove duplicates. */
export function splitLines(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(LINE_BREAK)) {
    const clean = line.trim();
    if (clean) seen.add(clean);
  }
  return [...seen];
}
