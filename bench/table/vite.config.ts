import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** Production build of the table bench page (bench/table.ts builds it into a temp dir). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: { alias: { '@kernel': fileURLToPath(new URL('./kernel-shim.ts', import.meta.url)) } },
  logLevel: 'warn',
  build: { emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000, reportCompressedSize: false },
});
