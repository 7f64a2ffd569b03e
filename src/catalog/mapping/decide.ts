import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { aliasOf, asksSoldOut, categoryLevelOf, IGNORED_BECAUSE, shippingTaxOrAds } from './aliases.js';
import { sharedRoot } from './categories.js';
import { guessType, looksLikeCents } from './detect-type.js';
import { layoutNote, layoutVotes, recognizeLayout } from './evidence/layouts.js';
import { FIELD_WORDS, nameVotes } from './evidence/name-votes.js';
import { valueVotes } from './evidence/value-kinds.js';
import { evidenceOf, type Field, type Vote, type Candidate as Weighed, weigh } from './evidence/votes.js';
import { parseStatus, parseVisibility, readsAs } from './listing-values.js';
import { normalizeName } from './names.js';
import { namespaces } from './namespaces.js';
import { AttributeBook, type ColumnPlan, type MappingPlan, quoted } from './plan.js';
import type { ColumnProfile, FileProfile } from './profile.js';
import { parseAvailability, parseDate, parseDeliveryDays, parseNumber, parsePrice } from './values.js';

/** Names of photos in several sizes ("img_500x500", "image_thumb"), best size for a tile first. */
const IMAGE_SIZES: [RegExp, number][] = [
  [/(?:^|_)(?:\d{3,4}x\d{3,4}|medium|mid|standard|default|main)$/, 0],
  [/(?:^|_)(?:large|high|big|zoom|hd|hires|full|original|xl)$/, 1],
  [/(?:^|_)(?:small|low|lowres|sm)$/, 2],
  [/(?:^|_)(?:thumb|thumbnail|tiny|icon|xs)$/, 3],
];
type Alias = (
  candidate: Candidate,
  target: string,
  extra?: Partial<ColumnPlan>,
  word?: string,
  after?: string,
) => void;

/** A weighed candidate; a shop's product type column stands as a category level. */
type Candidate = Weighed & { productType?: boolean };

/** Fields a recognised layout decides before any other evidence is weighed. */
const STRUCTURAL: Field[] = ['ignore', 'status', 'visibility', 'item_kind', 'variants', 'attribute_pairs'];

/**
 * Maps every column of an export without a feed.json, each with its reason: empty columns, then
 * attributes attributes.json declares, what a recognised platform layout says decides a row's
 * listing and variants, shipping, tax and ads data, values named in a sibling column, cells of
 * name and value pairs, then the fields, each from the votes of three evidence readers (the
 * layout, the column's name, its values) weighed in one place (evidence/votes.ts) and checked
 * against the values, and last attributes made from the remaining columns' names. Each vote that
 * decided a column is written in its reason.
 */
