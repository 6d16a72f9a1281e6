// Only the manifest's validator: the module of every validator stays out of the first screen.
import { validatePlugin } from '../../generated/boot-validators.js';
import { idKinds } from '../../generated/id-kinds.js';
import type { PluginManifest } from './types';

/**
 * True in a production build (vite.config.ts): the build has checked every plugin.json against the
 * manifest's schema and fails on a problem (scripts/compile-schemas.mjs, manifestProblems), and a built
 * page's manifests are those files, so the page leaves out the validator's ≈ 10 kB (docs/DECISIONS.md,
 * "The dashboard loads what it shows"). The dev server and the tests check every manifest here.
 */
declare const __MANIFESTS_CHECKED_AT_BUILD__: boolean;

/** Checks a manifest (plugins/<id>/plugin.json) against schemas/plugin.schema.json; readable problems, empty when valid. */
export function validateManifest(manifest: unknown): string[] {
  if (__MANIFESTS_CHECKED_AT_BUILD__) return [];
  const validate = validatePlugin;
  if (validate(manifest)) return objectKindProblems(manifest as PluginManifest);
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

/**
 * The objects a manifest holds are of a kind some plugin declares how to paste (its `objects[].paste`,
 * compiled from every plugins/<id>/plugin.json into src/generated/id-kinds.js), or that this manifest
 * declares itself: the schema names no kind (docs/PLUGINS.md, "Ids an operator pastes").
 */
function objectKindProblems(m: PluginManifest): string[] {
  return (m.objects ?? []).flatMap((o, i) => (o.paste || Object.hasOwn(idKinds, o.format) ? [] : [`/objects/${i}/format "${o.format}" is no object kind a plugin declares how to paste (objects[].paste)`]));
}
