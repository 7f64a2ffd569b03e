import type { Attribute } from '../../contracts/release-files/index.js';
import { fold } from '../../engine/analysis/fold.js';
import { type ComparisonOperator, formatComparison, withUnit, wordsFor } from '../../lib/words.js';
import type { FacetEntry } from '../../release/page-settings.js';
import { fieldLabel } from '../../release/page-settings.js';
import { textIn } from '../localized.js';
import { type Selector, scalarEquals } from '../selector.js';
import type { Vocabulary, VocabularyBrand } from '../vocabulary.js';

const COMBINATORS = new Set(['any', 'all', 'not']);
const BUCKET_CODE = /^(-?\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/;

const brandsByValue = new WeakMap<Vocabulary, Map<string, VocabularyBrand>>();

/**
 * Writes the chips of applied filters in the request's locale: "Color: Sage", "Price: under
 * 50 EUR", "Screen size: 50 to 64 in" (a bucket by its facet label), "On sale".
 */
export class ChipWriter {
  constructor(
    private readonly vocabulary: Vocabulary,
    private readonly attributes: ReadonlyMap<string, Attribute>,
    private readonly locale: string,
    private readonly currency: string | undefined,
    private readonly facets: readonly FacetEntry[],
  ) {}

  fieldLabel(field: string): string {
    return fieldLabel(this.attributes, field, this.locale);
  }

  /** The chip of one field and its value: "Brand: Sonora"; a flag that is on reads as its name. */
  chip(field: string, value: unknown): string {
    const shown = this.valueText(field, value);
    return this.isFlag(field, value) ? shown : `${this.fieldLabel(field)}: ${shown}`;
  }

  /** What a chip shows for a value: its label, a comparison in words, or a flag's name when it is on. */
  valueText(field: string, value: unknown): string {
    if (this.isFlag(field, value)) {
      return this.fieldLabel(field);
    }
    return this.valueLabel(field, value);
  }

  private isFlag(field: string, value: unknown): boolean {
    return value === true && (field === 'on_sale' || this.attributes.get(field)?.type === 'boolean');
  }

  /** A whole selector in words, its fields joined by semicolons. */
  describe(selector: Selector): string {
    return Object.entries(selector)
      .map(([key, value]) =>
        COMBINATORS.has(key)
          ? (Array.isArray(value) ? value : [value]).map((one) => this.describe(one as Selector)).join(' / ')
          : this.chip(key, value),
      )
      .join('; ');
  }

  valueLabel(field: string, value: unknown): string {
    if (Array.isArray(value)) return value.map((one) => this.valueLabel(field, one)).join(', ');
    if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      if (field === 'category') {
        const ids = object.within ?? object.is;
        return (Array.isArray(ids) ? ids : [ids]).map((id) => this.valueLabel(field, id)).join(', ');
      }
      return formatComparison(
        object as Partial<Record<ComparisonOperator, unknown>>,
        this.unitOf(field),
        this.locale,
      );
    }
    if (field === 'category') {
      return textIn(this.vocabulary.categories.get(String(value))?.title, this.locale) ?? String(value);
    }
    if (field === 'brand') return this.brand(String(value))?.name ?? String(value);
    if (field === 'availability') return wordsFor(this.locale).availability[String(value)] ?? String(value);
    if (typeof value === 'number') return withUnit(value, this.unitOf(field), this.locale);
    if (typeof value === 'string')
      return this.optionLabel(field, value) ?? this.bucketLabel(field, value) ?? value;
    return String(value);
  }

  private optionLabel(field: string, value: string): string | undefined {
    const attribute = this.vocabulary.attributes.get(field);
    if (attribute === undefined) return undefined;
    const option = attribute.options.find((one) => scalarEquals(one.value, value));
    if (option !== undefined) return textIn(option.label, this.locale) ?? option.value;
    const group = attribute.groups.find((one) => one.code === value);
    return group !== undefined ? textIn(group.label, this.locale) : undefined;
  }

  /** A bucket chosen by its bounds ("50-65"): the page facet's label for it, else the bounds in words. */
  private bucketLabel(field: string, code: string): string | undefined {
    const bounds = BUCKET_CODE.exec(code);
    if (!bounds || (bounds[1] === undefined && bounds[2] === undefined)) return undefined;
    const from = bounds[1] !== undefined ? Number(bounds[1]) : undefined;
    const to = bounds[2] !== undefined ? Number(bounds[2]) : undefined;
    for (const facet of this.facets) {
      if (typeof facet === 'string' || facet.field !== field) continue;
      const bucket = facet.buckets?.find((one) => one.from === from && one.to === to);
      if (bucket !== undefined) return textIn(bucket.label, this.locale);
    }
    return formatComparison(
      { ...(from !== undefined ? { gte: from } : {}), ...(to !== undefined ? { lt: to } : {}) },
      this.unitOf(field),
      this.locale,
    );
  }

  private unitOf(field: string): string | undefined {
    if (field === 'price') return this.currency;
    if (field === 'delivery_days') return 'day';
    return this.attributes.get(field)?.unit;
  }

  private brand(value: string): VocabularyBrand | undefined {
    let byValue = brandsByValue.get(this.vocabulary);
    if (byValue === undefined) {
      byValue = new Map();
      for (const brand of this.vocabulary.brands.values()) {
        byValue.set(fold(brand.id), brand);
        byValue.set(fold(brand.value), brand);
      }
      brandsByValue.set(this.vocabulary, byValue);
    }
    return byValue.get(fold(value));
  }
}

/** The fields a selector narrows, at any depth, in the order written. */
export function fieldsOf(selector: Selector): string[] {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(selector)) {
    if (!COMBINATORS.has(key)) fields.push(key);
    else
      for (const inner of Array.isArray(value) ? value : [value]) fields.push(...fieldsOf(inner as Selector));
  }
  return [...new Set(fields)];
}
