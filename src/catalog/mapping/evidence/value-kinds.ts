import { normalizeName } from '../names.js';
import type { ColumnProfile } from '../profile.js';
import { isUrl, parsePrice } from '../values.js';
import { type Vote, WEIGHTS } from './votes.js';

/**
 * What a column's values show it holds, whatever its name: image addresses, lists of them, paths
 * of categories, money with its currency, the short one-line names of products. Each is a shape
 * values take in any shop's export, so the votes hold for any shop; they count less than names and
 * decide where names say nothing or tie.
 */
export function valueVotes(columns: ColumnProfile[], named: Set<string>): Vote[] {
  const votes: Vote[] = [];
  const vote = (column: ColumnProfile, field: Vote['field'], says: string, settings?: Vote['settings']) =>
    votes.push({
      column,
      field,
      weight: WEIGHTS.values,
      reader: 'values',
      says,
      ...(settings ? { settings } : {}),
    });
  for (const column of columns) {
    if (column.filled === 0 || column.distinct.size === 0) continue;
    const values = [...column.distinct];
    const share = (check: (text: string) => boolean) => {
      let passed = 0;
      let total = 0;
      for (const [text, count] of values) {
        total += count;
        if (check(text)) passed += count;
      }
      return passed / total;
    };
    const separator = listSeparatorOf(values.map(([text]) => text));
    if (
      separator &&
      share((text) => text.split(separator).every((part) => isImageAddress(part.trim()))) >= 0.8
    )
      vote(column, 'images', `its values list image addresses separated by "${separator.trim()}"`, {
        separator: separator.trim(),
      });
    else if (share((text) => isImageAddress(text)) >= 0.8)
      vote(column, 'image', 'its values are addresses of images');
    if (
      share((text) => CATEGORY_PATH.test(text) && !isUrl(text)) >= 0.5 &&
      share((text) => text.length < 200) >= 0.9
    )
      vote(column, 'categories', 'its values are paths of categories');
    if (share((text) => withCurrency(text)) >= 0.9)
      vote(column, 'price', 'its values are money with a currency');
    // Product names: one line, a few words, nearly all different. Only a column whose name says
    // nothing else, or calls it a description (an ERP's item list names its items so), is voted.
    const name = normalizeName(column.name);
    const describes = /(?:^|_)(?:description|desc|beschreibung|omschrijving|descripcion)$/.test(name);
    if (
      (!named.has(column.name) || describes) &&
      (column.distinctCount() ?? column.values) >= column.values * 0.9 &&
      share((text) => isShortName(text)) >= 0.8
    )
      vote(column, 'title', 'its values are short one-line names, nearly all different');
  }
  return votes;
}

/** Two names of three letters or more joined by ">" or "/": "Clothing > Hoodies", "Gear/Bags" (never "S/M"). */
const CATEGORY_PATH = /\p{L}{3,}\s*(?:>|\/)\s*\p{L}{3,}/u;

const IMAGE_FILE = /\.(?:jpe?g|png|webp|gif|avif|tiff?)(?:[?#].*)?$/i;

function isImageAddress(text: string): boolean {
  return (isUrl(text) || text.startsWith('/')) && IMAGE_FILE.test(text) && !/\s/.test(text);
}

function listSeparatorOf(texts: string[]): string | undefined {
  for (const separator of [', ', '|', ';', ',']) {
    if (texts.filter((text) => text.includes(separator)).length >= texts.length * 0.3) return separator;
  }
  return undefined;
}

const CURRENCY = /(?:^|\s)(?:[A-Z]{3})(?:\s|$)|[€$£¥₹]/;

function withCurrency(text: string): boolean {
  return CURRENCY.test(text) && (parsePrice(text, '.') !== undefined || parsePrice(text, ',') !== undefined);
}

function isShortName(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length >= 6 &&
    trimmed.length <= 120 &&
    !trimmed.includes('\n') &&
    !trimmed.includes('<') &&
    /\p{L}{2}/u.test(trimmed) &&
    /\s/.test(trimmed) &&
    !isUrl(trimmed)
  );
}
