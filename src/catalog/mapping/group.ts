import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import { cellText } from '../readers/rows.js';
import type { Rejections } from '../report.js';
import type { AttributeValue, OfferFields, RowRecord } from './apply.js';
import type { BrandBook } from './brands.js';
import type { CategoryTree } from './categories.js';
import { slug } from './names.js';
import type { MappingPlan } from './plan.js';

/** Shopify writes this option on products without variants. */
const NO_VARIANTS = { name: 'title', value: 'default title' };

interface Resolved {
  record: RowRecord;
  choices: [code: string, value: string][];
}

/**
 * Turns mapped rows into products. Without a group column each row is a product. With one
 * (Shopify's Handle, a feed's item_group_id) the rows sharing it are one product: rows that carry
 * an offer, a choice or an id of their own are its variants, the others add photos (Shopify
 * writes extra photos on rows of their own). Details the same on every variant stay on the
 * product; details that differ go to the variants.
 */
export class Assembler {
  /** Attribute codes whose values differ between a product's variants. */
  readonly variantLevel = new Set<string>();
  private readonly ids = new Set<string>();
  private readonly variantIds = new Set<string>();
  private readonly titleIds = new Map<string, number>();
  private readonly groups = new Map<string, RowRecord[]>();
  /** Rows waiting for the end of the file, when product rows list their variants. */
  private listed: RowRecord[] = [];
  /** The group of the last product row, which the variant rows after it belong to. */
  private lastProduct: string | undefined;

  constructor(
    private readonly plan: MappingPlan,
    private readonly rejections: Rejections,
    private readonly categories: CategoryTree,
    private readonly brands: BrandBook,
  ) {}

  /** Products complete with this row: the row's own product, unless rows are grouped. */
  add(record: RowRecord): CatalogEntity[] {
    if (record.kind?.kind === 'other') {
      this.reject(
        record,
        `The row is neither a product nor a variant ("${record.kind.value}" in "${record.kind.column}").`,
      );
      return [];
    }
    if (this.plan.variantLists) {
      // A product row may list variants whose rows come before or after it: rows wait for the end.
      this.listed.push(record);
      return [];
    }
    if (this.plan.grouped) {
      const key = this.groupKey(record);
      if (key === undefined) {
        this.reject(record, 'The row names no product: its group, its id and its title are empty.');
        return [];
      }
      const group = this.groups.get(key);
      if (group) group.push(record);
      else this.groups.set(key, [record]);
      return [];
    }
    const unlisted = unlistedCause(record);
    if (unlisted) {
      this.reject(record, unlisted);
      return [];
    }
    return this.alone(record);
  }

  /** Products of grouped rows, in the order their first rows came. */
  finish(): CatalogEntity[] {
    const products: CatalogEntity[] = [];
    if (this.listed.length > 0) products.push(...this.fromVariantLists());
    for (const [key, records] of this.groups) {
      const product = this.grouped(key, records);
      if (product) products.push(product);
    }
    this.groups.clear();
    return products;
  }

  /** A row's product on its own, named by its id or its title. */
  private alone(record: RowRecord): CatalogEntity[] {
    const id = record.id ?? (this.plan.idsFromTitles ? this.titleId(record) : undefined);
    if (id === undefined) {
      this.reject(
        record,
        this.plan.idsFromTitles
          ? 'The row has no title to name the product by.'
          : 'The row has no product id.',
      );
      return [];
    }
    const key = `${record.type}:${id}`;
    if (this.ids.has(key)) {
      this.reject(record, 'The row repeats a product id that an earlier row has.');
      return [];
    }
    this.ids.add(key);
    return [this.single(id, [record], record)];
  }

  /**
   * The product a grouped row belongs to: its group id, else its own id. A variant row that names
   * no group belongs to the product row above it: exports that mark rows by kind (BigCommerce's
   * "SKU" rows) list a product's variant rows right after it.
   */
  private groupKey(record: RowRecord): string | undefined {
    if (record.kind?.kind === 'variant' && record.groupId === undefined && this.lastProduct !== undefined)
      return this.lastProduct;
    const key = record.groupId ?? record.variantId ?? record.id ?? this.titleId(record);
    if (key !== undefined && record.kind?.kind !== 'variant') this.lastProduct = key;
    return key;
  }

