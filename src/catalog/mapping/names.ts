import { RESERVED_WORDS } from '../../contracts/release-files/common.js';

/**
 * A column name as words joined by `_`, lowercase and without accents: "Variant Compare At Price",
 * "variantCompareAtPrice" and "variant-compare-at-price" all become `variant_compare_at_price`.
 * Google's `g:` prefix is dropped, so merchant feed fields meet the same names as CSV columns.
 */
export function normalizeName(name: string): string {
  return fold(
    name
      .replace(/^g:/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2'),
  )
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const RESERVED = new Set<string>(RESERVED_WORDS);
const CODE_LENGTH = 64;

/** An attribute code made from a name: lowercase words joined by `_`, starting with a letter. */
export function codeOf(name: string): string {
  let code = normalizeName(name).replace(/_+/g, '_').slice(0, CODE_LENGTH).replace(/_+$/, '');
  if (code === '') code = 'attribute';
  if (!/^[a-z]/.test(code)) code = `a_${code}`.slice(0, CODE_LENGTH);
  // Built-in fields and selector words cannot be attribute codes.
  return RESERVED.has(code) ? `${code}_value` : code;
}

/**
 * A label made from a name for shoppers: words separated by spaces, the first capitalized,
 * acronyms kept ("designerName" is "Designer name", "screen_size_in" is "Screen size in").
 */
export function labelOf(name: string): string {
  const words = name
    .replace(/^g:/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word, index) => (index > 0 && /^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word));
  const label = words.join(' ');
  return label === '' ? name : label.charAt(0).toUpperCase() + label.slice(1);
}

/** A URL-safe id part: lowercase letters and digits joined by `-`. */
export function slug(text: string): string {
  return fold(text)
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Codes made unique within one file: a second `size` becomes `size_2`. */
export class CodeBook {
  private readonly used = new Set<string>();

  claim(code: string): string {
    let unique = code;
    for (let n = 2; this.used.has(unique); n++) unique = `${code.slice(0, CODE_LENGTH - 4)}_${n}`;
    this.used.add(unique);
    return unique;
  }

  has(code: string): boolean {
    return this.used.has(code);
  }
}
