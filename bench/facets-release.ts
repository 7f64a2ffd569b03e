/**
 * The release of the benchmark shop (the demo catalog with `variants: true`): the demo shop's
 * files, with color a variant-level attribute, ranking signals with weights, and every page
 * showing the same ten facets: a hierarchical category, brand, a price histogram, on sale,
 * availability, delivery buckets, color swatches, material, size (variant-level) and rating.
 */
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import type { AttributesFile, CategoriesFile, RankingFile } from '../src/contracts/release-files/index.js';

const attributes = demoReleaseFiles['attributes.json'] as AttributesFile;
const ranking = demoReleaseFiles['ranking.json'] as RankingFile;

export const BENCH_FACETS = [
  { field: 'category', kind: 'hierarchical' },
  { field: 'brand', search: true, limit: 12 },
  { field: 'price', kind: 'range', display: 'histogram' },
  { field: 'on_sale', kind: 'toggle' },
  { field: 'availability' },
  {
    field: 'delivery_days',
    kind: 'buckets',
    buckets: [
      { to: 3, label: 'Within 2 days' },
      { to: 8, label: 'Within a week' },
    ],
  },
  { field: 'color', kind: 'swatch' },
  'material',
  { field: 'size', order: 'value_order' },
  { field: 'rating', kind: 'range', display: 'stars' },
] satisfies NonNullable<NonNullable<CategoriesFile['default']>['facets']>;

export const benchReleaseFiles: Record<string, unknown> = {
  ...demoReleaseFiles,
  'attributes.json': {
    ...attributes,
    attributes: attributes.attributes.map((attribute) =>
      attribute.code === 'color' ? { ...attribute, level: 'variant' } : attribute,
    ),
  },
  'categories.json': {
    default: {
      facets: BENCH_FACETS,
      sort: { default: 'relevance', options: ['relevance', 'price_asc', 'price_desc', 'discount'] },
    },
  } satisfies CategoriesFile,
  'ranking.json': {
    ...ranking,
    signals: [
      { code: 'sales_30d', direction: 'higher_is_better', normalize: 'percentile' },
      {
        code: 'rating',
        direction: 'higher_is_better',
        normalize: { damped: { count_signal: 'reviews', prior_count: 20 } },
      },
      { code: 'reviews', direction: 'higher_is_better', normalize: 'percentile' },
      { code: 'first_on_sale', direction: 'newer_is_better', normalize: { half_life_days: 90 } },
    ],
    weights: { product: { sales_30d: 1, rating: 0.5, first_on_sale: 0.3 } },
  } satisfies RankingFile,
  // The rules and tests name products of the demo shop; the benchmark measures the engine alone.
  'rules.json': { rules: [] },
  'tests.json': { tests: [] },
};
