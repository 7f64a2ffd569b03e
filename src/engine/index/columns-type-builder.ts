import type { CatalogEntity, Variant } from '../../contracts/catalog-entity.js';
import type { Attribute } from '../../contracts/release-files/index.js';
import { withSmartCategories } from '../filter/smart-categories.js';
import { type OfferPatch, offerKey, patchedOffer } from '../offers/patch.js';
import { rowOffer, writesOffers } from '../offers/resolve.js';
import { DEFAULT_RESULT_FIELDS, storedDoc, storedRow } from '../results/stored.js';
import { compileSignals, rawSignal } from '../signals/normalize.js';
import { CodeColumnBuilder, listedOrder, naturalOrder, type ValueOrder } from './columns-builder.js';
import { ancestorsOf, type CatalogInfo, type CompileContext } from './columns-catalog.js';
import {
  AVAILABILITIES,
  CATEGORY_IS,
  type ChannelColumns,
  type CodeColumn,
  type FieldColumn,
  type FieldLevel,
  type FieldNature,
  type FieldValue,
  NO_DAYS,
  type StructuredData,
} from './columns-data.js';
import { categoryOrder, inCategoryOrder } from './columns-order.js';
import { channelsOf, type StructuredSettings } from './columns-settings.js';
import { FieldValueReader, fieldValues, readRange } from './columns-values.js';
import { Growable } from './growable.js';
import { StringTableBuilder } from './string-table.js';

interface AttributeField {
  code: string;
  nature: FieldNature;
  level: FieldLevel;
  unit: string | undefined;
  order: ValueOrder;
  codes?: CodeColumnBuilder;
  reader?: FieldValueReader;
  low?: Growable<Float64Array>;
  high?: Growable<Float64Array>;
}

class ChannelBuilder {
  readonly sold = new Growable((n) => new Uint8Array(n));
  readonly price = new Growable((n) => new Float64Array(n));
  readonly salePrice = new Growable((n) => new Float64Array(n));
  readonly windowRows = new Growable((n) => new Uint32Array(n), 64);
  readonly windowFrom = new Growable((n) => new Float64Array(n), 64);
  readonly windowUntil = new Growable((n) => new Float64Array(n), 64);
  readonly availability = new Growable((n) => new Uint8Array(n));
  readonly deliveryMin = new Growable((n) => new Uint16Array(n));
  readonly deliveryMax = new Growable((n) => new Uint16Array(n));
  readonly stock = new Growable((n) => new Float64Array(n));
  readonly currencyCodes = new Growable((n) => new Uint8Array(n));
  readonly currencies: string[] = [];

  /** `currency` absent: the channel takes the first currency an offer names (see DEFAULT_CHANNEL). */
  constructor(
    readonly id: string,
    private currency: string | undefined,
  ) {}

  add(
    entity: CatalogEntity,
    variant: Variant | undefined,
    row: number,
    writes: boolean,
    patches: readonly OfferPatch[] = [],
  ): void {
    let offer = rowOffer(entity, variant, this.id, writes);
    for (const patch of patches) offer = patchedOffer(offer, patch);
    const listed = entity.channels === undefined || entity.channels.includes(this.id);
    // An offers update sells the row in its channel, as a catalog offer for the channel would.
    this.sold.push(offer.sold && (listed || patches.length > 0) ? 1 : 0);
    this.price.push(offer.price ?? Number.NaN);
    this.salePrice.push(offer.salePrice ?? Number.NaN);
    if (offer.salePrice !== undefined && (offer.saleFrom !== undefined || offer.saleUntil !== undefined)) {
      this.windowRows.push(row);
      this.windowFrom.push(offer.saleFrom ?? Number.NEGATIVE_INFINITY);
      this.windowUntil.push(offer.saleUntil ?? Number.POSITIVE_INFINITY);
    }
    this.availability.push(offer.availability ? AVAILABILITIES.indexOf(offer.availability) + 1 : 0);
    this.deliveryMin.push(Math.min(offer.deliveryMin ?? NO_DAYS, NO_DAYS));
    this.deliveryMax.push(Math.min(offer.deliveryMax ?? NO_DAYS, NO_DAYS));
    this.stock.push(offer.stock ?? Number.NaN);
    let currencyCode = 0;
    this.currency ??= offer.currency;
    if (offer.currency !== undefined && offer.currency !== this.currency) {
      let index = this.currencies.indexOf(offer.currency);
      if (index < 0) index = this.currencies.push(offer.currency) - 1;
      currencyCode = index + 1;
    }
    this.currencyCodes.push(currencyCode);
  }

