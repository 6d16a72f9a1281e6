import type { VarKind, VarShape } from './types';

const ID = /^\d{1,30}$/;
const NODE = /^(?:act_)?\d{1,30}$/;
const TEXT_MAX = 10_000;
const LIST_MAX = 5_000;
const DEPTH_MAX = 6;

const isId = (v: unknown, pattern: RegExp) => (typeof v === 'string' && pattern.test(v)) || (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkList(value: unknown, where: string, each: (v: unknown, w: string) => string | null): string | null {
  if (!Array.isArray(value) || value.length > LIST_MAX) return `${where} must be a list of at most ${LIST_MAX}`;
  for (const [i, v] of value.entries()) {
    const problem = each(v, `${where}[${i}]`);
    if (problem) return problem;
  }
  return null;
}

function checkKind(kind: VarKind, value: unknown, where: string, depth: number): string | null {
  if (depth > DEPTH_MAX) return `${where} is nested too deeply`;
  if (Array.isArray(kind)) return typeof value === 'string' && kind.includes(value) ? null : `${where} must be one of ${kind.join(', ')}`;
  switch (kind) {
    case 'id': return isId(value, ID) ? null : `${where} must be an id`;
    case 'node': return isId(value, NODE) ? null : `${where} must be an id`;
    case 'ids': return checkList(value, where, (v, w) => (isId(v, ID) ? null : `${w} must be an id`));
    case 'text': return typeof value === 'string' && value.length <= TEXT_MAX ? null : `${where} must be a text`;
    case 'texts': return checkList(value, where, (v, w) => (typeof v === 'string' && v.length <= TEXT_MAX ? null : `${w} must be a text`));
    case 'int': return (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) ? null : `${where} must be a whole number`;
    case 'bool': return typeof value === 'boolean' ? null : `${where} must be true or false`;
  }
  // An object with the one key `list` is a list kind (types.ts); any other object is a nested shape.
  const keys = Object.keys(kind);
  if (keys.length === 1 && keys[0] === 'list') return checkList(value, where, (v, w) => checkKind((kind as { list: VarKind }).list, v, w, depth + 1));
  return checkShape(kind as VarShape, value, where, depth + 1);
}

/**
 * Does `value` have exactly this shape? Every required key present, every key declared, each value
 * of its kind. Returns the first problem, in words, or null.
 */
export function checkShape(shape: VarShape, value: unknown, where = 'variables', depth = 0): string | null {
  if (!isObject(value)) return `${where} must be an object`;
  const declared = new Map<string, { kind: VarKind; optional: boolean }>();
  for (const [key, kind] of Object.entries(shape)) {
    const optional = key.endsWith('?');
    declared.set(optional ? key.slice(0, -1) : key, { kind, optional });
  }
  for (const key of Object.keys(value)) {
    if (!declared.has(key)) return `${where} has an unexpected key ${JSON.stringify(key.slice(0, 60))}`;
  }
  for (const [key, { kind, optional }] of declared) {
    const v = value[key];
    if (v === undefined || v === null) {
      if (optional) continue;
      return `${where}.${key} is missing`;
    }
    const problem = checkKind(kind, v, `${where}.${key}`, depth);
    if (problem) return problem;
  }
  return null;
}
