import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };
// @ts-expect-error -- plain ESM build script without type declarations
import { compileSchemas } from './scripts/compile-schemas.mjs';

/** Recompiles the standalone ajv validators whenever a schema changes (the page may not eval). */
function schemaValidators(): Plugin {
  return {
    name: 'tessera-schema-validators',
    async buildStart() { await compileSchemas(); },
    configureServer(server) {
      server.watcher.add(fileURLToPath(new URL('./schemas', import.meta.url)));
      server.watcher.on('change', (file) => { if (file.includes('/schemas/') || file.endsWith('/plugin.json')) void compileSchemas(); });
    },
  };
}

/** dist/version.json tells the server which web version it serves (the 5-minute check compares it). */
function webVersionFile(): Plugin {
  return {
    name: 'tessera-web-version',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ webVersion: pkg.version }) });
    },
  };
}

export default defineConfig({
  plugins: [schemaValidators(), react(), webVersionFile()],
  resolve: { alias: { '@kernel': fileURLToPath(new URL('./src/kernel/index.ts', import.meta.url)) } },
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/__graph': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