export function planAuto(
  profile: FileProfile,
  attributes: AttributesFile | undefined,
  locale?: string,
): MappingPlan {
  const book = new AttributeBook(attributes, profile, locale);
  const columns = [...profile.columns.values()];
  const plans = new Map<string, ColumnPlan>();
  const set = (plan: ColumnPlan) => plans.set(plan.column, plan);
  const open = (column: ColumnProfile) => !plans.has(column.name);

  for (const column of columns) {
    if (column.filled === 0)
      set({ column: column.name, target: 'ignore', reason: 'empty', sentence: 'No row fills it.' });
  }
  for (const column of columns.filter(open)) {
    const declared = book.findDeclared(column.name);
    if (!declared) continue;
    const attribute = book.fromDeclared(declared, column.name);
    set({
      column: column.name,
      target: `attributes.${attribute.code}`,
      reason: 'attribute',
      sentence: `attributes.json has attribute "${attribute.code}" by this ${sourceWord(declared, column.name)}.`,
      attribute,
    });
  }
  const layout = recognizeLayout(columns);
  const fromLayout = layoutVotes(layout, columns);
  for (const vote of fromLayout) {
    if (!STRUCTURAL.includes(vote.field) || !open(vote.column)) continue;
    set({
      column: vote.column.name,
      target: vote.field,
      reason: 'alias',
      sentence: `${quoted(vote.column.name)}: ${vote.field === 'ignore' ? 'left out, as ' : ''}${vote.says}.`,
    });
  }
  for (const column of columns.filter(open)) {
    const kind = shippingTaxOrAds(normalizeName(column.name));
    if (kind) {
      set({
        column: column.name,
        target: 'ignore',
        reason: 'shipping_tax_ads',
        sentence: `It is ${kind} data, which search neither finds nor shows: left out.`,
      });
    }
  }
  planSiblings(profile, plans);
  for (const column of columns.filter(open)) {
    const pairs =
      column.records > 0
        ? column.pairRecords >= column.records * 0.5
        : column.pairTexts >= column.checked * 0.8;
    if (!pairs || column.checked + column.records === 0) continue;
    const names = [...column.named.keys()];
    set({
      column: column.name,
      target: 'attribute_pairs',
      reason: 'name_value_pairs',
      sentence: `Each cell holds several names with their values (${names.slice(0, 4).join(', ')}${names.length > 4 ? ', ...' : ''}): each name becomes an attribute.`,
    });
  }

  // Columns in a namespace of many attribute columns (Icecat's attr_t_*) are attributes: their
  // names and values are read as such, never as a field's.
  const spaced = namespaces(columns.filter(open).map((column) => column.name));
  const openColumns = columns.filter((column) => open(column) && !spaced.has(column.name));
  const fromNames = nameVotes(openColumns);
  const named = new Set(fromNames.map((vote) => vote.column.name));
  // Values alone say a column holds photos or names; for any other field they only back a name.
  const fromValues = valueVotes(openColumns, named).filter(
    (vote) =>
      ['image', 'images', 'title'].includes(vote.field) ||
      fromNames.some((other) => other.column === vote.column && other.field === vote.field) ||
      fromLayout.some((other) => other.column === vote.column && other.field === vote.field),
  );
  const votes: Vote[] = [...fromLayout.filter((vote) => open(vote.column)), ...fromNames, ...fromValues];
  const order = new Map(columns.map((column, index) => [column.name, index]));
  const candidates = weigh(votes, order) as Map<Field, Candidate[]>;
  const take = (field: Field): Candidate[] => candidates.get(field) ?? [];

  const alias: Alias = (candidate, target, extra = {}, word, after = '') => {
    const { net: _net, ...settings } = candidate.settings;
    const only = candidate.votes.length === 1 && candidate.votes[0]!.wholeName === true;
    const what = word ?? FIELD_WORDS[target as Field] ?? target;
    set({
      column: candidate.column.name,
      target,
      reason: 'alias',
      sentence: only
        ? `${quoted(candidate.column.name)} is a usual name for the ${what}.${after}`
        : `Taken for the ${what}: ${evidenceOf(candidate)}.${after}`,
      ...settings,
      ...extra,
    });
  };

  // A "type" column holds entity types only when its values are type codes; a shop's product
  // types ("Bracelet", "Hair Oil & Serum") are categories.
  const productTypes: Candidate[] = [];
  for (const candidate of take('type')) {
    if (codesOnly(candidate.column) && !plans.has('type')) alias(candidate, 'type');
    else productTypes.push({ ...candidate, field: 'categories', productType: true });
  }

  const grouping = take('group_id')[0];
  if (grouping) {
    alias(
      grouping,
      'group_id',
      {},
      'product a row belongs to',
      ' Rows that share it are variants of one product.',
    );
  }
  const variantIds = take('variant_id');
  if (grouping && variantIds[0]) alias(variantIds[0], 'variant_id');
  const ids = [...take('id'), ...(grouping ? [] : variantIds)].filter((candidate) => open(candidate.column));
  const id = ids.find((candidate) => unique(candidate.column, profile.rows)) ?? ids[0];
  if (id) {
    if (grouping && !variantIds[0]) {
      alias(
        id,
        'variant_id',
        {},
        `id of each row's variant (rows sharing ${quoted(grouping.column.name)} make one product)`,
      );
    } else alias(id, 'id');
  }

  firstOf(take('title'), open, (candidate) => alias(candidate, 'title'));
  firstOf(take('description'), open, (candidate) => alias(candidate, 'description'));
  firstOf(
    take('url').filter(
      (candidate) =>
        candidate.column.urls >= candidate.column.checked * 0.5 || startsWithSlash(candidate.column),
    ),
    open,
    (candidate) => alias(candidate, 'url'),
  );
  planImages(take('image'), take('images'), Boolean(grouping), open, alias, set);
  firstOf(
    take('brand').filter((candidate) => candidate.column.urls === 0),
    open,
    (candidate) => alias(candidate, 'brand'),
  );
  planCategories(
    [...take('categories'), ...productTypes].filter((candidate) => open(candidate.column)),
    take('category_level').filter((candidate) => open(candidate.column)),
    set,
  );
  firstOf(take('keywords'), open, (candidate) => {
    const separator = mostUsedSeparator(candidate.column) ?? ',';
    alias(candidate, 'keywords', candidate.column.lists > 0 ? {} : { separator });
  });
  planPrices(
    profile,
    [...take('price'), ...take('sale_price')].filter((candidate) => open(candidate.column)),
    set,
    alias,
  );

  const fits = (check: (text: string) => boolean) => (candidate: Candidate) =>
    shareOf(candidate.column, check) >= 0.8;
  firstOf(
    take('sale_from').filter(fits((text) => parseDate(text.split('/')[0] ?? '') !== undefined)),
    open,
    (c) => alias(c, 'sale_from'),
  );
  firstOf(take('sale_until').filter(fits((text) => parseDate(text) !== undefined)), open, (c) =>
    alias(c, 'sale_until'),
  );
  firstOf(take('currency').filter(fits((text) => /^[A-Za-z]{3}$/.test(text.trim()))), open, (c) =>
    alias(c, 'currency'),
  );
  firstOf(
    take('availability').filter((candidate) =>
      fits(
        (text) => parseAvailability(text, asksSoldOut(normalizeName(candidate.column.name))) !== undefined,
      )(candidate),
    ),
    open,
    (candidate) => {
      const soldOut = asksSoldOut(normalizeName(candidate.column.name));
      alias(
        candidate,
        'availability',
        soldOut ? { soldOut } : {},
        soldOut ? 'availability, asked the other way round: yes means sold out' : undefined,
      );
    },
  );
  firstOf(
    take('stock').filter((candidate) => candidate.column.numbers >= candidate.column.checked * 0.9),
    open,
    (candidate) => alias(candidate, 'stock'),
  );
  firstOf(
    take('delivery_days').filter(fits((text) => parseDeliveryDays(text) !== undefined)),
    open,
    (candidate) => alias(candidate, 'delivery_days'),
  );
  // A column named for a product's status or visibility decides listing only when its values are
  // the words such columns hold (active, draft, 0, 1, hidden...), and at least one lets a row through.
  const listingColumn = (field: 'status' | 'visibility', read: (text: string) => string | undefined) => {
    for (const candidate of take(field)) {
      if (!open(candidate.column)) continue;
      const values = [...candidate.column.distinct];
      const through = values.some(([text]) => read(text) === (field === 'status' ? 'on' : 'shown'));
      if (readsAs(values, read) >= 0.9 && through) alias(candidate, field);
    }
  };
  listingColumn('status', parseStatus);
  listingColumn('visibility', parseVisibility);
  for (const field of ['sale_discount', 'sale_percent'] as const) {
    firstOf(
      take(field).filter(fits((text) => parseNumber(text.replace(/%$/, '').trim(), ',') !== undefined)),
      open,
      (candidate) => alias(candidate, field),
    );
  }
  let rated = false;
  for (const candidate of [...take('rating'), ...take('signal')]) {
    if (!open(candidate.column)) continue;
    const guess = guessType(candidate.column, normalizeName(candidate.column.name));
    if (guess.type !== 'number') continue;
    const code = candidate.field === 'rating' && !rated ? 'rating' : normalizeName(candidate.column.name);
    if (code === 'rating') rated = true;
    set({
      column: candidate.column.name,
      target: `signals.${code}`,
      reason: 'alias',
      sentence: `${quoted(candidate.column.name)} is a usual name for ${candidate.field === 'rating' ? 'a rating' : 'a ranking signal'}: kept as signal "${code}" for ranking.${guess.placeholder ? ` "${guess.placeholder}" is read as no value.` : ''}`,
      ...(guess.placeholder ? { placeholder: guess.placeholder } : {}),
    });
  }
  for (const candidate of take('ignore')) {
    if (!open(candidate.column)) continue;
    const because = IGNORED_BECAUSE[normalizeName(candidate.column.name)];
    const byName = aliasOf(normalizeName(candidate.column.name))?.field === 'ignore';
    set({
      column: candidate.column.name,
      target: 'ignore',
      reason: 'alias',
      sentence: byName
        ? `${quoted(candidate.column.name)} is a usual name for ${because ?? "the shop system's own bookkeeping, which search does not use"}: left out.`
        : `Left out: ${evidenceOf(candidate)}.`,
    });
  }

  const rest = columns.filter(open);
  const prefixes = namespaces(rest.map((column) => column.name));
  for (const column of rest) {
    const prefix = prefixes.get(column.name) ?? '';
    const attribute = book.fromColumn(column, prefix);
    const known = aliasOf(normalizeName(column.name));
    set({
      column: column.name,
      target: `attributes.${attribute.code}`,
      reason: 'made_attribute',
      sentence: `${known && known.field !== 'identifier' ? `Its name suits the ${FIELD_WORDS[known.field] ?? known.field}, which another column fills, so it ` : 'Unknown: it '}becomes attribute "${attribute.code}" (${attribute.type}${attribute.unit ? ` in ${attribute.unit}` : ''}). ${attribute.sentence}`,
      attribute,
      ...(prefix ? { pattern: `${prefix}*` } : {}),
    });
  }

  const ordered = columns.map((column) => plans.get(column.name)!);
  const layoutNotes = layout ? [{ pointer: '/columns', sentence: layoutNote(layout) }] : [];
  const categoryLevels = ordered.filter((plan) => plan.target === 'category_path').map((plan) => plan.column);
  const hasId = ordered.some((plan) => ['id', 'group_id', 'variant_id'].includes(plan.target));
  const notes = hasId
    ? layoutNotes
    : [
        ...layoutNotes,
        {
          pointer: '/columns',
          sentence:
            'No column holds product ids: each product takes an id made from its title (a title that repeats gets -2, -3 in file order).',
        },
      ];
  return {
    columns: ordered,
    byColumn: plans,
    grouped: Boolean(grouping) || ordered.some((plan) => plan.target === 'item_kind'),
    variantLists: ordered.some((plan) => plan.target === 'variants'),
    categoryLevels,
    idsFromTitles: !hasId,
    notes,
    attributes: book,
  };
}

