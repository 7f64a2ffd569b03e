import type { Availability, CatalogEntity } from '../../contracts/catalog-entity.js';
import { type Cell, cellText, type Row } from '../readers/rows.js';
import { aliasOf } from './aliases.js';
import { categoryPath } from './categories.js';
import { type ItemKind, isTotalWord, parseItemKind, parseStatus, parseVisibility } from './listing-values.js';
import { normalizeName } from './names.js';
import type { AttributePlan, ColumnPlan, MappingPlan } from './plan.js';
import { PATH_SEPARATORS, pairsOfCell } from './profile.js';
import type { ReadDefaults } from './read-defaults.js';
import { convert } from './units.js';
import {
  absoluteUrl,
  type Decimal,
  htmlToText,
  isBlank,
  looksLikeHtml,
  parseAvailability,
  parseBoolean,
  parseDate,
  parseDeliveryDays,
  parseNumber,
  parsePrice,
  parseQuantity,
  parseRange,
  textOf,
  valuesOf,
} from './values.js';

export type AttributeValue = NonNullable<CatalogEntity['attributes']>[string];
type Text = NonNullable<CatalogEntity['title']>;

export interface OfferFields {
  price?: number;
  sale_price?: number;
  sale_window?: { from?: string; until?: string };
  currency?: string;
  availability?: Availability;
  stock?: number;
  delivery_days?: { min: number; max: number };
}

/** A variant choice a row makes: the values column, the name (when the row gives it), the value. */
export interface Choice {
  column: string;
  name?: string;
  value: string;
}

/** One row mapped to catalog fields, before rows are grouped into products. */
export interface RowRecord {
  row: Row;
  type: string;
  id?: string;
  groupId?: string;
  variantId?: string;
  title?: Text;
  description?: Text;
  url?: string;
  brand?: string;
  paths: string[][];
  keywords: string[];
  image?: string;
  images: string[];
  attributes: Map<string, AttributeValue>;
  signals: Record<string, number | string | boolean>;
  offer: OfferFields;
  choices: Choice[];
  /** A status column says the shop does not sell it (a draft, archived, disabled): the column and value. */
  off?: { column: string; value: string };
  /** A visibility column hides it from listings: it is a product only as another's variant. */
  hidden?: { column: string; value: string };
  /** What a row kind column says the row is. */
  kind?: { kind: ItemKind; column: string; value: string };
  /** The variants a product row lists by id, with the choices each makes. */
  variantList?: { column: string; variants: { id: string; choices: [name: string, value: string][] }[] };
  /** An amount or a percentage the sale price is below the price. */
  discount?: { amount?: number; percent?: number };
  /** Why the row cannot be a product; the first one names the rejection. */
  problem?: string;
}

const PRICE_WORDS: Record<string, string> = { price: 'price', sale_price: 'sale price' };

/**
 * Maps rows to catalog fields as a plan says. Values are read by their destination (prices with
 * their currency signs, dates, units converted into the attribute's unit); a value that cannot be
 * read is left out and counted against its column, a price that cannot be read rejects the row.
 */
export class RowMapper {
  /** Values left out per column because they do not read as the destination's type. */
  readonly unreadable = new Map<string, number>();
  private readonly defaultCurrency: string | undefined;
  private readonly defaultLocale: string | undefined;
  private readonly localized: Set<string>;

  constructor(
    private readonly plan: MappingPlan,
    private readonly decimal: Decimal,
    defaults: ReadDefaults,
  ) {
    this.defaultCurrency = defaults.currency?.value;
    this.defaultLocale = defaults.locale?.value;
    this.localized = new Set(plan.columns.filter((column) => column.locale).map((column) => column.target));
  }

