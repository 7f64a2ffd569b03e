import type { RoutesFile } from '../../contracts/release-files/index.js';
import type { Channel, Storefront } from '../storefront.js';
import { normalizeUrl } from './normalize-url.js';

export type Legacy = NonNullable<RoutesFile['legacy']>[number];

/** A page address of one locale: `locale` is the locale it is written for. */
export interface Localized<T> {
  locale: string;
  value: T;
}

/** A brand path template of one locale, split where `{brand}` goes. */
interface BrandTemplate {
  locale: string;
  prefix: string;
  suffix: string;
}

/**
 * The addresses of one channel's pages, in every locale it serves, made once per release and
 * catalog: the legacy table, the search page, category paths and brand paths. A path a category
 * writes once serves every locale; a path of one locale is found from the others too, so a URL of
 * another locale can be sent to this locale's address.
 */
export class RouteTable {
  readonly legacy = new Map<string, Legacy>();
  readonly searchPaths = new Map<string, string[]>();
  readonly categories = new Map<string, Array<Localized<string>>>();
  private readonly lowerCategories = new Map<string, string>();
  private readonly brandTemplates: BrandTemplate[] = [];

  constructor(
    storefront: Storefront,
    readonly channel: Channel,
  ) {
    const { routes } = storefront.view;
    for (const entry of routes.legacy ?? []) {
      const key = normalizeUrl(entry.from).text;
      if (!this.legacy.has(key)) this.legacy.set(key, entry);
    }
    const locales = channel.locales;
    for (const locale of locales) {
      const search = storefront.text(routes.search?.path, locale);
      if (search !== undefined) add(this.searchPaths, normalizeUrl(search).path, locale);
      const brands = storefront.text(routes.brands?.path, locale);
      if (brands !== undefined) {
        const at = brands.indexOf('{brand}');
        this.brandTemplates.push({
          locale,
          prefix: brands.slice(0, at),
          suffix: brands.slice(at + '{brand}'.length),
        });
      }
    }
    for (const category of storefront.vocabulary.categories.values()) {
      if (!storefront.inChannel(category.id, channel.id)) continue;
      for (const locale of locales) {
        const path = storefront.categoryUrl(category.id, locale);
        if (path === undefined) continue;
        const normal = normalizeUrl(path).path;
        const list = this.categories.get(normal) ?? [];
        if (!list.some((one) => one.value === category.id && one.locale === locale)) {
          list.push({ locale, value: category.id });
        }
        this.categories.set(normal, list);
        if (!this.lowerCategories.has(normal.toLowerCase()))
          this.lowerCategories.set(normal.toLowerCase(), normal);
      }
    }
  }

  /** The category path written with other letters' case, as the catalog writes it. */
  categoryPathInCase(path: string): string | undefined {
    const known = this.lowerCategories.get(path.toLowerCase());
    return known !== path ? known : undefined;
  }

  /** The brand id a path names through a brand path template, per locale whose template it fits. */
  brandsOf(path: string): Array<Localized<string>> {
    const found: Array<Localized<string>> = [];
    for (const template of this.brandTemplates) {
      if (!path.startsWith(template.prefix) || !path.endsWith(template.suffix)) continue;
      const id = path.slice(template.prefix.length, path.length - template.suffix.length);
      if (id === '' || id.includes('/')) continue;
      found.push({ locale: template.locale, value: id });
    }
    return found;
  }
}

function add(map: Map<string, string[]>, key: string, locale: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(locale)) list.push(locale);
  map.set(key, list);
}

/** The route tables of a storefront, one per channel, made on first use. */
const tables = new WeakMap<Storefront, Map<string, RouteTable>>();

export function routeTable(storefront: Storefront, channel: Channel): RouteTable {
  let byChannel = tables.get(storefront);
  if (byChannel === undefined) {
    byChannel = new Map();
    tables.set(storefront, byChannel);
  }
  let table = byChannel.get(channel.id);
  if (table === undefined) {
    table = new RouteTable(storefront, channel);
    byChannel.set(channel.id, table);
  }
  return table;
}