function sourceWord(declared: { code: string; sources?: string[] }, column: string): string {
  if (declared.sources?.includes(column)) return 'source column';
  return normalizeName(column) === declared.code ? 'code' : 'label';
}

/**
 * Values named by a sibling column: Shopify's "Option1 Name" and "Option1 Value" are the choices
 * of variants; WooCommerce's "Attribute 1 name" and "Attribute 1 value(s)" are attributes.
 */
function planSiblings(profile: FileProfile, plans: Map<string, ColumnPlan>): void {
  for (const [values, names] of profile.siblings.all()) {
    if (plans.has(values) && plans.get(values)?.reason !== 'empty') continue;
    if (plans.has(names) && plans.get(names)?.reason !== 'empty') continue;
    const valuesProfile = profile.columns.get(values)!;
    const namesProfile = profile.columns.get(names)!;
    if (valuesProfile.filled === 0) continue;
    const choices = /(?:^|_)(?:option|variant|variation)/.test(normalizeName(values));
    const [namesTarget, valuesTarget] = choices
      ? ['option_name', 'option_value']
      : ['attribute_names', 'attribute_values'];
    if (namesProfile.filled === 0) {
      plans.set(values, {
        column: values,
        target: 'ignore',
        reason: 'names_missing',
        sentence: `Its values would be named by ${quoted(names)}, which no row fills: left out.`,
      });
      continue;
    }
    const nameList = [...namesProfile.distinct.keys()].slice(0, 5).join(', ');
    plans.set(names, {
      column: names,
      target: namesTarget,
      reason: 'names_column',
      sentence: `It names the values of ${quoted(values)} (${nameList}).`,
    });
    plans.set(values, {
      column: values,
      target: valuesTarget,
      reason: 'names_in_sibling',
      sentence: choices
        ? `Its values are named in ${quoted(names)}: each name is a choice the product's variants differ by.`
        : `Its values are named in ${quoted(names)}: each name becomes an attribute.`,
      names,
    });
  }
}