  /**
   * Products of an export whose product rows list their variants by id (Magento's configurable
   * products): the rows listed become the variants, making the choices the list names; other rows
   * are products of their own unless the export hides them from listings.
   */
  private fromVariantLists(): CatalogEntity[] {
    const byId = new Map<string, RowRecord>();
    for (const record of this.listed)
      if (record.id !== undefined && !byId.has(record.id)) byId.set(record.id, record);
    const claimed = new Set<RowRecord>();
    for (const record of this.listed) {
      for (const variant of record.variantList?.variants ?? []) {
        const child = byId.get(variant.id);
        if (child && child !== record) claimed.add(child);
      }
    }
    const products: CatalogEntity[] = [];
    for (const record of this.listed) {
      if (claimed.has(record)) continue;
      const listed = record.variantList?.variants ?? [];
      const children = listed.flatMap((variant) => {
        const child = byId.get(variant.id);
        return child && child !== record ? [{ child, choices: variant.choices }] : [];
      });
      const unlisted = unlistedCause(record);
      if (unlisted) {
        this.reject(record, unlisted);
        for (const { child } of children)
          this.reject(child, `Its product's row is left out: ${lowerFirst(unlisted)}`);
        continue;
      }
      const sold = children.filter(({ child }) => {
        if (!child.off) return true;
        this.reject(child, offCause(child.off));
        return false;
      });
      if (sold.length === 0 || record.id === undefined) {
        products.push(...this.alone(record));
        continue;
      }
      const column = record.variantList!.column;
      const rows: Resolved[] = sold.map(({ child, choices }) => ({
        record: child,
        choices: choices.map(([name, value]): [string, string] => [
          this.plan.attributes.fromName(name, undefined, column, true).code,
          value,
        ]),
      }));
      if (this.ids.has(`${record.type}:${record.id}`)) {
        this.reject(record, 'The row repeats a product id that an earlier row has.');
        continue;
      }
      this.ids.add(`${record.type}:${record.id}`);
      products.push(this.withVariants(record.id, [record, ...sold.map(({ child }) => child)], rows));
    }
    this.listed = [];
    return products;
  }

  private grouped(key: string, given: RowRecord[]): CatalogEntity | undefined {
    // The row that describes the product: one a row kind column calls a product, or the row the
    // others name as their group by its own id (WooCommerce's "variable" row under its variations).
    const parentAt =
      given.length > 1
        ? given.findIndex(
            (record) =>
              record.kind?.kind === 'product' ||
              (record.kind === undefined &&
                record.groupId === undefined &&
                (record.id ?? record.variantId) === key),
          )
        : -1;
    const parent = parentAt >= 0 ? given[parentAt] : undefined;
    const head = parent ?? given[0]!;
    const unlisted = unlistedCause(head);
    if (unlisted) {
      for (const record of given)
        this.reject(record, record === head ? unlisted : `Its product is left out: ${lowerFirst(unlisted)}`);
      return undefined;
    }
    const records = [head, ...given.filter((record) => record !== head)].filter((record) => {
      if (!record.off) return true;
      this.reject(record, offCause(record.off));
      return false;
    });
    const names = new Map<string, string>();
    for (const record of records) {
      for (const choice of record.choices)
        if (choice.name && !names.has(choice.column)) names.set(choice.column, choice.name);
    }
    const resolved: Resolved[] = records.map((record) => ({
      record,
      choices: this.resolveChoices(record, names),
    }));
    const variantRows = resolved.filter(
      ({ record, choices }) =>
        record !== parent &&
        (choices.length > 0 ||
          hasOffer(record.offer) ||
          record.variantId !== undefined ||
          record.kind?.kind === 'variant' ||
          (record.groupId !== undefined && record.id !== undefined)),
    );
    if (variantRows.length <= 1 && (variantRows[0]?.choices.length ?? 0) <= 1) {
      const only = variantRows[0] ?? resolved[0]!;
      const product = this.single(key, records, parent && variantRows.length === 0 ? parent : only.record);
      for (const [code, value] of only.choices) product.attributes = { ...product.attributes, [code]: value };
      return product;
    }
    return this.withVariants(key, records, variantRows);
  }

