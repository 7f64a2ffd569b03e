import type { PageLink } from '../contracts/pages.js';
import { type EngineIndex, isSold } from '../engine/index.js';
import { type LocalizedText, pickText, servedLocale } from '../lib/locale.js';
import { type Planner, placeRequest, type Vocabulary, type VocabularyBrand } from '../planner/index.js';
import type { PageSettings } from '../release/page-settings.js';
import type { ChannelView } from '../release/release-view.js';
import { type ReleaseView, releaseView } from '../release/release-view.js';
import type { ProductRecords } from './product-records.js';

/** A channel as the release view has it: a channel may name no currency. */
export type Channel = ChannelView;

/** What storefront pages are answered from: the live index, release, vocabulary and product records. */
export interface StorefrontSource {
  index: EngineIndex;
  files: Record<string, unknown>;
  vocabulary: Vocabulary;
  planner: Planner;
  records: ProductRecords;
  release: string;
  snapshot: string;
}

/** Where a page is answered: the channel, the locale asked for, and the locale its texts are in. */
export interface PagePlace {
  channel: Channel;
  /** The locale as asked (or the channel's first). */
  locale: string;
  /** The locale the channel serves for it: what texts are picked in. */
  textLocale: string;
}

/**
 * One release over one catalog, ready to answer storefront pages: the release read as its types,
 * the page settings the planner compiled, and lookups of categories and brands made once.
 */
export class Storefront {
  readonly view: ReleaseView;
  readonly pages: PageSettings;
  /** The catalog's source locale: texts fall back to it. */
  readonly sourceLocale: string | undefined;
  private brands: Map<string, VocabularyBrand> | undefined;
  private readonly paths = new Map<string, PageLink[]>();

  constructor(readonly source: StorefrontSource) {
    this.view = releaseView(source.files);
    this.pages = source.planner.pages;
    this.sourceLocale = source.index.shared.locale;
  }

  get vocabulary(): Vocabulary {
    return this.source.vocabulary;
  }

  /**
   * The channel (default the release's first) and locale (default the channel's first) of a
   * page; a channel or locale the release lacks is a 400 naming `/channel` or `/locale`, and so is
   * a context key or value channels.json does not declare (a preview fixes the shopper's context).
   */
  place(
    channel: string | undefined,
    locale: string | undefined,
    context?: Record<string, string>,
  ): PagePlace {
    const placed = placeRequest(
      {
        ...(channel !== undefined ? { channel } : {}),
        ...(locale !== undefined ? { locale } : {}),
        ...(context !== undefined ? { context } : {}),
      },
      this.view.channels,
      [],
    );
    return {
      channel: placed.channel,
      locale: placed.locale,
      textLocale: servedLocale(placed.locale, placed.channel.locales) ?? placed.locale,
    };
  }

  /** A text in the locale, falling back to the catalog's source locale, then any. */
  text(text: LocalizedText | undefined, locale: string): string | undefined {
    return pickText(text, locale, this.sourceLocale);
  }

  /** Whether a category exists in a channel (a category naming no channels exists in every one). */
  inChannel(category: string, channel: string): boolean {
    const found = this.vocabulary.categories.get(category);
    return found !== undefined && (found.channels === undefined || found.channels.includes(channel));
  }

  categoryTitle(category: string, locale: string): string {
    return this.text(this.vocabulary.categories.get(category)?.title, locale) ?? category;
  }

  categoryUrl(category: string, locale: string): string | undefined {
    return this.text(this.vocabulary.categories.get(category)?.path, locale);
  }

  categoryLink(category: string, locale: string): PageLink {
    const url = this.categoryUrl(category, locale);
    return {
      id: category,
      title: this.categoryTitle(category, locale),
      ...(url !== undefined ? { url } : {}),
    };
  }

  /** The categories from the root down to `category`, for breadcrumbs (a cycle is cut where it closes). */
  categoryPath(category: string, locale: string): PageLink[] {
    const key = `${locale}\u0000${category}`;
    let path = this.paths.get(key);
    if (path === undefined) {
      const chain: string[] = [];
      for (
        let at: string | undefined = category;
        at !== undefined && !chain.includes(at) && this.vocabulary.categories.has(at);
        at = this.vocabulary.categories.get(at)?.parent
      ) {
        chain.unshift(at);
      }
      path = chain.map((id) => this.categoryLink(id, locale));
      if (this.paths.size < 100_000) this.paths.set(key, path);
    }
    return path;
  }

  /** The brand a product's brand value names: by id, name, alias or the value products write. */
  brand(written: string): VocabularyBrand | undefined {
    if (this.brands === undefined) {
      this.brands = new Map();
      for (const brand of this.vocabulary.brands.values()) {
        for (const name of [brand.id, brand.name, brand.value, ...brand.aliases]) {
          const key = name.toLowerCase();
          if (!this.brands.has(key)) this.brands.set(key, brand);
        }
      }
    }
    return this.brands.get(written.toLowerCase());
  }

  /** Whether the channel sells one of a product's variants. */
  sells(product: string, channel: string): boolean {
    return isSold(this.source.index, 'product', product, channel);
  }

  /** A brand's page in the locale, where the brand has one and routes.json lays out brand pages. */
  brandUrl(brand: VocabularyBrand, locale: string): string | undefined {
    if (!brand.page) return undefined;
    const path = this.text(this.view.routes.brands?.path, locale);
    return path?.replace('{brand}', encodeURIComponent(brand.id));
  }
}