  build(): ChannelColumns {
    return {
      id: this.id,
      ...(this.currency !== undefined ? { currency: this.currency } : {}),
      sold: this.sold.toArray(),
      price: this.price.toArray(),
      salePrice: this.salePrice.toArray(),
      windowRows: this.windowRows.toArray(),
      windowFrom: this.windowFrom.toArray(),
      windowUntil: this.windowUntil.toArray(),
      availability: this.availability.toArray(),
      deliveryMin: this.deliveryMin.toArray(),
      deliveryMax: this.deliveryMax.toArray(),
      stock: this.stock.toArray(),
      currencyCodes: this.currencyCodes.toArray(),
      currencies: this.currencies,
    };
  }
}

function natureOfAttribute(attribute: Attribute): FieldNature | undefined {
  return attribute.type === 'text' ? undefined : attribute.type;
}

function orderOfAttribute(attribute: Attribute): ValueOrder {
  return attribute.type === 'option'
    ? listedOrder((attribute.options ?? []).map((o) => o.value))
    : naturalOrder;
}

/** An attribute without a declaration, seen first as `value`: its nature follows the value's type. */
function inferredNature(value: unknown): FieldNature {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' ? 'number' : typeof first === 'boolean' ? 'boolean' : 'option';
}

/** A document-level attribute: the entity's own value, else those of its variants together. */
function docValue(entity: CatalogEntity, variants: readonly Variant[] | undefined, code: string): unknown {
  const own = entity.attributes?.[code];
  if (own !== undefined || variants === undefined) return own;
  const values: unknown[] = [];
  for (const variant of variants) {
    const value = variant.attributes?.[code];
    if (value !== undefined) values.push(value);
  }
  return values.length > 0 ? values.flat() : undefined;
}

/**
 * Collects the structured half of one type's index while its entities arrive in catalog order:
 * rows (variants, or the implicit one), categories, brand, rating, attributes at their level,
 * offers per channel and signals. The category columns are completed when the whole catalog is
 * known (ancestors, smart categories).
 */
export class StructuredBuilder {
  private readonly rowStart = new Growable((n) => new Uint32Array(n));
  /** Each row's id and stored JSON, encoded as rows arrive rather than kept as strings. */
  private readonly rowIds = new StringTableBuilder();
  private readonly rowStored = new StringTableBuilder();
  private rows = 0;
  private readonly categories = new CodeColumnBuilder();
  /** Each document's primary category: the one marked primary, else its first. */
  private readonly primary: Array<string | undefined> = [];
  private readonly brand = new CodeColumnBuilder();
  private readonly rating = new CodeColumnBuilder();
  private readonly attributes = new Map<string, AttributeField>();
  private readonly declared: boolean;
  private readonly channels: ChannelBuilder[];
  private readonly signalRaw = new Map<string, Growable<Float64Array>>();
  private readonly datedSignals: Set<string>;
  private readonly resultFields: readonly string[];
  private documents = 0;
  /** Scratch: the attribute codes of the entity being added. */
  private readonly carried = new Set<string>();

  constructor(
    readonly type: string,
    private readonly settings: StructuredSettings,
  ) {
    this.rowStart.push(0);
    this.declared = settings.attributes !== undefined;
    for (const attribute of settings.attributes ?? []) {
      const nature = natureOfAttribute(attribute);
      if (nature === undefined || this.attributes.has(attribute.code)) continue;
      this.addAttribute({
        code: attribute.code,
        nature,
        level: attribute.level === 'variant' ? 'row' : 'doc',
        unit: attribute.unit,
        order: orderOfAttribute(attribute),
      });
    }
    this.channels = channelsOf(settings).map((channel) => new ChannelBuilder(channel.id, channel.currency));
    const signals = settings.signals ?? [];
    this.datedSignals = new Set(signals.filter((s) => s.direction === 'newer_is_better').map((s) => s.code));
    const codes = new Set(signals.map((signal) => signal.code));
    for (const signal of signals) {
      if (typeof signal.normalize === 'object' && 'damped' in signal.normalize)
        codes.add(signal.normalize.damped.count_signal);
    }
    for (const code of codes) this.signalRaw.set(code, new Growable((n) => new Float64Array(n)));
    this.resultFields = settings.types?.[type]?.resultFields ?? DEFAULT_RESULT_FIELDS;
  }

