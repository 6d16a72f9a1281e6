// TEMPORARY (delete once the root config has an `extension` project).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: fileURLToPath(new URL('../..', import.meta.url)), include: ['tests/extension/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } });
