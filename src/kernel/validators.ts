import type { ValidateFunction } from 'ajv';

let validators: Record<string, ValidateFunction> | null = null;
let schemas: Readonly<Record<string, Record<string, unknown>>> | null = null;
let loading: Promise<void> | null = null;

/**
 * The compiled ajv validators of every schema (≈ 25 kB gzipped: action parameters, plugin settings)
 * load on first need — an action's dialog, a dry run, the first job, a settings change — not with the
 * first screen (docs/DECISIONS.md, "First-screen bundle"). The schemas themselves
 * (src/generated/schemas.js) come with them for the runner (loadedSchemas); the screens that show a
 * form import them where they need them (docs/DECISIONS.md, "The dashboard loads what it shows").
 */
export function loadValidators(): Promise<void> {
  if (validators) return Promise.resolve();
  loading ??= import('../generated/validators.js').then((m) => { schemas = m.schemas; validators = m.validators; });
  loading.catch(() => { loading = null; });
  return loading;
}

/** The loaded validators by schema key, or null before `loadValidators` has resolved. */
export function loadedValidators(): Readonly<Record<string, ValidateFunction>> | null {
  return validators;
}

/** Every schema by key (action parameters, plugin settings), or null before `loadValidators` has resolved. */
export function loadedSchemas(): Readonly<Record<string, Record<string, unknown>>> | null {
  return schemas;
}
