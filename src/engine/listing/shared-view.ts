import type { Attribute } from '../../contracts/release-files/index.js';
import { type LocalizedText, pickText } from '../../lib/locale.js';
import type { SharedMeta } from '../artifact/columns-layout.js';
import type { BrandInfo, CategoryInfo } from '../index/columns-catalog.js';
import type { ChannelSettings } from '../index/columns-settings.js';

/** Locales an option's label is kept in. */
const MAX_LABEL_LOCALES = 16;

/** The catalog's categories and brands and the release's attributes and channels, ready for lookups. */
export class SharedView {
  readonly attributes: Map<string, Attribute>;
  readonly channels: readonly ChannelSettings[];
  readonly locale: string | undefined;
  readonly categories: ReadonlyMap<string, CategoryInfo>;
  /** Children per category id in catalog order; roots under the empty string. */
  readonly children: ReadonlyMap<string, readonly string[]>;
  private readonly brands = new Map<string, BrandInfo>();
  private readonly options = new Map<string, Map<string, NonNullable<Attribute['options']>[number]>>();
  /** Per attribute code, its options by value: each label, and that label per locale ('' for none). */
  private readonly labels = new Map<
    string,
    Map<string, { label: unknown; byLocale: Map<string, string | undefined> }>
  >();

  constructor(meta: SharedMeta) {
    this.attributes = new Map(meta.attributes.toReversed().map((attribute) => [attribute.code, attribute]));
    this.channels = meta.channels;
    this.locale = meta.locale;
    this.categories = new Map(meta.catalog.categories.map((category) => [category.id, category]));
    const children = new Map<string, string[]>();
    for (const category of meta.catalog.categories) {
      const parent =
        category.parent !== undefined && this.categories.has(category.parent) ? category.parent : '';
      const list = children.get(parent) ?? [];
      children.set(parent, list);
      list.push(category.id);
    }
    this.children = children;
    for (const brand of meta.catalog.brands) {
      for (const name of [brand.id, ...(brand.aliases ?? [])]) this.setBrand(name, brand);
      if (typeof brand.title === 'string') this.setBrand(brand.title, brand);
      else for (const title of Object.values(brand.title ?? {})) this.setBrand(title, brand);
    }
  }

  private setBrand(name: string, brand: BrandInfo): void {
    const key = name.toLowerCase();
    if (!this.brands.has(key)) this.brands.set(key, brand);
  }

  /** An option of an option attribute by its value. */
  option(field: string, value: unknown): NonNullable<Attribute['options']>[number] | undefined {
    let byValue = this.options.get(field);
    if (byValue === undefined) {
      byValue = new Map((this.attributes.get(field)?.options ?? []).map((option) => [option.value, option]));
      this.options.set(field, byValue);
    }
    return byValue.get(String(value));
  }

  /**
   * How a hit shows an attribute's value: the label of its option in the locale (the first option
   * of that value), else the value as the catalog writes it. Labels are kept per option and locale
   * (a few locales each: requests name few).
   */
  optionLabel(code: string, value: unknown, locale: string | undefined): unknown {
    let labels = this.labels.get(code);
    if (labels === undefined) {
      labels = new Map();
      for (const option of this.attributes.get(code)?.options ?? []) {
        if (!labels.has(option.value)) labels.set(option.value, { label: option.label, byLocale: new Map() });
      }
      this.labels.set(code, labels);
    }
    if (labels.size === 0) return value;
    const option = labels.get(String(value));
    if (option === undefined || option.label === undefined) return value;
    const key = locale ?? '';
    let label = option.byLocale.get(key);
    if (label === undefined && !option.byLocale.has(key)) {
      label = this.text(option.label as LocalizedText, locale);
      if (option.byLocale.size < MAX_LABEL_LOCALES) option.byLocale.set(key, label);
    }
    return label ?? value;
  }

  /** The brand entity a product's brand value names, by id, title or alias. */
  brand(value: string): BrandInfo | undefined {
    return this.brands.get(value.toLowerCase());
  }

  /** A text in the locale, falling back to the source locale, then any. */
  text(text: LocalizedText | undefined, locale: string | undefined): string | undefined {
    // A plain string reads the same in every locale (most texts of most catalogs).
    if (text === undefined || typeof text === 'string') return text;
    return pickText(text, locale, this.locale);
  }

  categoryTitle(id: string, locale: string | undefined): string {
    return this.text(this.categories.get(id)?.title, locale) ?? id;
  }

  /** The category's chain from its root down to it. */
  categoryPath(id: string): string[] {
    const path: string[] = [];
    const seen = new Set<string>();
    let at: string | undefined = id;
    while (at !== undefined && !seen.has(at)) {
      path.unshift(at);
      seen.add(at);
      const parent: string | undefined = this.categories.get(at)?.parent;
      at = parent !== undefined && this.categories.has(parent) ? parent : undefined;
    }
    return path;
  }

  channel(id: string | undefined): ChannelSettings | undefined {
    return id === undefined ? this.channels[0] : this.channels.find((channel) => channel.id === id);
  }
}
