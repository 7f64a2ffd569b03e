import type { DerivedFile, ReadCounts, SettingReason } from '../../contracts/inspection.js';
import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import type { CategoriesFile } from '../../contracts/release-files/categories.js';
import type { TypesFile } from '../../contracts/release-files/types.js';
import type { AttributePlan } from './plan.js';

/** What the products of a read hold, counted while they are made. */
export interface ProductStats {
  products: number;
  fields: Map<string, number>;
  /** Per attribute code: products carrying it, and up to a few dozen of its different values. */
  attributes: Map<string, { products: number; values: Set<string> }>;
}

const FACET_LIMIT = 8;
/**
 * Share of products an attribute must reach to be a filter (filterable, offered as a facet, read
 * from a query's words) or searched by default. An attribute fewer products carry is a detail of
 * a few kinds of product: as a filter it hides the products of every kind that does not say, and
 * its values are often the names of kinds ("Mouse") that far more products are.
 */
const FACET_SHARE = 0.1;
const SEARCH_SHARE = 0.2;
const FILTERABLE: AttributePlan['type'][] = ['option', 'boolean', 'number', 'quantity', 'range'];
const SEARCHABLE: AttributePlan['type'][] = ['option', 'text', 'identifier'];

const share = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))}%`;

/**
 * Release files the export suggests, each setting with its reason: attributes.json (every
 * attribute the read made, typed), types.json (how products are searched and shown) and
 * categories.json (the filters a page offers). They are starting points a merchandiser edits.
 */
export function deriveFiles(
  attributes: AttributePlan[],
  variantLevel: Set<string>,
  stats: ProductStats,
  counts: ReadCounts,
): DerivedFile[] {
  const carried = attributes.filter((attribute) => (stats.attributes.get(attribute.code)?.products ?? 0) > 0);
  return [
    attributesFile(carried, variantLevel, stats),
    typesFile(carried, stats, counts),
    categoriesFile(carried, stats, counts),
  ];
}

function attributesFile(
  attributes: AttributePlan[],
  variantLevel: Set<string>,
  stats: ProductStats,
): DerivedFile {
  const reasons: SettingReason[] = [];
  const content: AttributesFile = {
    attributes: attributes.map((plan, index) => {
      const carried = stats.attributes.get(plan.code)?.products ?? 0;
      reasons.push({
        pointer: `/attributes/${index}`,
        sentence: `${plan.sentence} ${carried.toLocaleString('en')} products (${share(carried, stats.products)}) carry it; read from ${plan.sources.map((source) => `"${source}"`).join(', ')}.`,
      });
      if (plan.declared) return { ...plan.declared, sources: plan.declared.sources ?? plan.sources };
      const attribute: AttributesFile['attributes'][number] = {
        code: plan.code,
        label: plan.label,
        type: plan.type,
      };
      if (plan.unit) attribute.unit = plan.unit;
      if (variantLevel.has(plan.code)) {
        attribute.level = 'variant';
        reasons.push({
          pointer: `/attributes/${index}/level`,
          sentence: "Its values differ between a product's variants.",
        });
      }
      if (FILTERABLE.includes(plan.type) && carried < stats.products * FACET_SHARE) {
        attribute.filterable = false;
        reasons.push({
          pointer: `/attributes/${index}/filterable`,
          sentence: `Not a filter: only ${share(carried, stats.products)} of products carry it, so choosing one of its values, or reading one from a query's words, would hide every product that does not say.`,
        });
      }
      attribute.sources = plan.sources;
      return attribute;
    }),
  };
  return { name: 'attributes.json', content, reasons };
}