  map(row: Row): RowRecord {
    const record: RowRecord = {
      row,
      type: 'product',
      paths: [],
      keywords: [],
      images: [],
      attributes: new Map(),
      signals: {},
      offer: {},
      choices: [],
    };
    const levels: string[] = [];
    for (const [column, cell] of row.cells) {
      const plan = this.plan.byColumn.get(column);
      if (!plan || plan.target === 'ignore' || isBlank(cell)) continue;
      if (plan.placeholder !== undefined && textOf(cell) === plan.placeholder) continue;
      this.apply(record, plan, cell, row, levels);
    }
    if (this.plan.categoryLevels.length > 1) {
      const path = this.plan.categoryLevels
        .map((column) => levelText(row.cells.get(column)))
        .filter((name) => name !== '');
      if (path.length > 0) record.paths.push(path);
    }
    if (record.offer.currency === undefined && this.defaultCurrency && record.offer.price !== undefined) {
      record.offer.currency = this.defaultCurrency;
    }
    applyDiscount(record);
    settleSale(record.offer);
    if (record.kind?.kind === 'variant') choicesFromTitle(record);
    // A row holding a total word ("Total", "Summe") where a product has its name, or with no name
    // at all, sums the rows above it.
    const titled = typeof record.title === 'string' && !isTotalWord(record.title);
    if (!titled) {
      const total = [...row.cells.values()].find((cell) => typeof cell === 'string' && isTotalWord(cell));
      if (total !== undefined)
        record.problem ??= `The row sums the rows above it ("${String(total).trim()}"): it is no product.`;
    }
    return record;
  }