function planImages(
  images: Candidate[],
  galleries: Candidate[],
  grouped: boolean,
  open: (column: ColumnProfile) => boolean,
  alias: Alias,
  set: (plan: ColumnPlan) => void,
): void {
  // Photos are addresses, or paths under the shop's media folder that a layout names.
  const links = images.filter(
    (candidate) =>
      open(candidate.column) &&
      (candidate.column.urls >= candidate.column.checked * 0.5 || candidate.settings.prefix !== undefined),
  );
  const size = (candidate: Candidate) => {
    const name = normalizeName(candidate.column.name);
    return IMAGE_SIZES.find(([pattern]) => pattern.test(name))?.[1];
  };
  // In a file of variant rows, a variant's own image column shows each variant; the product
  // takes the first row's.
  const variantOwn = grouped
    ? links.find((candidate) => /(?:^|_)variant/.test(normalizeName(candidate.column.name)))
    : undefined;
  const sizedFirst = [...links].sort(
    (a, b) => (size(a) ?? -1) - (size(b) ?? -1) || b.weight - a.weight || a.order - b.order,
  );
  const main = variantOwn ?? sizedFirst[0];
  if (!main) return;
  alias(main, 'image');
  for (const candidate of links) {
    if (candidate === main) continue;
    if (size(candidate) !== undefined && size(main) !== undefined) {
      set({
        column: candidate.column.name,
        target: 'ignore',
        reason: 'alias',
        sentence: `${quoted(candidate.column.name)} is a usual name for the same photo in another size than ${quoted(main.column.name)}: left out.`,
      });
    } else alias(candidate, 'images');
  }
  for (const candidate of galleries) {
    if (!open(candidate.column)) continue;
    alias(
      candidate,
      'images',
      candidate.column.lists > 0 ? {} : { separator: mostUsedSeparator(candidate.column) ?? ',' },
    );
  }
}