function typesFile(attributes: AttributePlan[], stats: ProductStats, counts: ReadCounts): DerivedFile {
  const reasons: SettingReason[] = [];
  const has = (field: string) => (stats.fields.get(field) ?? 0) > 0;
  const fields: { field: string; weight: number }[] = [];
  const field = (name: string, weight: number, sentence: string) => {
    reasons.push({ pointer: `/types/0/search/fields/${fields.length}`, sentence });
    fields.push({ field: name, weight });
  };
  if (has('title')) field('title', 10, 'Titles name the product: the strongest match.');
  if (has('brand')) field('brand', 8, 'Shoppers search by brand.');
  if (has('keywords')) field('keywords', 5, 'Keywords are written for search.');
  const searched = attributes
    .filter((attribute) => SEARCHABLE.includes(attribute.type))
    .map((attribute) => ({ attribute, products: stats.attributes.get(attribute.code)?.products ?? 0 }))
    .filter(({ products }) => products >= stats.products * SEARCH_SHARE)
    .sort((a, b) => b.products - a.products)
    .slice(0, 5);
  for (const [index, { attribute, products }] of searched.entries()) {
    field(
      `attributes.${attribute.code}`,
      index < 2 ? 3 : 2,
      `A ${attribute.type} ${share(products, stats.products)} of products carry: its words find them.`,
    );
  }
  if (has('description')) field('description', 1, 'Descriptions hold many words: matches there count least.');
  const resultFields = [
    'title',
    'url',
    'image',
    'brand',
    'price',
    'sale_price',
    'currency',
    'availability',
    'delivery_days',
  ].filter(has);
  const product: TypesFile['types'][number] = {
    code: 'product',
    label: 'Products',
    offers: has('price'),
    grain: 'product',
  };
  reasons.push({
    pointer: '/types/0/offers',
    sentence: has('price')
      ? `${share(stats.fields.get('price') ?? 0, stats.products)} of products have a price.`
      : 'No product has a price.',
  });
  if (fields.length > 0) product.search = { fields };
  if (resultFields.length > 0) {
    product.result_fields = resultFields as NonNullable<typeof product.result_fields>;
    reasons.push({
      pointer: '/types/0/result_fields',
      sentence: 'The fields the products have that a tile shows.',
    });
  }
  const types: TypesFile['types'] = [product];
  if (counts.categories > 0) {
    reasons.push({
      pointer: `/types/${types.length}`,
      sentence: `${counts.categories.toLocaleString('en')} categories come from the products' category paths.`,
    });
    types.push({
      code: 'category',
      label: 'Categories',
      search: { fields: [{ field: 'title', weight: 10 }] },
      result_fields: ['title', 'url'],
    });
  }
  if (counts.brands > 0) {
    reasons.push({
      pointer: `/types/${types.length}`,
      sentence: `${counts.brands.toLocaleString('en')} brands come from the products' brands.`,
    });
    types.push({
      code: 'brand',
      label: 'Brands',
      search: { fields: [{ field: 'title', weight: 10 }] },
      result_fields: ['title'],
    });
  }
  return { name: 'types.json', content: { types }, reasons };
}

function categoriesFile(attributes: AttributePlan[], stats: ProductStats, counts: ReadCounts): DerivedFile {
  const reasons: SettingReason[] = [];
  const facets: string[] = [];
  const facet = (field: string, sentence: string) => {
    reasons.push({ pointer: `/default/facets/${facets.length}`, sentence });
    facets.push(field);
  };
  const count = (field: string) => stats.fields.get(field) ?? 0;
  if (counts.categories > 0)
    facet('category', `${counts.categories.toLocaleString('en')} categories to narrow by.`);
  if (counts.brands > 1)
    facet(
      'brand',
      `${counts.brands.toLocaleString('en')} brands on ${share(count('brand'), stats.products)} of products.`,
    );
  if (count('price') > 0)
    facet('price', `${share(count('price'), stats.products)} of products have a price.`);
  if (count('sale_price') > 0)
    facet('on_sale', `${count('sale_price').toLocaleString('en')} products are reduced.`);
  if (count('availability') > 0)
    facet(
      'availability',
      `${share(count('availability'), stats.products)} of products say whether they are in stock.`,
    );
  const filters = attributes
    .filter((attribute) => FILTERABLE.includes(attribute.type))
    .map((attribute) => ({
      attribute,
      ...(stats.attributes.get(attribute.code) ?? { products: 0, values: new Set<string>() }),
    }))
    .filter(({ products, values }) => products >= stats.products * FACET_SHARE && values.size >= 2)
    .sort((a, b) => b.products - a.products)
    .slice(0, Math.max(0, FACET_LIMIT - facets.length));
  for (const { attribute, products, values } of filters) {
    facet(
      attribute.code,
      `A ${attribute.type} on ${share(products, stats.products)} of products with ${values.size >= 40 ? 'many' : values.size} different values.`,
    );
  }
  const content: CategoriesFile = facets.length > 0 ? { default: { facets } } : {};
  return { name: 'categories.json', content, reasons };
}