  private apply(record: RowRecord, plan: ColumnPlan, cell: Cell, row: Row, levels: string[]): void {
    const text = firstText(cell);
    switch (plan.target) {
      case 'type':
        if (text && /^[a-z][a-z0-9_]*$/.test(text)) record.type = text;
        return;
      case 'id':
        if (text) record.id = text;
        return;
      case 'group_id':
        if (text) record.groupId = text;
        return;
      case 'variant_id':
        if (text) record.variantId = text;
        return;
      case 'title':
        // A title is one line: exports wrap long ones.
        if (text)
          record.title = this.localize(
            record.title,
            plan,
            oneLine(looksLikeHtml(text) ? htmlToText(text) : text),
          );
        return;
      case 'description': {
        if (!text) return;
        const lines = unescapedLines(text);
        record.description = this.localize(
          record.description,
          plan,
          looksLikeHtml(lines) ? htmlToText(lines) : lines,
        );
        return;
      }
      case 'url':
        if (text) record.url = withPrefix(absoluteUrl(text), plan.prefix);
        return;
      case 'image':
        if (text) record.image = withPrefix(absoluteUrl(text), plan.prefix);
        return;
      case 'images':
        record.images.push(
          ...split(cell, plan.separator).map((url) => withPrefix(absoluteUrl(url), plan.prefix)),
        );
        return;
      case 'status': {
        const value = firstText(cell) ?? '';
        if (parseStatus(cell) === 'off') record.off ??= { column: plan.column, value };
        return;
      }
      case 'visibility': {
        const value = firstText(cell) ?? '';
        if (parseVisibility(cell) === 'hidden') record.hidden ??= { column: plan.column, value };
        return;
      }
      case 'item_kind': {
        const value = firstText(cell) ?? '';
        const kind = parseItemKind(value);
        if (record.kind === undefined || kind === 'other') record.kind = { kind, column: plan.column, value };
        return;
      }
      case 'variants':
        if (text) record.variantList = { column: plan.column, variants: variantListOf(text) };
        return;
      case 'sale_discount':
      case 'sale_percent': {
        const amount =
          text !== undefined ? parseNumber(text.replace(/%$/, '').trim(), this.decimal) : undefined;
        this.readInto(plan, amount, (value) => {
          if (value === 0) return;
          record.discount = {
            ...record.discount,
            [plan.target === 'sale_percent' ? 'percent' : 'amount']: value,
          };
        });
        return;
      }
      case 'brand':
        if (text) record.brand = oneLine(text);
        return;
      case 'categories':
        // A category named with a path separator is a path ("Clothing, Clothing > Hoodies").
        for (const name of split(cell, plan.separator)) {
          const path = categoryPath(name);
          if (plan.categoryRoot !== undefined && path.length > 1 && path[0] === plan.categoryRoot)
            path.shift();
          record.paths.push(path);
        }
        return;
      case 'category_path':
        if (this.plan.categoryLevels.length > 1) levels.push(text ?? '');
        else {
          // A path may name one word at two levels ("Cameras > Cameras"): its levels are not deduplicated.
          const path = Array.isArray(cell)
            ? valuesOf(cell)
                .map((level) => (textOf(level) ?? cellText(level)).trim())
                .filter((level) => level !== '')
            : splitPath(text ?? '', plan.separator);
          if (path.length > 0) record.paths.push(path);
        }
        return;
      case 'keywords':
        record.keywords.push(...split(cell, plan.separator));
        return;
      case 'price':
      case 'sale_price': {
        const price = parsePrice(Array.isArray(cell) ? (cell[0] ?? '') : cell, this.decimal, plan.cents);
        if (!price) {
          record.problem ??= `The ${PRICE_WORDS[plan.target]} in "${plan.column}" is not a price.`;
          return;
        }
        record.offer[plan.target] = price.amount;
        if (price.currency) record.offer.currency ??= price.currency;
        return;
      }
      case 'sale_from': {
        const [from, until] = (text ?? '').split('/');
        this.readInto(plan, from ? parseDate(from) : undefined, (value) => {
          record.offer.sale_window = { ...record.offer.sale_window, from: value };
        });
        if (until && parseDate(until))
          record.offer.sale_window = { ...record.offer.sale_window, until: parseDate(until)! };
        return;
      }
      case 'sale_until':
        this.readInto(plan, text ? parseDate(text) : undefined, (value) => {
          record.offer.sale_window = { ...record.offer.sale_window, until: value };
        });
        return;
      case 'currency':
        this.readInto(plan, text && /^[A-Za-z]{3}$/.test(text) ? text.toUpperCase() : undefined, (value) => {
          record.offer.currency = value;
        });
        return;
      case 'availability':
        this.readInto(
          plan,
          parseAvailability(Array.isArray(cell) ? (cell[0] ?? '') : cell, plan.soldOut ?? false),
          (value) => {
            record.offer.availability = value;
          },
        );
        return;
      case 'stock': {
        const stock = text !== undefined ? parseNumber(text, this.decimal) : undefined;
        this.readInto(plan, stock === undefined ? undefined : Math.trunc(stock), (value) => {
          record.offer.stock = value;
        });
        return;
      }
      case 'delivery_days':
        this.readInto(plan, parseDeliveryDays(cell), (value) => {
          record.offer.delivery_days = value;
        });
        return;
      case 'option_name':
      case 'attribute_names':
        return;
      case 'option_value':
        if (text) {
          const name = plan.names ? firstText(row.cells.get(plan.names) ?? '') : undefined;
          record.choices.push(
            name ? { column: plan.column, name, value: text } : { column: plan.column, value: text },
          );
        }
        return;
      case 'attribute_values': {
        const name = plan.names ? firstText(row.cells.get(plan.names) ?? '') : undefined;
        if (!name) {
          this.count(plan.column);
          return;
        }
        this.setNamed(record, plan.column, name, cell);
        return;
      }
      case 'attribute_pairs':
        for (const [name, value] of pairsOfCell(cell, true)) this.setNamed(record, plan.column, name, value);
        return;
    }
    if (plan.target.startsWith('signals.')) {
      this.readInto(plan, signalValue(cell, this.decimal), (value) => {
        record.signals[plan.target.slice('signals.'.length)] = value;
      });
      return;
    }
    if (plan.attribute) {
      this.readInto(plan, attributeValue(plan.attribute, cell, this.decimal, plan.unit), (value) => {
        record.attributes.set(plan.attribute!.code, value);
      });
    }
  }

  private setNamed(record: RowRecord, column: string, name: string, cell: Cell): void {
    // A pair named like the brand field is the brand (Magento's additional_attributes hold
    // "manufacturer=..."), where no column gives one.
    if (aliasOf(normalizeName(name))?.field === 'brand') {
      const brand = firstText(cell);
      if (brand && record.brand === undefined) record.brand = oneLine(brand);
      return;
    }
    const attribute = this.plan.attributes.fromName(
      name,
      this.plan.attributes.namedProfile(column, name),
      column,
    );
    const value = attributeValue(attribute, cell, this.decimal, undefined);
    if (value === undefined) this.count(column);
    else record.attributes.set(attribute.code, value);
  }

