// Only the manifest's validator: the module of every validator stays out of the first screen.
import { validatePlugin } from '../../generated/boot-validators.js';

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
  if (validate(manifest)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}
