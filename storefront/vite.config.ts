import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The example storefront, bundled into dist/storefront, which `aisle start --demo` serves at /demo.
 * It imports `aisle/client` and `aisle/instantsearch` as a shop would; here they are the sources.
 */
export default defineConfig({
  root: at('.'),
  base: '/demo/',
  resolve: {
    alias: {
      'aisle/client': at('../src/client/index.ts'),
      'aisle/instantsearch': at('../src/instantsearch/index.ts'),
    },
  },
  build: { outDir: at('../dist/storefront'), emptyOutDir: true },
});