  private addAttribute(field: Omit<AttributeField, 'codes' | 'reader' | 'low' | 'high'>): AttributeField {
    const built: AttributeField =
      field.nature === 'range'
        ? {
            ...field,
            low: new Growable((n) => new Float64Array(n)),
            high: new Growable((n) => new Float64Array(n)),
          }
        : {
            ...field,
            codes: new CodeColumnBuilder(),
            reader: new FieldValueReader(field.nature, field.unit),
          };
    this.attributes.set(field.code, built);
    return built;
  }

  /** The stored JSON of the entity's result data, for the type's `stored` table. */
  stored(entity: CatalogEntity): string {
    return storedDoc(entity, this.resultFields);
  }

  add(entity: CatalogEntity): void {
    const variants = entity.variants && entity.variants.length > 0 ? entity.variants : undefined;
    const firstRow = this.rows;
    const rowVariants: Array<Variant | undefined> = variants ?? [undefined];
    for (const variant of rowVariants) {
      this.rowIds.push(variant?.id ?? entity.id);
      this.rowStored.push(variant ? storedRow(variant, this.resultFields) : '');
      this.rows++;
    }
    this.rowStart.push(this.rows);

    const categories = entity.categories ?? [];
    this.categories.addSlot(categories.map((link) => (typeof link === 'string' ? link : link.id)));
    const primary = categories.find((link) => typeof link !== 'string' && link.primary) ?? categories[0];
    this.primary.push(primary === undefined ? undefined : typeof primary === 'string' ? primary : primary.id);
    this.brand.addSlot(entity.brand !== undefined ? [entity.brand] : []);
    this.rating.addSlot(fieldValues('rating', entity.signals?.rating, undefined));

    if (!this.declared) this.inferAttributes(entity, rowVariants);
    // Only the attributes the entity carries are visited: a catalog of thousands of attributes,
    // each carried by a few products, fills the rest of every column once, at the next value or at
    // the end (padTo), instead of visiting every attribute for every entity.
    const carried = this.carried;
    carried.clear();
    for (const code in entity.attributes) carried.add(code);
    for (const variant of rowVariants) for (const code in variant?.attributes) carried.add(code);
    for (const code of carried) {
      const field = this.attributes.get(code);
      if (field === undefined) continue;
      if (field.level === 'doc') {
        this.padTo(field, this.documents);
        this.addValue(field, docValue(entity, variants, code));
      } else {
        this.padTo(field, firstRow);
        for (const variant of rowVariants) {
          this.addValue(field, variant?.attributes?.[code] ?? entity.attributes?.[code]);
        }
      }
    }

    const writes = writesOffers(entity);
    const patches = this.settings.offerPatches;
    for (const channel of this.channels) {
      for (let index = 0; index < rowVariants.length; index++) {
        const variant = rowVariants[index];
        const patched = patches?.get(offerKey(this.type, entity.id, variant?.id ?? entity.id, channel.id));
        channel.add(entity, variant, firstRow + index, writes, patched);
      }
    }
    for (const [code, values] of this.signalRaw) {
      values.push(rawSignal(entity.signals?.[code], this.datedSignals.has(code)));
    }
    this.documents++;
  }

  /** Fills the slots of `field` before `slots` that no entity carrying it has filled, as empty. */
  private padTo(field: AttributeField, slots: number): void {
    if (field.codes) {
      field.codes.addEmpty(slots - field.codes.slots);
      return;
    }
    while (field.low!.length < slots) {
      field.low!.push(Number.NaN);
      field.high!.push(Number.NaN);
    }
  }

  private addValue(field: AttributeField, value: unknown): void {
    if (field.codes) {
      if (value === undefined) field.codes.addEmpty(1);
      else field.codes.addSlot(field.reader!.valuesOf(value));
      return;
    }
    const range = value === undefined ? undefined : readRange(value, field.unit);
    field.low!.push(range?.[0] ?? Number.NaN);
    field.high!.push(range?.[1] ?? Number.NaN);
  }

  /** Without attributes.json every attribute is a field: of the entity per document, of variants per row. */
  private inferAttributes(entity: CatalogEntity, variants: Array<Variant | undefined>): void {
    const found = (code: string, value: unknown, level: FieldLevel) => {
      if (this.attributes.has(code)) return;
      this.addAttribute({ code, nature: inferredNature(value), level, unit: undefined, order: naturalOrder });
    };
    for (const [code, value] of Object.entries(entity.attributes ?? {})) found(code, value, 'doc');
    for (const variant of variants)
      for (const [code, value] of Object.entries(variant?.attributes ?? {})) found(code, value, 'row');
  }

