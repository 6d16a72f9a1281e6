import { validators } from '../../generated/validators.js';
import type { PluginManifest } from './types';

/** The serialisable part of a manifest: functions become the string "function" so the schema can require them. */
export function describeManifest(manifest: unknown): unknown {
  if (typeof manifest === 'function') return 'function';
  if (Array.isArray(manifest)) return manifest.map(describeManifest);
  if (manifest && typeof manifest === 'object') {
    return Object.fromEntries(Object.entries(manifest).filter(([, v]) => v !== undefined).map(([k, v]) => [k, describeManifest(v)]));
  }
  return manifest;
}

/** Checks a manifest against schemas/plugin.schema.json; returns readable problems (empty when valid). */
export function validateManifest(manifest: unknown): string[] {
  const validate = validators.plugin;
  if (validate(describeManifest(manifest))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

export function isManifestShaped(value: unknown): value is PluginManifest {
  return validateManifest(value).length === 0;
}