  private withVariants(key: string, records: RowRecord[], rows: Resolved[]): CatalogEntity {
    const product = this.productFields(key, records);
    const axes: string[] = [];
    for (const { choices } of rows) for (const [code] of choices) if (!axes.includes(code)) axes.push(code);
    const codes = new Set<string>();
    for (const { record } of rows) for (const code of record.attributes.keys()) codes.add(code);
    const shared: Record<string, AttributeValue> = {};
    const differing: string[] = [];
    for (const code of codes) {
      const values = rows.map(({ record }) => record.attributes.get(code));
      const first = JSON.stringify(values[0]);
      // A value only the first row gives is the product's: exports that write a product's fields
      // on its first row (Shopify's Type) leave them empty on the rows after it.
      const onlyFirst = values[0] !== undefined && values.slice(1).every((value) => value === undefined);
      if (onlyFirst || values.every((value) => value !== undefined && JSON.stringify(value) === first))
        shared[code] = values[0]!;
      else differing.push(code);
    }
    for (const record of records) {
      for (const [code, value] of record.attributes)
        if (!codes.has(code) && !(code in shared)) shared[code] = value;
    }
    if (Object.keys(shared).length > 0) product.attributes = shared;
    // Codes that differ between variants (a variant's own number) tell them apart but are no
    // choice a shopper makes.
    const choices = differing.filter((code) => this.plan.attributes.byCode.get(code)?.type !== 'identifier');
    const variesBy = axes.length > 0 ? axes : choices;
    for (const code of [...axes, ...differing]) this.variantLevel.add(code);

    const head = records[0]!;
    const headIsVariant = rows.some(({ record }) => record === head);
    const inherited = headIsVariant ? {} : head.offer;
    const image = rows[0]?.record.image ?? (headIsVariant ? undefined : head.image) ?? product.images?.[0];
    const variants: Variant[] = [];
    const seenChoices = new Set<string>();
    rows.forEach(({ record, choices }, index) => {
      const attributes: Record<string, AttributeValue> = Object.fromEntries(choices);
      for (const code of differing) {
        const value = record.attributes.get(code);
        // A variant's value is one choice, though the attribute lists several on the product row.
        if (value !== undefined)
          attributes[code] = Array.isArray(value) && value.length === 1 ? value[0]! : value;
      }
      const choiceKey = JSON.stringify(variesBy.map((code) => attributes[code] ?? null));
      if (variesBy.length > 0 && seenChoices.has(choiceKey)) {
        this.reject(record, 'The row repeats the choices of an earlier variant of its product.');
        return;
      }
      const own = record.id !== undefined && record.id !== key ? record.id : undefined;
      const id =
        record.variantId ?? own ?? `${key}-${slug(choices.map(([, value]) => value).join(' ')) || index + 1}`;
      if (this.variantIds.has(id)) {
        this.reject(record, 'The row repeats a variant id that an earlier row has.');
        return;
      }
      seenChoices.add(choiceKey);
      this.variantIds.add(id);
      // A variant row inherits what it leaves empty of the offer from its product's row (Shopware's
      // variants, BigCommerce's SKU rows): the product row's offer is the offer of every variant.
      const variant: Variant = { id, ...offerOf({ ...inherited, ...record.offer }) };
      if (record.title !== undefined && JSON.stringify(record.title) !== JSON.stringify(product.title))
        variant.title = record.title;
      if (record.url !== undefined && record.url !== product.url) variant.url = record.url;
      if (record.image !== undefined && record.image !== image) variant.image = record.image;
      if (Object.keys(attributes).length > 0) variant.attributes = attributes;
      variants.push(variant);
    });
    if (image !== undefined) product.image = image;
    const gallery = (product.images ?? []).filter((url) => url !== image);
    if (gallery.length > 0) product.images = gallery;
    else delete product.images;
    if (variesBy.length > 0) product.varies_by = variesBy;
    product.variants = variants;
    return product;
  }

  /** A product from one row (or a group without variants): its offer on the product itself. */
  private single(id: string, records: RowRecord[], main: RowRecord): CatalogEntity {
    const product = this.productFields(id, records);
    const attributes: Record<string, AttributeValue> = {};
    for (const record of [main, ...records]) {
      for (const [code, value] of record.attributes) if (!(code in attributes)) attributes[code] = value;
    }
    if (Object.keys(attributes).length > 0) product.attributes = attributes;
    const image = main.image ?? product.images?.[0];
    if (image !== undefined) product.image = image;
    const gallery = (product.images ?? []).filter((url) => url !== image);
    if (gallery.length > 0) product.images = gallery;
    else delete product.images;
    return { ...product, ...offerOf(main.offer) };
  }