  build(context: CompileContext): StructuredData {
    for (const field of this.attributes.values())
      this.padTo(field, field.level === 'doc' ? this.documents : this.rows);
    const fields: FieldColumn[] = [...this.categoryFields(context.catalog)];
    fields.push({ name: 'brand', level: 'doc', nature: 'brand', ...this.brandColumn(context.catalog) });
    fields.push({ name: 'rating', level: 'doc', nature: 'rating', ...this.rating.build(naturalOrder) });
    for (const field of this.attributes.values()) {
      const meta = { name: field.code, level: field.level, nature: field.nature };
      if (field.codes) fields.push({ ...meta, ...field.codes.build(field.order) });
      else
        fields.push({
          ...meta,
          dict: [],
          column: {},
          low: field.low!.toArray(),
          high: field.high!.toArray(),
        });
    }
    const signals = compileSignals(
      this.settings.signals ?? [],
      new Map([...this.signalRaw].map(([code, values]) => [code, values.toArray()])),
      this.settings.signalWeights?.[this.type] ?? {},
      this.documents,
    );
    const rowStart = this.rowStart.toArray();
    const data: StructuredData = {
      rows: this.rows,
      catalogPosition: Uint32Array.from(this.primary.keys()),
      rowBase: rowStart,
      rowStart,
      rowIds: this.rowIds.build(),
      rowStored: this.rowStored.build(),
      fields,
      channels: this.channels.map((channel) => channel.build()),
      ...signals,
      grain: this.settings.types?.[this.type]?.grain ?? 'product',
      resultFields: this.settings.types?.[this.type]?.resultFields,
    };
    return inCategoryOrder(
      withSmartCategories(data, this.settings, context),
      categoryOrder(this.primary, context.catalog, rowStart),
    );
  }

  /**
   * `brand`, each value named by the brand entity it spells (by id, title or alias, without regard
   * to case), so "Acme" and "acme" are one facet value `acme`; a brand the catalog has no entity
   * for keeps its spelling.
   */
  private brandColumn(catalog: CatalogInfo): { dict: FieldValue[]; column: CodeColumn } {
    const byName = new Map<string, string>();
    for (const brand of catalog.brands) {
      const titles = typeof brand.title === 'string' ? [brand.title] : Object.values(brand.title ?? {});
      for (const name of [brand.id, ...titles, ...(brand.aliases ?? [])]) {
        if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), brand.id);
      }
    }
    const canonical = new CodeColumnBuilder();
    // Each spelling's code, found once rather than per document.
    const canonicalCode = this.brand.firstSeenDict().map((written) => {
      const value = String(written);
      return canonical.code(byName.get(value.toLowerCase()) ?? value);
    });
    const codes: number[] = [];
    for (let doc = 0; doc < this.brand.slots; doc++) {
      codes.length = 0;
      for (const code of this.brand.slotCodes(doc)) codes.push(canonicalCode[code - 1]!);
      canonical.addCodes(codes);
    }
    return canonical.build(naturalOrder);
  }

  /**
   * `category` (each assigned category and everything above it, for `within` and the facet) and
   * `category.is` (the assigned ones). Codes follow the catalog's order of categories, then
   * categories only products name.
   */
  private categoryFields(catalog: CatalogInfo): FieldColumn[] {
    const known = catalog.categories.map((category) => category.id);
    const assigned = this.categories.firstSeenDict().map(String);
    const dict = [...new Set([...known, ...assigned])];
    const ancestors = ancestorsOf(catalog.categories);
    const is = new CodeColumnBuilder();
    const within = new CodeColumnBuilder();
    for (const id of dict) {
      is.code(id);
      within.code(id);
    }
    // Each assigned category's code, and its codes with everything above it, found once rather
    // than per document (the two columns number `dict` alike).
    const directCode = assigned.map((id) => is.code(id));
    const expandedCodes = assigned.map((id) =>
      [id, ...(ancestors.get(id) ?? [])].map((up) => within.code(up)),
    );
    const documents = this.categories.slots;
    const direct: number[] = [];
    const expanded: number[] = [];
    for (let doc = 0; doc < documents; doc++) {
      direct.length = 0;
      expanded.length = 0;
      for (const code of this.categories.slotCodes(doc)) {
        direct.push(directCode[code - 1]!);
        for (const up of expandedCodes[code - 1]!) expanded.push(up);
      }
      is.addCodes(direct);
      within.addCodes(expanded);
    }
    const order = listedOrder(dict);
    return [
      { name: 'category', level: 'doc', nature: 'category', ...within.build(order) },
      { name: CATEGORY_IS, level: 'doc', nature: 'category', ...is.build(order) },
    ];
  }
}
