import type { PageAnswer, PageStep } from '../../contracts/pages.js';
import { type FoundProduct, productByUrl } from '../product-answer.js';
import type { PagePlace, Storefront } from '../storefront.js';
import { type ListingPage, type ListingTarget, listingPage } from './listing.js';
import { type NormalizedUrl, normalizeUrl, writeUrl } from './normalize-url.js';
import { type RouteTable, routeTable } from './route-table.js';

/** What a URL is, before its results are fetched: the page answer without release, snapshot and results. */
export interface PageDecision {
  url: string;
  place: PagePlace;
  kind: PageAnswer['kind'];
  status: PageAnswer['status'];
  robots: PageAnswer['robots'];
  canonical?: string;
  entity?: string;
  title?: string;
  listing?: ListingPage;
  product?: FoundProduct;
  redirect?: NonNullable<PageAnswer['redirect']>;
  trace: PageStep[];
}

/** Chains longer than this are cut: validation refuses loops, but entity pages can lead back. */
const MAX_HOPS = 20;

/**
 * What a URL is, in the contract's decision order: normalize it; the legacy table (moved: a
 * redirect to the final URL, chains followed to the end; gone: 410); the search page; category
 * and brand paths; product URLs; else not found. A path another locale of the channel writes, or
 * written in other letters' case, is sent to this locale's address.
 */
export function decidePage(storefront: Storefront, url: string, place: PagePlace): PageDecision {
  const trace: PageStep[] = [];
  const normal = normalizeUrl(url);
  trace.push({
    step: 'normalize',
    outcome: 'done',
    url: normal.text,
    detail:
      normal.removed.length > 0
        ? `Read as ${normal.text}, without ${normal.removed.join(', ')}.`
        : `Read as ${normal.text}.`,
    ...(normal.removed.length > 0 ? { removed: [...normal.removed] } : {}),
  });
  const table = routeTable(storefront, place.channel);
  const base = { url: normal.text, place, trace };

  const moved = followLegacy(storefront, table, normal, place, trace);
  if (moved !== undefined) return { ...base, ...moved };

  const locale = place.textLocale;
  const search = table.searchPaths.get(normal.path);
  if (search !== undefined) {
    const here = search.some((one) => one.toLowerCase() === locale.toLowerCase());
    if (!here) {
      const own = storefront.text(storefront.view.routes.search?.path, locale);
      if (own !== undefined) {
        trace.push({
          step: 'search_page',
          outcome: 'matched',
          url: normal.path,
          detail: `${normal.path} is the search page in ${search.join(', ')}; in ${locale} it is ${own}.`,
        });
        return {
          ...base,
          ...movedTo(
            writeUrl(own, normal.params),
            [normal.text],
            undefined,
            `The search page of ${locale} is ${own}.`,
          ),
        };
      }
    }
    trace.push({
      step: 'search_page',
      outcome: 'matched',
      url: normal.path,
      detail: `${normal.path} is the search page.`,
    });
    return listing(storefront, { kind: 'search_page' }, normal, base, titleOfSearch(storefront, locale));
  }
  trace.push({ step: 'search_page', outcome: 'no_match', detail: 'It is not the search page.' });

  const category = categoryOf(storefront, table, normal, place, trace);
  if (category !== undefined) {
    if ('redirect' in category) return { ...base, ...category.redirect };
    return listing(
      storefront,
      { kind: 'category_page', category: category.id },
      normal,
      { ...base, entity: `category:${category.id}` },
      storefront.categoryTitle(category.id, locale),
    );
  }

  const brand = brandOf(storefront, table, normal, place, trace);
  if (brand !== undefined) {
    if ('redirect' in brand) return { ...base, ...brand.redirect };
    return listing(
      storefront,
      { kind: 'brand_page', brand: brand.id, value: brand.value },
      normal,
      { ...base, entity: `brand:${brand.id}` },
      brand.name,
    );
  }

  const product = productOf(storefront, normal, place, trace);
  if (product !== undefined) return { ...base, ...product };

  trace.push({ step: 'decision', outcome: 'done', detail: 'Nothing answers to this URL: not found.' });
  return { ...base, kind: 'not_found', status: 404, robots: 'noindex, follow' };
}

type Outcome = Omit<PageDecision, 'url' | 'place' | 'trace'>;

function movedTo(url: string, chain: string[], entity: string | undefined, reason: string): Outcome {
  return {
    kind: 'redirect',
    status: 301,
    robots: 'noindex, follow',
    redirect: { url, ...(entity !== undefined ? { entity } : {}), chain: [...chain, url], reason },
  };
}

/**
 * The legacy table: a moved URL leads on, through every entry it meets, to its final URL; a gone
 * one ends in 410. An old URL matches with its parameters as written, or by its path alone (its
 * parameters then travel with it).
 */
