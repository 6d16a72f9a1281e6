// Only the manifest's validator: the module of every validator stays out of the first screen.
import { validatePlugin } from '../../generated/boot-validators.js';
import type { PluginManifest } from './types';

/** Checks a manifest (plugins/<id>/plugin.json) against schemas/plugin.schema.json; readable problems, empty when valid. */
export function validateManifest(manifest: unknown): string[] {
  const validate = validatePlugin;
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

export function isManifestShaped(value: unknown): value is PluginManifest {
  return validateManifest(value).length === 0;
}
