import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import type { FeedFile } from '../../contracts/release-files/feed.js';
import { asksSoldOut } from './aliases.js';
import { sharedRoot } from './categories.js';
import { guessType } from './detect-type.js';
import { normalizeName } from './names.js';
import { AttributeBook, type ColumnPlan, type MappingPlan } from './plan.js';
import type { FileProfile } from './profile.js';

type FeedColumn = NonNullable<FeedFile['columns']>[number];

/** The entry of feed.json that decides a column: the first that names it or whose pattern matches. */
function entryFor(columns: FeedColumn[], name: string): FeedColumn | undefined {
  return columns.find((entry) =>
    entry.column.endsWith('*') ? name.startsWith(entry.column.slice(0, -1)) : entry.column === name,
  );
}

/**
 * Maps the columns as feed.json says: each column by the first entry naming it or matching it
 * by pattern; a column no entry names is left out. Attributes take their type from
 * attributes.json where it declares them, from their values otherwise.
 */
export function planFromFeed(
  profile: FileProfile,
  feed: FeedFile,
  attributes: AttributesFile | undefined,
  locale?: string,
): MappingPlan {
  const book = new AttributeBook(attributes, profile, locale);
  const entries = feed.columns ?? [];
  const plans = new Map<string, ColumnPlan>();
  let lastNames: string | undefined;
  for (const column of profile.columns.values()) {
    const entry = entryFor(entries, column.name);
    if (!entry) {
      plans.set(column.name, {
        column: column.name,
        target: 'ignore',
        reason: 'not_named',
        sentence: 'feed.json names no entry for it, so it is left out.',
      });
      continue;
    }
    const plan: ColumnPlan = {
      column: column.name,
      target: entry.to,
      reason: 'named_by_feed',
      sentence: `feed.json maps ${entry.column.endsWith('*') ? `columns starting "${entry.column.slice(0, -1)}"` : 'it'} to ${entry.to}.`,
    };
    if (entry.unit) plan.unit = entry.unit;
    if (entry.separator) plan.separator = entry.separator;
    if (entry.locale) plan.locale = entry.locale;
    if (entry.cents) plan.cents = true;
    if (entry.prefix) plan.prefix = entry.prefix;
    if (entry.to === 'categories') {
      const root = sharedRoot(column, entry.separator);
      if (root) plan.categoryRoot = root;
    }
    if (entry.column.endsWith('*')) plan.pattern = entry.column;
    if (entry.to === 'availability' && asksSoldOut(normalizeName(column.name))) plan.soldOut = true;
    if (entry.to === 'option_name' || entry.to === 'attribute_names') lastNames = column.name;
    if (entry.to === 'option_value' || entry.to === 'attribute_values') {
      const names = profile.siblings.namesOf(column.name) ?? lastNames;
      if (names) plan.names = names;
    }
    if (entry.to.startsWith('signals.') || ['price', 'sale_price', 'stock'].includes(entry.to)) {
      const guess = guessType(column, normalizeName(column.name));
      if (guess.placeholder) plan.placeholder = guess.placeholder;
    }
    if (entry.to.startsWith('attributes.')) {
      const prefix = entry.column.endsWith('*') ? entry.column.slice(0, -1) : '';
      const code = entry.to === 'attributes.*' ? undefined : entry.to.slice('attributes.'.length);
      const attribute =
        code !== undefined && book.byCode.has(code)
          ? book.byCode.get(code)!
          : book.fromColumn(column, prefix, code);
      if (!attribute.sources.includes(column.name)) attribute.sources.push(column.name);
      if (entry.unit && !attribute.declared) {
        attribute.unit = entry.unit;
        if (attribute.type === 'number') attribute.type = 'quantity';
      }
      if (entry.separator && !attribute.declared) {
        attribute.separator = entry.separator;
        attribute.multiple = true;
      }
      plan.attribute = attribute;
      plan.target = `attributes.${attribute.code}`;
    }
    plans.set(column.name, plan);
  }
  const columns = [...plans.values()];
  const hasId = columns.some((plan) => ['id', 'group_id', 'variant_id'].includes(plan.target));
  return {
    columns,
    byColumn: plans,
    grouped: columns.some((plan) => plan.target === 'group_id' || plan.target === 'item_kind'),
    variantLists: columns.some((plan) => plan.target === 'variants'),
    categoryLevels: columns.filter((plan) => plan.target === 'category_path').map((plan) => plan.column),
    idsFromTitles: !hasId,
    notes: hasId
      ? []
      : [
          {
            pointer: '/columns',
            sentence: 'feed.json maps no column to an id: each product takes an id made from its title.',
          },
        ],
    attributes: book,
  };
}
