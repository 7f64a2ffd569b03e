/** A generated demo catalog: the demo shop and the engine benchmarks use it. */
export { BRANDS } from './brands.js';
export { CATEGORIES } from './categories.js';
export { type GenerateOptions, generateCatalog } from './generate.js';
export { catalogJsonLines, writeCatalogJsonl } from './jsonl.js';
export { Random } from './random.js';

/** The demo shop's catalog. */
export const DEMO_SHOP = { products: 3000, seed: 1, shop: true } as const;