function followLegacy(
  storefront: Storefront,
  table: RouteTable,
  start: NormalizedUrl,
  place: PagePlace,
  trace: PageStep[],
): Outcome | undefined {
  const chain: string[] = [];
  const seen = new Set<string>();
  let at = start;
  let entity: string | undefined;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const byText = table.legacy.get(at.text);
    const entry = byText ?? table.legacy.get(at.path);
    if (entry === undefined) break;
    chain.push(at.text);
    seen.add(at.text);
    if (entry.gone === true) {
      trace.push({
        step: 'legacy',
        outcome: 'matched',
        url: at.text,
        detail: `${entry.from} was removed on purpose: gone.`,
      });
      return { kind: 'gone', status: 410, robots: 'noindex, follow' };
    }
    const to = entry.to!;
    const carried = byText === undefined ? at.params : [];
    let next: string;
    if (to.startsWith('https://')) {
      trace.push({
        step: 'legacy',
        outcome: 'matched',
        url: at.text,
        detail: `${entry.from} moved to ${to}.`,
      });
      return movedTo(to, chain, undefined, `${start.text} moved to ${to}.`);
    }
    if (to.startsWith('/')) {
      next = writeUrl(normalizeUrl(to).path, [...normalizeUrl(to).params, ...carried]);
      entity = undefined;
    } else {
      const address = entityAddress(storefront, to, place);
      if (address === undefined) {
        trace.push({
          step: 'legacy',
          outcome: 'matched',
          url: at.text,
          entity: to,
          detail: `${entry.from} moved to ${to}, which has no page in channel ${place.channel.id} and ${place.textLocale}: not found.`,
        });
        return { kind: 'not_found', status: 404, robots: 'noindex, follow' };
      }
      next = writeUrl(address, carried);
      entity = to;
    }
    trace.push({
      step: 'legacy',
      outcome: 'matched',
      url: at.text,
      ...(entity !== undefined ? { entity } : {}),
      detail: `${entry.from} moved to ${next}.`,
    });
    at = normalizeUrl(next);
    if (seen.has(at.text)) {
      trace.push({
        step: 'decision',
        outcome: 'done',
        detail: `The moves lead back to ${at.text}: a loop, so not found.`,
      });
      return { kind: 'not_found', status: 404, robots: 'noindex, follow' };
    }
  }
  if (chain.length === 0) {
    trace.push({ step: 'legacy', outcome: 'no_match', detail: 'It is no old URL of the legacy table.' });
    return undefined;
  }
  return movedTo(
    at.text,
    chain,
    entity,
    `${start.text} moved${chain.length > 1 ? ` through ${chain.length - 1} more old URLs` : ''} to ${at.text}.`,
  );
}

/** The page address of an entity `type:id` in the place: a category's path, a brand page, a product's URL. */
function entityAddress(storefront: Storefront, entity: string, place: PagePlace): string | undefined {
  const colon = entity.indexOf(':');
  const type = entity.slice(0, colon);
  const id = entity.slice(colon + 1);
  const locale = place.textLocale;
  if (type === 'category') {
    return storefront.inChannel(id, place.channel.id) ? storefront.categoryUrl(id, locale) : undefined;
  }
  if (type === 'brand') {
    const brand = storefront.vocabulary.brands.get(id);
    return brand !== undefined ? storefront.brandUrl(brand, locale) : undefined;
  }
  if (type === 'product') {
    const record = storefront.source.records.byId(id);
    return record !== undefined ? storefront.text(record.url, locale) : undefined;
  }
  return undefined;
}

function titleOfSearch(storefront: Storefront, locale: string): string | undefined {
  return storefront.text(storefront.view.routes.titles?.search, locale);
}

function listing(
  storefront: Storefront,
  target: ListingTarget,
  normal: NormalizedUrl,
  base: Pick<PageDecision, 'url' | 'place' | 'trace'> & { entity?: string },
  title: string | undefined,
): PageDecision {
  const page = listingPage(storefront, target, normal.path, normal.params, base.place, base.trace);
  base.trace.push({
    step: 'decision',
    outcome: 'done',
    detail: `A ${target.kind.replace('_', ' ')}: ${page.robots}, canonical ${page.canonical}.${page.filterPage ? ` ${page.filterPage.reason}` : ''}`,
  });
  return {
    ...base,
    kind: target.kind,
    status: 200,
    robots: page.robots,
    canonical: page.canonical,
    ...(title !== undefined ? { title } : {}),
    listing: page,
  };
}

/** A category path of the channel: in this locale, in another locale of the channel, or in other case. */
function categoryOf(
  storefront: Storefront,
  table: RouteTable,
  normal: NormalizedUrl,
  place: PagePlace,
  trace: PageStep[],
): { id: string } | { redirect: Outcome } | undefined {
  const locale = place.textLocale;
  const inCase = table.categories.has(normal.path) ? undefined : table.categoryPathInCase(normal.path);
  const found = table.categories.get(inCase ?? normal.path);
  if (found === undefined) {
    trace.push({
      step: 'category_path',
      outcome: 'no_match',
      detail: 'It is no category path of the channel.',
    });
    return undefined;
  }
  const here = found.find((one) => one.locale.toLowerCase() === locale.toLowerCase());
  const id = (here ?? found[0]!).value;
  const own = storefront.categoryUrl(id, locale);
  if ((here === undefined || inCase !== undefined) && own !== undefined) {
    trace.push({
      step: 'category_path',
      outcome: 'matched',
      url: normal.path,
      entity: `category:${id}`,
      detail: `${normal.path} is category ${id}'s path ${here === undefined ? `in ${found.map((one) => one.locale).join(', ')}` : 'written in other case'}; in ${locale} it is ${own}.`,
    });
    return {
      redirect: movedTo(
        writeUrl(own, normal.params),
        [normal.text],
        `category:${id}`,
        `Category ${id}'s page in ${locale} is ${own}.`,
      ),
    };
  }
  trace.push({
    step: 'category_path',
    outcome: 'matched',
    url: normal.path,
    entity: `category:${id}`,
    detail: `${normal.path} is the page of category ${id}.`,
  });
  return { id };
}

