/**
 * The search parameter `aisle`, declared to algoliasearch-helper (which InstantSearch.js uses), so
 * that `configure({ aisle: { on: 'category_page', category: 'headphones' } })` type-checks.
 */
// Named first, so that the augmentation below finds the module.
import type {} from 'algoliasearch-helper';
import type { AisleParameters } from './algolia.js';

declare module 'algoliasearch-helper' {
  interface PlainSearchParameters {
    /** Parts of an aisle search Algolia has no word for: the surface, a category page, filters. */
    aisle?: AisleParameters;
  }
}