  private localize(current: Text | undefined, plan: ColumnPlan, text: string): Text {
    if (!this.localized.has(plan.target)) return current ?? text;
    const locale = plan.locale ?? this.defaultLocale ?? 'und';
    const map = typeof current === 'object' ? { ...current } : {};
    map[locale] ??= text;
    return map;
  }

  private readInto<T>(plan: ColumnPlan, value: T | undefined, store: (value: T) => void): void {
    if (value === undefined) this.count(plan.column);
    else store(value);
  }

  private count(column: string): void {
    this.unreadable.set(column, (this.unreadable.get(column) ?? 0) + 1);
  }
}

/**
 * A sale price from a discount column: an amount or a percentage below the price (PrestaShop's
 * "Montant de la réduction", "Pourcentage de réduction"), rounded to cents.
 */
function applyDiscount(record: RowRecord): void {
  const { discount, offer } = record;
  if (!discount || offer.price === undefined || offer.sale_price !== undefined) return;
  const reduced =
    discount.amount !== undefined
      ? offer.price - discount.amount
      : offer.price * (1 - (discount.percent ?? 0) / 100);
  if (reduced > 0 && reduced < offer.price) offer.sale_price = Math.round(reduced * 100) / 100;
}

/**
 * A sale price that is not below the price is no sale: it is the price. A sale price of 0 is none:
 * exports write 0 where no sale is set (BigCommerce's "Sale Price"), and no shop sells for nothing.
 */
function settleSale(offer: OfferFields): void {
  if (offer.sale_price === 0) {
    delete offer.sale_price;
    delete offer.sale_window;
  }
  if (offer.sale_price === undefined) return;
  if (offer.price === undefined || offer.sale_price >= offer.price) {
    offer.price = offer.sale_price;
    delete offer.sale_price;
    delete offer.sale_window;
  }
}

/**
 * Line breaks written as the two characters backslash and n (WooCommerce's export writes them so)
 * become line breaks: prose never holds a literal "\\n", so the rule holds in any shop.
 */
function unescapedLines(text: string): string {
  return text.includes('\\n') ? text.replace(/\\r\\n|\\n/g, '\n') : text;
}

