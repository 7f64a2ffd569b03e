import { compileIndex } from '../compile.js';
import type { EngineIndex } from '../engine-index.js';
import { type EngineQuery, type EngineResult, executeSearch } from '../execute.js';
import type { FacetSpec } from '../facets/spec.js';
import { loadIndex } from '../load.js';
import { catalog, JULY, settings } from './fixture.test-support.js';

let shop: Promise<EngineIndex> | undefined;

/** The fixture shop's index, compiled once per test file. */
export function shopIndex(): Promise<EngineIndex> {
  shop ??= compileIndex(catalog, { settings, time: JULY }).then(loadIndex);
  return shop;
}

/** Lists products of the fixture shop (web channel, July, English unless the query says otherwise). */
export function list(
  index: EngineIndex,
  query: Partial<EngineQuery> = {},
): EngineResult & { product: EngineResult['sections'][number] } {
  const result = executeSearch(index, { text: '', page: 1, perPage: 24, time: JULY, ...query });
  const product = result.sections.find((section) => section.type === 'product')!;
  return { ...result, product };
}

/** Entities of the listed products' hits, in order. */
export function ids(result: ReturnType<typeof list>): string[] {
  return result.product.hits.map((hit) => hit.entity.slice('product:'.length));
}

/** One facet of each kind the fixture's fields can take. */
export const facet = (field: string, kind: FacetSpec['kind'], more: Partial<FacetSpec> = {}): FacetSpec => ({
  field,
  kind,
  label: field,
  ...more,
});

/** Values of a facet as value → count. */
export function counts(result: ReturnType<typeof list>, field: string): Record<string, number> {
  const found = result.product.facets?.find((one) => one.field === field);
  return Object.fromEntries((found?.values ?? []).map((value) => [String(value.value), value.count]));
}
