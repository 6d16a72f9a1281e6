/**
 * The extension's two ids, fixed by the public keys in extension/keys.json (the manifest's `key`):
 * the production build and the development (sandbox) build. The page probes them
 * (src/kernel/bridge/probe.ts); the extension's build checks the key it puts in the manifest against
 * them (extension/build.ts). Recomputed from keys.json by `npx tsx extension/scripts/make-keys.ts --ids`.
 */
export const EXTENSION_IDS = {
  production: 'mghhejfekgikegkbkengakmglpbkfdac',
  development: 'pmoeojjjjgbaoniekdglelebilmkfghk',
} as const satisfies Record<'production' | 'development', string>;

/**
 * The deadlines the page and the extension agree on (docs/DECISIONS.md, "Writes that may have landed"):
 * - the extension's executor gives up on a platform request after EXECUTOR_DEADLINE_MS and journals
 *   it `failed` with status 0;
 * - the page waits PAGE_DEADLINE_MS for the reply, longer, so while the extension lives the page
 *   always hears its answer (status 0 included) rather than giving up first.
 */
export const EXECUTOR_DEADLINE_MS = 60_000;
export const PAGE_DEADLINE_MS = 75_000;
