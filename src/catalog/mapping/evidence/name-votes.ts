import { aliasOf } from '../aliases.js';
import { normalizeName } from '../names.js';
import type { ColumnProfile } from '../profile.js';
import { readNameParts } from './name-parts.js';
import { type Field, type Vote, WEIGHTS } from './votes.js';

/** Names of photos in several sizes ("img_500x500", "image_thumb"). */
const PHOTO_NAME = /^(?:img|image|picture|photo|pic)(?:_|$)/;

/** What a field is called in a reason. */
export const FIELD_WORDS: Partial<Record<Field, string>> = {
  type: 'entity type',
  id: 'product id',
  group_id: 'product a row belongs to',
  variant_id: 'variant id',
  title: 'title',
  description: 'description',
  url: 'product page address',
  image: 'main image',
  images: 'further images',
  brand: 'brand',
  categories: 'categories',
  keywords: 'search keywords',
  price: 'price',
  sale_price: 'reduced (sale) price',
  sale_from: 'start of the sale',
  sale_until: 'end of the sale',
  currency: 'currency',
  availability: 'availability',
  stock: 'stock',
  delivery_days: 'delivery time in days',
  status: 'status (whether the product is for sale)',
  visibility: 'visibility in listings',
  item_kind: 'row kind (product or variant)',
  variants: 'list of variants',
  sale_discount: 'discount amount',
  sale_percent: 'discount percentage',
  attribute_pairs: 'attribute pairs',
};

/**
 * What column names say: a name known as a whole for a field (ranked within the field, so the
 * likelier name of two weighs more), else the name read by its parts in the shop's language.
 */
export function nameVotes(columns: ColumnProfile[]): Vote[] {
  const votes: Vote[] = [];
  for (const column of columns) {
    const name = normalizeName(column.name);
    const alias =
      aliasOf(name) ?? (PHOTO_NAME.test(name) ? { field: 'image' as const, rank: 20 } : undefined);
    if (alias) {
      votes.push({
        column,
        field: alias.field,
        weight: WEIGHTS.knownName - alias.rank / 100,
        reader: 'name',
        wholeName: true,
        says: `"${column.name}" is a usual name for the ${FIELD_WORDS[alias.field] ?? alias.field}`,
      });
      continue;
    }
    const parts = readNameParts(name);
    if (!parts) continue;
    const settings = {
      ...(parts.separator ? { separator: parts.separator } : {}),
      ...(parts.net ? { net: true } : {}),
    };
    votes.push({
      column,
      field: parts.field,
      weight: WEIGHTS.nameParts,
      reader: 'name',
      says: `its name's words (${parts.words.map((word) => `"${word}"`).join(', ')}) name the ${parts.field === 'ignore' ? 'data search leaves out' : (FIELD_WORDS[parts.field] ?? parts.field)}${parts.net ? ', net of tax' : ''}${parts.separator ? ', and "(x,y,z...)" says cells list values separated by ","' : ''}`,
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    });
  }
  return votes;
}
