import type { PluginManifest } from './types';

/** Declares a plugin. Identity at run time; it exists so manifests are type-checked where they are written. */
export function definePlugin<const M extends PluginManifest>(manifest: M): M {
  return manifest;
}
