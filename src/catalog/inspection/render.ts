import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type {
  ColumnRead,
  DerivedFile,
  HowRead,
  Inspection,
  ProductDetail,
  ReadCounts,
  RejectedGroup,
} from '../../contracts/inspection.js';
import type { FeedFile } from '../../contracts/release-files/feed.js';
import type { ProductStats } from '../mapping/derive.js';
import type { AttributePlan } from '../mapping/plan.js';
import { tileOf } from './tile.js';

/** Products an inspection shows unless asked for another number. */
export const SHOWN_PRODUCTS = 10;

export interface InspectionParts {
  how: HowRead;
  rows: number;
  mappedRows?: number;
  columns: ColumnRead[];
  mapping: FeedFile;
  files: DerivedFile[];
  counts: ReadCounts;
  firstProducts: CatalogEntity[];
  details: ProductDetail[];
  rejected: RejectedGroup[];
}

/** The contract's inspection answer: what the import makes of its export. */
export function renderInspection(parts: InspectionParts, products = SHOWN_PRODUCTS): Inspection {
  const inspection: Inspection = {
    how: parts.how,
    rows: parts.rows,
    columns: parts.columns,
    mapping: parts.mapping,
    files: parts.files,
    counts: parts.counts,
    products: parts.firstProducts
      .slice(0, products)
      .map((product) => ({ indexed: product, tile: tileOf(product) })),
    details: parts.details,
    rejected: parts.rejected,
  };
  if (parts.mappedRows !== undefined) inspection.mapped_rows = parts.mappedRows;
  return inspection;
}

/** The details shoppers can meet: every attribute products carry, the most common first. */
export function detailsOf(
  attributes: AttributePlan[],
  stats: ProductStats,
  variantLevel: Set<string>,
): ProductDetail[] {
  const details: ProductDetail[] = [];
  for (const attribute of attributes) {
    const carried = stats.attributes.get(attribute.code);
    if (!carried || carried.products === 0) continue;
    const detail: ProductDetail = {
      code: attribute.code,
      label: attribute.label,
      type: attribute.type,
      level: variantLevel.has(attribute.code) ? 'variant' : 'product',
      products: carried.products,
      samples: [...carried.values].slice(0, 5),
    };
    if (attribute.unit) detail.unit = attribute.unit;
    details.push(detail);
  }
  return details.sort((a, b) => b.products - a.products);
}
