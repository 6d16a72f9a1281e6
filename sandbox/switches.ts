// The Graph versions the sandbox serves and its switches: changes a test makes to how the platform
// answers, as the platform changes over time — a GraphQL document id retired, a reply that drops a
// field or gives it another type, versions expired. `PUT S/__sandbox/switches` sets them (loopback only
// in demo mode, like reset), `GET` reads them, `POST S/__sandbox/reset` restores the start-up ones.
import { GraphError } from './errors';

/** the Graph versions served, as major numbers: `v16.0`–`v24.0` is { min: 16, max: 24 } */
export interface VersionRange { min: number; max: number }

/** v16.0–v24.0: the platform's official Node SDK targets v24.0; v16 is the oldest Tessera ever named */
export const DEFAULT_VERSIONS: VersionRange = { min: 16, max: 24 };

export type ShapeChange = 'drop' | 'retype';

export interface ReplyShape {
  /** a sandbox object type: `adaccount`, `page`, `pixel`, `business`, `user`, … */
  type: string;
  field: string;
  change: ShapeChange;
}

export interface Switches {
  /** GraphQL operation names whose document id is answered as an unknown doc id */
  retiredDocs: string[];
  /** Graph replies (lists, single reads, batch entries) change this field of this type's objects */
  replyShapes: ReplyShape[];
  /** the versions served, `vA.0-vB.0` */
  versions: string;
}

export type SwitchesPatch = Partial<Omit<Switches, 'versions'>> & { versions?: string };

/** `v16.0-v24.0`, `v16-v24` or one version `v24.0`; throws RangeError for anything else */
export function parseVersions(text: string): VersionRange {
  const m = /^v(\d{1,2})(?:\.0)?(?:-v(\d{1,2})(?:\.0)?)?$/.exec(text.trim());
  if (!m) throw new RangeError(`versions must look like v16.0-v24.0 (got "${text}")`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min < 1 || max < min) throw new RangeError(`versions must go from a lower to a higher version (got "${text}")`);
  return { min, max };
}

export function versionsText(r: VersionRange): string {
  return `v${r.min}.0-v${r.max}.0`;
}

/** the newest version served: what an unversioned path and the #2635 message name */
export function latestVersion(r: VersionRange): string {
  return `v${r.max}.0`;
}

/** a path segment that names a version (`v19.0`), served or not */
export const VERSION_SEGMENT = /^v\d+\.\d+$/;

export function isServed(r: VersionRange, version: string): boolean {
  const m = /^v(\d+)\.0$/.exec(version);
  return !!m && Number(m[1]) >= r.min && Number(m[1]) <= r.max;
}

/** The platform's answer to a version it no longer serves: HTTP 400, code 2635, naming the newest. */
export function deprecatedVersion(r: VersionRange): GraphError {
  return new GraphError(400, 2635, `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${latestVersion(r)}.`);
}

/** The platform's body for #2635 carries message, type, code and fbtrace_id only. */
export function deprecatedVersionBody(r: VersionRange): unknown {
  const { error } = deprecatedVersion(r).body();
  return { error: { message: error.message, type: error.type, code: error.code, fbtrace_id: error.fbtrace_id } };
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const TYPE_NAME = /^[a-z][a-z0-9_]{0,49}$/;
const FIELD = /^[a-z][a-z0-9_]{0,99}$/;
const MAX_ITEMS = 200;

/**
 * The switches after a patch: each key given replaces that switch; keys left out stay. Throws
 * RangeError with a readable message for a bad patch (nothing changes then). `knownTypes` are the
 * sandbox's object types.
 */
export function mergeSwitches(base: Switches, patch: unknown, knownTypes: readonly string[]): Switches {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) throw new RangeError('switches must be a JSON object');
  const p = patch as Record<string, unknown>;
  for (const key of Object.keys(p)) {
    if (key !== 'retiredDocs' && key !== 'replyShapes' && key !== 'versions') throw new RangeError(`unknown switch "${key}" (retiredDocs, replyShapes, versions)`);
  }
  const out: Switches = structuredClone(base);
  if (p.retiredDocs !== undefined) {
    if (!Array.isArray(p.retiredDocs) || p.retiredDocs.length > MAX_ITEMS || !p.retiredDocs.every((n) => typeof n === 'string' && NAME.test(n))) {
      throw new RangeError(`retiredDocs must be a list of at most ${MAX_ITEMS} GraphQL operation names`);
    }
    out.retiredDocs = [...new Set(p.retiredDocs as string[])];
  }
  if (p.replyShapes !== undefined) {
    if (!Array.isArray(p.replyShapes) || p.replyShapes.length > MAX_ITEMS) throw new RangeError(`replyShapes must be a list of at most ${MAX_ITEMS} { type, field, change }`);
    out.replyShapes = p.replyShapes.map((s, i) => {
      const x = (s ?? {}) as Record<string, unknown>;
      if (typeof x.type !== 'string' || !TYPE_NAME.test(x.type) || !knownTypes.includes(x.type)) {
        throw new RangeError(`replyShapes[${i}].type must be one of the sandbox's object types: ${knownTypes.join(', ')}`);
      }
      if (typeof x.field !== 'string' || !FIELD.test(x.field)) throw new RangeError(`replyShapes[${i}].field must be a field name`);
      if (x.change !== 'drop' && x.change !== 'retype') throw new RangeError(`replyShapes[${i}].change must be drop or retype`);
      return { type: x.type, field: x.field, change: x.change };
    });
  }
  if (p.versions !== undefined) {
    if (typeof p.versions !== 'string') throw new RangeError('versions must look like v16.0-v24.0');
    out.versions = versionsText(parseVersions(p.versions));
  }
  return out;
}

/** A field's value in another type: a number or a boolean becomes text, text becomes `{ value }`, anything else text. */
export function retyped(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return { value };
  return JSON.stringify(value);
}

/** Applies the reply-shape switches for objects of `type` to one projected object, in place. */
export function applyReplyShapes(shapes: readonly ReplyShape[], type: string, out: Record<string, unknown>): void {
  for (const s of shapes) {
    if (s.type !== type || !Object.hasOwn(out, s.field)) continue;
    if (s.change === 'drop') delete out[s.field];
    else out[s.field] = retyped(out[s.field]);
  }
}
