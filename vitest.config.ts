import os from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(viteConfig, defineConfig({
  test: {
    // Vitest's default is one worker less than the CPUs: a single worker on a 2-core machine. Most of
    // these tests wait on HTTP, a sandbox or timers, so two workers take the unit run from ≈ 450 s to
    // ≈ 320 s there (the slowest test with the default timeout stays near 5 s of its 15 s).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // an area's own tests live in its folder (plugins/<id>/tests/); those that run its actions
          // against the sandbox over HTTP are named *.sandbox.test.ts and belong to the sandbox project
          include: ['tests/unit/**/*.test.{ts,tsx}', 'plugins/*/tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'plugins/*/tests/**/*.sandbox.test.ts'],
          setupFiles: ['tests/unit/setup.ts'],
          // rendering the whole kernel in jsdom takes a few seconds on a busy 2-core machine
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          environment: 'node',
          // starting a sandbox and importing an area's modules can take a while on a busy 2-core machine
          hookTimeout: 60_000,
          include: ['tests/sandbox/**/*.test.ts', 'plugins/*/tests/**/*.sandbox.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'extension',
          environment: 'node',
          include: ['tests/extension/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The runner against the sandbox under faults (tests/chaos/runner-chaos.test.ts): real time, real HTTP.
          name: 'chaos',
          environment: 'node',
          include: ['tests/chaos/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'tools',
          environment: 'node',
          include: ['tests/tools/**/*.test.ts'],
          testTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts', 'plugins/*/tests/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
}));