  /** What every row of a product says about the product: the first value of each field wins. */
  private productFields(id: string, records: RowRecord[]): CatalogEntity {
    const first = <T>(pick: (record: RowRecord) => T | undefined): T | undefined => {
      for (const record of records) {
        const value = pick(record);
        if (value !== undefined) return value;
      }
      return undefined;
    };
    const product: CatalogEntity = { type: records[0]!.type, id };
    const title = first((record) => record.title);
    if (title !== undefined) product.title = title;
    const description = first((record) => record.description);
    if (description !== undefined) product.description = description;
    const url = first((record) => record.url);
    if (url !== undefined) product.url = url;
    const brand = first((record) => record.brand);
    if (brand !== undefined) product.brand = this.brands.add(brand);
    const categories = unique(
      records.flatMap((record) => record.paths.map((path) => this.categories.add(path))),
    );
    if (categories.length > 0) product.categories = categories;
    const keywords = unique(records.flatMap((record) => record.keywords));
    if (keywords.length > 0) product.keywords = keywords;
    const images = unique(
      records.flatMap((record) =>
        isVariantless(record) && record.image ? [record.image, ...record.images] : record.images,
      ),
    );
    if (images.length > 0) product.images = images;
    const signals = Object.assign({}, ...[...records].reverse().map((record) => record.signals));
    if (Object.keys(signals).length > 0) product.signals = signals;
    return product;
  }

  private resolveChoices(record: RowRecord, names: Map<string, string>): [string, string][] {
    const choices: [string, string][] = [];
    for (const choice of record.choices) {
      const name = choice.name ?? names.get(choice.column);
      if (!name) continue;
      if (name.toLowerCase() === NO_VARIANTS.name && choice.value.toLowerCase() === NO_VARIANTS.value)
        continue;
      const attribute = this.plan.attributes.fromName(name, undefined, choice.column, true);
      choices.push([attribute.code, choice.value]);
    }
    return choices;
  }

  /** An id from the title: "Red Shoe" is `red-shoe`, a second "Red Shoe" `red-shoe-2`. */
  private titleId(record: RowRecord): string | undefined {
    const title =
      typeof record.title === 'string'
        ? record.title
        : record.title
          ? Object.values(record.title)[0]
          : undefined;
    const base = title ? slug(title) : '';
    if (base === '') return undefined;
    let count = this.titleIds.get(base) ?? 0;
    let id: string;
    do {
      count++;
      id = count === 1 ? base : `${base}-${count}`;
    } while (count > 1 && this.titleIds.has(id));
    this.titleIds.set(base, count);
    return id;
  }

  private reject(record: RowRecord, cause: string): void {
    this.rejections.add(
      cause,
      record.row.number,
      [...record.row.cells].map(([name, cell]) => [name, cellText(cell)]),
    );
  }
}

/** Why the export keeps a row out of listings: a status says it is not sold, a visibility hides it. */
function unlistedCause(record: RowRecord): string | undefined {
  if (record.off) return offCause(record.off);
  if (record.hidden)
    return `The export hides the row from listings ("${record.hidden.value}" in "${record.hidden.column}") and no product lists it as a variant.`;
  return undefined;
}

function offCause(off: { column: string; value: string }): string {
  return `The export marks the row as not for sale ("${off.value}" in "${off.column}": a draft, archived or disabled).`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A row that only adds a photo to its product: no offer, no choice, no id of its own. */
function isVariantless(record: RowRecord): boolean {
  return !hasOffer(record.offer) && record.choices.length === 0 && record.variantId === undefined;
}

function hasOffer(offer: OfferFields): boolean {
  return Object.keys(offer).length > 0;
}

function offerOf(offer: OfferFields): OfferFields {
  const fields: OfferFields = { ...offer };
  if (fields.sale_window && Object.keys(fields.sale_window).length === 0) delete fields.sale_window;
  return fields;
}

function unique<T>(values: (T | undefined)[]): T[] {
  const seen: T[] = [];
  for (const value of values) if (value !== undefined && !seen.includes(value)) seen.push(value);
  return seen;
}