/**
 * Categories: a list that never moves a value between places is a path from the top ("Clothing",
 * "Polo shirts", ...); text with ">" is a path; several columns (category, sub_category, a
 * product type) are the levels of one path; one plain column names one category. A further
 * category-like column that no path takes becomes an attribute.
 */
function planCategories(categories: Candidate[], levels: Candidate[], set: (plan: ColumnPlan) => void): void {
  const [base, ...others] = categories;
  if (!base) return;
  const column = base.column;
  const example = column.samples[0] ?? '';
  const listed = base.settings.separator;
  if (listed && column.lists === 0) {
    const root = sharedRoot(column, listed);
    set({
      column: column.name,
      target: 'categories',
      reason: 'alias',
      sentence: `Taken for the categories: ${evidenceOf(base)}.${root ? ` Every path starts at "${root}", the shop's root above its categories, which is left out.` : ''}`,
      separator: listed,
      ...(root ? { categoryRoot: root } : {}),
    });
    return;
  }
  if (column.lists >= column.filled * 0.5) {
    const path = column.movingValues <= Math.max(1, column.distinct.size * 0.05);
    const shown = (JSON.parse(example.startsWith('[') ? example : '[]') as unknown[]).join(' > ');
    set({
      column: column.name,
      target: path ? 'category_path' : 'categories',
      reason: 'alias',
      sentence: path
        ? `${quoted(column.name)} is a usual name for categories; each cell lists a path from the top category down (${shown}).`
        : `${quoted(column.name)} is a usual name for categories; each cell lists categories the product is in.`,
    });
    return;
  }
  const separators = [...column.pathSeparators].sort((a, b) => b[1] - a[1]);
  const [separator, count] = separators[0] ?? [];
  if (separator && count !== undefined && count >= column.checked * 0.3) {
    set({
      column: column.name,
      target: 'category_path',
      reason: 'alias',
      sentence: `${quoted(column.name)} is a usual name for categories; values like "${example}" are paths split at "${separator.trim()}".`,
      separator: separator.trim(),
    });
    return;
  }
  const deeper = [
    ...levels.sort(
      (a, b) =>
        (categoryLevelOf(normalizeName(a.column.name)) ?? 9) -
          (categoryLevelOf(normalizeName(b.column.name)) ?? 9) || a.order - b.order,
    ),
    ...others.filter((candidate) => candidate.productType),
  ];
  if (deeper.length > 0) {
    const path = [base, ...deeper];
    path.forEach((candidate, level) => {
      set({
        column: candidate.column.name,
        target: 'category_path',
        reason: 'alias',
        sentence: `${quoted(candidate.column.name)} is a usual name for ${level === 0 ? 'the top category' : `level ${level + 1} of the category path`}: ${path.map((c) => quoted(c.column.name)).join(' > ')} make one path.`,
      });
    });
    return;
  }
  set({
    column: column.name,
    target: 'categories',
    reason: 'alias',
    sentence: `${quoted(column.name)} is a usual name for the product's category (such as "${example}").`,
  });
}

