// Only the manifest's validator: the module of every validator stays out of the first screen.
import { validatePlugin } from '../../generated/boot-validators.js';
import { idKinds } from '../../generated/id-kinds.js';
import type { PluginManifest } from './types';

/** Checks a manifest (plugins/<id>/plugin.json) against schemas/plugin.schema.json; readable problems, empty when valid. */
export function validateManifest(manifest: unknown): string[] {
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

export function isManifestShaped(value: unknown): value is PluginManifest {
  return validateManifest(value).length === 0;
}