/** A path to a file of the shop (Magento's "/m/h/mh01.jpg") written under the shop's folder for it. */
function withPrefix(url: string, prefix: string | undefined): string {
  if (prefix === undefined || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${prefix.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * The variants a cell lists: "sku=A-1,size=S,color=Black|sku=A-2,size=M,color=Black" (Magento's
 * configurable_variations). Each variant is named by its id pair (a name the id fields go by),
 * else its first pair; the other pairs are its choices.
 */
export function variantListOf(text: string): { id: string; choices: [string, string][] }[] {
  const variants: { id: string; choices: [string, string][] }[] = [];
  for (const part of text.split('|')) {
    const pairs = part
      .split(',')
      .map((pair) => pair.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0]!.trim() !== '')
      .map(([name, value]): [string, string] => [name.trim(), value.trim()]);
    const idAt = pairs.findIndex(([name]) => {
      const field = aliasOf(normalizeName(name))?.field;
      return field === 'id' || field === 'variant_id';
    });
    const at = idAt === -1 ? 0 : idAt;
    const id = pairs[at]?.[1];
    if (!id) continue;
    variants.push({ id, choices: pairs.filter((_, index) => index !== at && pairs[index]![1] !== '') });
  }
  return variants;
}

/**
 * A variant row named by its choices ("[RB]Size=Small,[S]Color=Blue": BigCommerce writes a SKU
 * row's option values so, each after the code of its kind of option) makes those choices and takes
 * its product's title.
 */
function choicesFromTitle(record: RowRecord): void {
  if (typeof record.title !== 'string') return;
  const parts = record.title
    .split(',')
    .map((part) => /^\s*(?:\[[A-Z]+\])?\s*([^=[\]]+?)\s*=\s*(.+?)\s*$/.exec(part));
  if (parts.length === 0 || parts.some((match) => match === null)) return;
  for (const match of parts) record.choices.push({ column: 'title', name: match![1]!, value: match![2]! });
  delete record.title;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function firstText(cell: Cell): string | undefined {
  if (typeof cell === 'string') {
    const text = cell.trim();
    return text === '' ? undefined : text;
  }
  const [first] = valuesOf(cell);
  if (first === undefined) return undefined;
  const text = textOf(first) ?? cellText(first);
  return text === '' ? undefined : text;
}

function levelText(cell: Cell | undefined): string {
  return cell === undefined || isBlank(cell) ? '' : (firstText(cell) ?? '');
}

/** A cell's values as texts: the items of a list, or a text cut at the separator. */
function split(cell: Cell, separator: string | undefined): string[] {
  const texts: string[] = [];
  for (const value of valuesOf(cell)) {
    const text = textOf(value) ?? cellText(value);
    for (const piece of separator ? text.split(separator) : [text]) {
      const trimmed = piece.trim();
      if (trimmed !== '' && !texts.includes(trimmed)) texts.push(trimmed);
    }
  }
  return texts;
}

function splitPath(text: string, separator: string | undefined): string[] {
  const cut = separator ?? PATH_SEPARATORS.find((candidate) => text.includes(candidate))?.trim();
  const pieces = cut ? text.split(cut) : [text];
  return pieces.map((piece) => piece.trim()).filter((piece) => piece !== '');
}

function signalValue(cell: Cell, decimal: Decimal): number | string | boolean | undefined {
  const [value] = valuesOf(cell);
  if (value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  return parseNumber(value, decimal) ?? parseBoolean(value) ?? parseDate(value);
}

/**
 * A cell as an attribute's value, read by the attribute's type: lists stay lists where the
 * attribute takes several values, quantities are converted into the attribute's unit, ranges
 * become `{min, max}`. Undefined when no value reads.
 */
function attributeValue(
  attribute: AttributePlan,
  cell: Cell,
  decimal: Decimal,
  columnUnit: string | undefined,
): AttributeValue | undefined {
  const read: (string | number | boolean | { min: number; max: number })[] = [];
  for (const value of valuesOf(cell)) {
    const texts =
      typeof value === 'string' && attribute.separator
        ? value.split(attribute.separator).map((piece) => piece.trim())
        : [value];
    for (const item of texts) {
      if (item === '' || (attribute.placeholder !== undefined && item === attribute.placeholder)) continue;
      const converted = readAs(attribute, item, decimal, columnUnit);
      if (converted === undefined) return undefined;
      if (!read.some((known) => JSON.stringify(known) === JSON.stringify(converted))) read.push(converted);
    }
  }
  if (read.length === 0) return undefined;
  // A list stays a list, even of one value: the same column gives every product the same shape.
  if (attribute.multiple || read.length > 1 || Array.isArray(cell)) {
    if (read.every((item) => typeof item !== 'object')) return read as (string | number | boolean)[];
    return read[0];
  }
  return read[0];
}

function readAs(
  attribute: AttributePlan,
  value: Cell,
  decimal: Decimal,
  columnUnit: string | undefined,
): string | number | boolean | { min: number; max: number } | undefined {
  switch (attribute.type) {
    case 'boolean':
      return parseBoolean(value) ?? (value === 1 ? true : value === 0 ? false : undefined);
    case 'number':
      return parseNumber(value, decimal);
    case 'quantity': {
      const bare = parseNumber(value, decimal);
      const unit = attribute.unit;
      if (bare !== undefined) {
        return columnUnit && unit ? convert(bare, columnUnit, unit) : bare;
      }
      const quantity = parseQuantity(value, decimal);
      if (!quantity) return undefined;
      return unit ? convert(quantity.value, quantity.unit, unit) : quantity.value;
    }
    case 'range': {
      const bare = parseNumber(value, decimal);
      if (bare !== undefined) return { min: bare, max: bare };
      const range = parseRange(value, decimal);
      if (!range) return undefined;
      if (!range.unit || !attribute.unit) return { min: range.min, max: range.max };
      const min = convert(range.min, range.unit, attribute.unit);
      const max = convert(range.max, range.unit, attribute.unit);
      return min === undefined || max === undefined ? undefined : { min, max };
    }
    case 'date':
      return parseDate(value);
    case 'text': {
      const text = textOf(value);
      return text === undefined || text === '' ? undefined : looksLikeHtml(text) ? htmlToText(text) : text;
    }
    default: {
      const text = textOf(value);
      return text === undefined || text === '' ? undefined : text;
    }
  }
}