/**
 * Prices: with two price columns, the one never below the other where both are filled is the
 * regular price and the other the reduced (sale) price, whatever their names; names decide when
 * the values do not.
 */
function planPrices(
  profile: FileProfile,
  candidates: Candidate[],
  set: (plan: ColumnPlan) => void,
  alias: Alias,
): void {
  // Nearly every value reads as a price; where a platform's layout names the column, most do
  // (BigCommerce writes price rules such as "[ADD]5" on rows of their own, which are left out).
  let prices = candidates.filter(
    (candidate) =>
      shareOf(
        candidate.column,
        (text) => parsePrice(text, '.') !== undefined || parsePrice(text, ',') !== undefined,
      ) >= (candidate.votes.some((vote) => vote.reader === 'layout') ? 0.5 : 0.9),
  );
  const cents = (candidate: Candidate): Partial<ColumnPlan> =>
    looksLikeCents(candidate.column) ? { cents: true } : {};
  const centsNote = (candidate: Candidate) =>
    looksLikeCents(candidate.column)
      ? ' Every value is a whole number ending like a price in cents (95, 99...), never in 00: read as cents.'
      : '';
  // Shoppers see prices with tax: a price net of tax ("Prix HT", "price_net") is left out where a
  // price with tax stands beside it, and read where it is the only price (a shop selling to
  // businesses).
  const gross = prices.filter((candidate) => !candidate.settings.net);
  if (gross.length > 0 && gross.length < prices.length) {
    for (const candidate of prices.filter((each) => each.settings.net)) {
      set({
        column: candidate.column.name,
        target: 'ignore',
        reason: 'alias',
        sentence: `Taken for a price net of tax (${evidenceOf(candidate)}): shoppers see the price with tax in ${gross.map((each) => quoted(each.column.name)).join(', ')}, so it is left out.`,
      });
    }
    prices = gross;
  }
  if (prices.length === 1) {
    const [only] = prices;
    alias(only!, 'price', cents(only!), 'price', centsNote(only!));
    return;
  }
  let best: { regular: Candidate; reduced: Candidate; above: number; score: number } | undefined;
  for (const regular of prices) {
    for (const reduced of prices) {
      if (regular === reduced) continue;
      const [above, below, equal] = profile.order(regular.column.name, reduced.column.name);
      const both = above + below + equal;
      if (both === 0 || above === 0 || below > both * 0.02) continue;
      const named = (regular.field === 'price' ? 1 : 0) + (reduced.field === 'sale_price' ? 1 : 0);
      const score = named * 1e9 + both;
      if (!best || score > best.score) best = { regular, reduced, above, score };
    }
  }
  if (best) {
    const { regular, reduced, above } = best;
    set({
      column: regular.column.name,
      target: 'price',
      reason: 'price_pair',
      sentence: `Never below ${quoted(reduced.column.name)} where both are filled, above it in ${above.toLocaleString('en')} rows: the regular price, and ${quoted(reduced.column.name)} the reduced one.${centsNote(regular)}`,
      ...cents(regular),
    });
    set({
      column: reduced.column.name,
      target: 'sale_price',
      reason: 'price_pair',
      sentence: `Below ${quoted(regular.column.name)} in ${above.toLocaleString('en')} rows and never above it: the reduced (sale) price, and ${quoted(regular.column.name)} the regular one.${centsNote(reduced)}`,
      ...cents(reduced),
    });
    return;
  }
  const regular = prices.find((candidate) => candidate.field === 'price') ?? prices[0];
  if (regular) alias(regular, 'price', cents(regular), 'price', centsNote(regular));
  const reduced = prices.find((candidate) => candidate.field === 'sale_price' && candidate !== regular);
  if (reduced) alias(reduced, 'sale_price', cents(reduced), 'reduced (sale) price', centsNote(reduced));
}