/** A brand path: a brand entity's id where a brand path template of the channel's locales puts it. */
function brandOf(
  storefront: Storefront,
  table: RouteTable,
  normal: NormalizedUrl,
  place: PagePlace,
  trace: PageStep[],
): { id: string; value: string; name: string } | { redirect: Outcome } | undefined {
  const locale = place.textLocale;
  for (const candidate of table.brandsOf(normal.path)) {
    const brand =
      storefront.vocabulary.brands.get(candidate.value) ??
      [...storefront.vocabulary.brands.values()].find(
        (one) => one.id.toLowerCase() === candidate.value.toLowerCase(),
      );
    if (brand === undefined || !brand.page) continue;
    const own = storefront.brandUrl(brand, locale);
    const name = storefront.text(storefront.source.index.shared.brand(brand.id)?.title, locale) ?? brand.name;
    if (own !== undefined && own !== normal.path) {
      trace.push({
        step: 'brand_path',
        outcome: 'matched',
        url: normal.path,
        entity: `brand:${brand.id}`,
        detail: `${normal.path} names brand ${brand.id} by the brand path of ${candidate.locale}; in ${locale} its page is ${own}.`,
      });
      return {
        redirect: movedTo(
          writeUrl(own, normal.params),
          [normal.text],
          `brand:${brand.id}`,
          `Brand ${brand.id}'s page in ${locale} is ${own}.`,
        ),
      };
    }
    trace.push({
      step: 'brand_path',
      outcome: 'matched',
      url: normal.path,
      entity: `brand:${brand.id}`,
      detail: `${normal.path} is the page of brand ${brand.id}.`,
    });
    return { id: brand.id, value: brand.value, name };
  }
  trace.push({ step: 'brand_path', outcome: 'no_match', detail: 'It is no brand page of the channel.' });
  return undefined;
}

/**
 * A product URL: the product (or a variant) whose URL in this locale it is; a product URL of
 * another locale, or in other case, is sent to this locale's. A product the channel does not
 * sell is not found.
 */
function productOf(
  storefront: Storefront,
  normal: NormalizedUrl,
  place: PagePlace,
  trace: PageStep[],
): Outcome | undefined {
  const { records } = storefront.source;
  const locale = place.textLocale;
  const steps: PageStep[] = [];
  // A variant's URL may carry a parameter (`?size=l`): the URL as written first, then its path.
  const byText =
    normal.text !== normal.path ? productByUrl(storefront, normal.text, locale, steps) : undefined;
  const found = byText ?? productByUrl(storefront, normal.path, locale, steps);
  if (found !== undefined) {
    const entity = `product:${found.record.id}`;
    if (!storefront.sells(found.record.id, place.channel.id)) {
      trace.push({
        step: 'product_url',
        outcome: 'matched',
        url: normal.path,
        entity,
        detail: `${normal.path} is product ${found.record.id}'s URL, which channel ${place.channel.id} does not sell: not found.`,
      });
      return { entity, kind: 'not_found', status: 404, robots: 'noindex, follow' };
    }
    const url = byText !== undefined ? normal.text : normal.path;
    const title = storefront.text(found.record.title, locale);
    trace.push({ step: 'product_url', outcome: 'matched', url, entity, detail: steps.at(-1)!.detail });
    return {
      kind: 'product',
      status: 200,
      robots: 'index, follow',
      canonical: url,
      entity,
      ...(title !== undefined ? { title } : {}),
      product: found,
    };
  }
  // The URL of another locale, or in other case: this locale's URL of the same product.
  const written = records.byUrl(normal.path).length > 0 ? normal.path : records.urlInCase(normal.path);
  for (const target of written !== undefined ? records.byUrl(written) : []) {
    const record = records.record(target.record);
    const variant = record.variants?.find((one) => one.id === target.variant);
    const own = storefront.text(variant?.url ?? record.url, locale);
    if (own === undefined || !storefront.sells(record.id, place.channel.id)) continue;
    trace.push({
      step: 'product_url',
      outcome: 'matched',
      url: normal.path,
      entity: `product:${record.id}`,
      detail: `${normal.path} is product ${record.id}'s URL in another locale or case; in ${locale} it is ${own}.`,
    });
    return movedTo(
      own,
      [normal.text],
      `product:${record.id}`,
      `Product ${record.id}'s page in ${locale} is ${own}.`,
    );
  }
  trace.push({ step: 'product_url', outcome: 'no_match', detail: 'It is no product URL.' });
  return undefined;
}
