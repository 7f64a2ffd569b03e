import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { AttributeSearchKind } from '../../engine/index.js';
import { releaseView } from '../../release/release-view.js';

/** Attribute codes that name identifiers, whatever their values look like (folded: lower case, no separators). */
const IDENTIFIER_CODES = new Set([
  'ean',
  'ean13',
  'ean8',
  'gtin',
  'gtin8',
  'gtin12',
  'gtin13',
  'gtin14',
  'upc',
  'isbn',
  'isbn10',
  'isbn13',
  'issn',
  'asin',
  'mpn',
  'sku',
  'partnumber',
  'partno',
  'manufacturerpartnumber',
  'modelnumber',
  'articlenumber',
  'artikelnummer',
]);

/** One word of letters and digits with at least one digit: `0095205603217`, `006R90321`, `DV7-1211EA`. */
const CODE_SHAPED = /^(?=[^\s]*\d)[\p{L}\p{N}][\p{L}\p{N}._/-]{3,39}$/u;

/** Share of an attribute's values that must look like codes, and be different, for it to count as an identifier. */
const CODE_SHARE = 0.9;
const DISTINCT_SHARE = 0.8;

interface Tally {
  values: number;
  strings: number;
  codeShaped: number;
  distinct: Set<string>;
}

/**
 * How to search the attributes a release does not declare in attributes.json, from the values the
 * catalog gives them: an attribute named like an identifier (EAN, GTIN, MPN, SKU …), or whose
 * values are nearly all different single codes with digits, is found exactly as an identifier;
 * any other attribute with text values is searched as text. Numbers and yes/no values carry no
 * words a shopper types and are left out.
 */
export function undeclaredAttributeKinds(
  entities: readonly CatalogEntity[],
  files: Record<string, unknown>,
): Record<string, AttributeSearchKind> {
  const declared = new Set(releaseView(files).attributes.keys());
  const tallies = new Map<string, Tally>();
  for (const entity of entities) {
    const attributes = entity.attributes;
    if (attributes === undefined) continue;
    for (const code in attributes) {
      if (declared.has(code)) continue;
      let tally = tallies.get(code);
      if (tally === undefined) {
        tally = { values: 0, strings: 0, codeShaped: 0, distinct: new Set() };
        tallies.set(code, tally);
      }
      const value = attributes[code];
      for (const one of Array.isArray(value) ? value : [value]) {
        tally.values++;
        const text = textOf(one);
        if (text === undefined) continue;
        tally.strings++;
        if (CODE_SHAPED.test(text)) {
          tally.codeShaped++;
          if (tally.distinct.size < tally.codeShaped) tally.distinct.add(text);
        }
      }
    }
  }
  const kinds: Record<string, AttributeSearchKind> = {};
  for (const [code, tally] of tallies) {
    if (tally.strings === 0 || tally.strings < tally.values / 2) continue;
    kinds[code] = isIdentifier(code, tally) ? 'identifier' : 'text';
  }
  return kinds;
}

function isIdentifier(code: string, tally: Tally): boolean {
  if (IDENTIFIER_CODES.has(code.toLowerCase().replace(/[^a-z0-9]/g, ''))) return true;
  return (
    tally.codeShaped >= CODE_SHARE * tally.strings && tally.distinct.size >= DISTINCT_SHARE * tally.codeShaped
  );
}

/** The text of a value a shopper could type: strings, and texts per locale; not numbers or booleans. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const first = Object.values(value as Record<string, unknown>).find((one) => typeof one === 'string');
    return typeof first === 'string' ? first.trim() : undefined;
  }
  return undefined;
}
