import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator panel, built into the package's output (dist/panel) and served by the control plane
 * at `/`. It imports the typed client from its sources, so the panel and aisle/client never differ.
 */
export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      'aisle/client': decodeURIComponent(new URL('../src/client/index.ts', import.meta.url).pathname),
    },
  },
  build: {
    outDir: '../dist/panel',
    emptyOutDir: true,
    // The control plane's Content-Security-Policy allows scripts from the panel's own origin only:
    // nothing may be inlined into index.html.
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    sourcemap: false,
  },
});
