import type { CategoriesFile } from '../../contracts/release-files/index.js';

/** The parts of categories.json that the page checks take, named by their shapes. */
export type PageSettings = NonNullable<CategoriesFile['default']>;
export type CategoryNode = NonNullable<CategoriesFile['nodes']>[number];
export type FacetEntry = NonNullable<PageSettings['facets']>[number];
export type Facet = Exclude<FacetEntry, string>;
export type Bucket = NonNullable<Facet['buckets']>[number];
export type FacetGroup = NonNullable<PageSettings['groups']>[number];
