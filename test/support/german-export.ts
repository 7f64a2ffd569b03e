import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';

/**
 * The demo shop's products as a German shop system exports them: semicolons between cells, a comma
 * as decimal mark, one row per product with the columns the demo's feed.json names, except that
 * the colour column is called `Farbe` (which feed.json does not name, so it is left out until a
 * merchandiser maps it) and the sales figure `Verkäufe 30 Tage`.
 */
export function germanExport(catalog: Iterable<CatalogEntity>): string {
  const entities = [...catalog];
  const parents = new Map(
    entities.filter((entity) => entity.type === 'category').map((entity) => [entity.id, entity.parent]),
  );
  const withAncestors = (id: string): string[] => {
    const parent = parents.get(id);
    return parent ? [...withAncestors(parent), id] : [id];
  };
  const header = [
    'product_id',
    'title',
    'description',
    'url',
    'image_url',
    'brand',
    'category_ids',
    'tags',
    'price',
    'sale_price',
    'sale_from',
    'sale_until',
    'currency',
    'availability',
    'delivery_days',
    'Farbe',
    'material',
    'Verkäufe 30 Tage',
  ];
  const rows = [header.join(';')];
  for (const product of entities) {
    if (product.type !== 'product') continue;
    const offer = {
      ...product,
      ...product.offers?.[0],
      ...product.variants?.[0],
      ...product.variants?.[0]?.offers?.[0],
    };
    const categories = (product.categories ?? []).flatMap((category) =>
      withAncestors(typeof category === 'string' ? category : category.id),
    );
    const attributes = product.attributes ?? {};
    rows.push(
      [
        product.id,
        product.title,
        product.description,
        product.url,
        product.image,
        product.brand,
        [...new Set(categories)].join('|'),
        Array.isArray(product.keywords) ? product.keywords.join(',') : '',
        decimal(offer.price),
        decimal(offer.sale_price),
        offer.sale_window?.from,
        offer.sale_window?.until,
        offer.currency,
        offer.availability,
        offer.delivery_days ? `${offer.delivery_days.min}-${offer.delivery_days.max}` : '',
        attributes.color,
        attributes.material,
        product.signals?.sales_30d,
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `${rows.join('\n')}\n`;
}

const decimal = (value: number | undefined) => (value === undefined ? '' : String(value).replace('.', ','));

function cell(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return /[;"\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