function firstOf(
  candidates: Candidate[],
  open: (column: ColumnProfile) => boolean,
  use: (candidate: Candidate) => void,
): void {
  const first = candidates.find((candidate) => open(candidate.column));
  if (first) use(first);
}

/** Every value is an entity type code such as `product` or `category`. */
function codesOnly(column: ColumnProfile): boolean {
  const distinct = column.distinctCount();
  return (
    distinct !== undefined &&
    distinct <= 20 &&
    [...column.distinct.keys()].every((value) => /^[a-z][a-z0-9_]*$/.test(value))
  );
}

/** Values are (nearly) all different and nearly every row has one: an id. */
function unique(column: ColumnProfile, rows: number): boolean {
  const distinct = column.distinctCount();
  const different = distinct === undefined || distinct >= column.values * 0.98;
  return different && column.filled >= rows * 0.9;
}

function startsWithSlash(column: ColumnProfile): boolean {
  return column.samples.length > 0 && column.samples.every((sample) => sample.startsWith('/'));
}

/** Share of a column's different values that pass a check (its values, as far as remembered). */
function shareOf(column: ColumnProfile, check: (text: string) => boolean): number {
  if (column.distinct.size === 0) return 0;
  let passed = 0;
  let total = 0;
  for (const [text, count] of column.distinct) {
    total += count;
    if (check(text)) passed += count;
  }
  return passed / total;
}

function mostUsedSeparator(column: ColumnProfile): string | undefined {
  const separators = [...column.listSeparators].sort((a, b) => b[1] - a[1]);
  return separators[0]?.[0];
}
