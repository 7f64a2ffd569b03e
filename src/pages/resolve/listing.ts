import type { PageStep } from '../../contracts/pages.js';
import type { SearchRequest } from '../../contracts/search.js';
import { isBuiltInField, isFilterable } from '../../release/checks/fields.js';
import type { PageLayout } from '../../release/page-settings.js';
import type { PagePlace, Storefront } from '../storefront.js';
import { writeUrl } from './normalize-url.js';

/** A listing page a URL names: the search page, a category page or a brand page. */
export type ListingTarget =
  | { kind: 'search_page' }
  | { kind: 'category_page'; category: string }
  | { kind: 'brand_page'; brand: string; value: string };

export interface ListingPage {
  request: SearchRequest;
  filterPage?: { fields: string[]; indexable: boolean; reason: string };
  robots: 'index, follow' | 'noindex, follow';
  canonical: string;
}

/** What the listing's URL parameters are read as, with the names routes.json gives them. */
interface ParameterNames {
  query: string;
  page: string;
  sort: string;
}

const BUCKET_CODE = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/;

/**
 * A listing page from its URL's parameters: the query (on the search page), the page number, the
 * sort, and the filters the other parameters name. Parameters that name nothing the page reads
 * are left out (and out of the canonical URL). A category or brand page filtered by one value of
 * each field of a combination its filter pages list is a page of its own, indexable, its canonical
 * URL the combination's fields in the order routes.json lists them; a search page, a sorted page,
 * two values of a field or another combination is no page of its own (noindex, follow, its
 * canonical itself).
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the page decision of routes.json, its cases in the order the contract gives them
export function listingPage(
  storefront: Storefront,
  target: ListingTarget,
  path: string,
  params: ReadonlyArray<readonly [string, string]>,
  place: PagePlace,
  trace: PageStep[],
): ListingPage {
  const names = parameterNames(storefront);
  const layout = storefront.pages.layout(target.kind === 'category_page' ? target.category : undefined);
  let query: string | undefined;
  let page: number | undefined;
  let sort: string | undefined;
  const chosen = new Map<string, string[]>();
  const ignored: string[] = [];
  for (const [name, value] of params) {
    if (target.kind === 'search_page' && name === names.query) query = value;
    else if (name === names.page) {
      const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isSafeInteger(number) && number >= 1) page = number;
      else ignored.push(`${name}=${value}`);
    } else if (name === names.sort) {
      if (isSortOf(storefront, layout, value)) sort = value;
      else ignored.push(`${name}=${value}`);
    } else if (isFilterField(storefront, name) && !(target.kind === 'brand_page' && name === 'brand')) {
      chosen.set(name, [...(chosen.get(name) ?? []), value]);
    } else ignored.push(`${name}=${value}`);
  }
  const filters: Record<string, unknown> = {};
  const written: Array<[string, string]> = [];
  if (target.kind === 'brand_page') filters.brand = [target.value];
  for (const [field, values] of chosen) {
    const read = values.map((value) => readFilterValue(storefront, layout, field, value));
    filters[field] = field === 'category' ? { within: read[0]!.value } : read.map((one) => one.value);
    for (const one of read) written.push([field, one.url]);
  }

  const request: SearchRequest = {
    on: target.kind === 'category_page' ? 'category_page' : 'search',
    channel: place.channel.id,
    locale: place.locale,
    ...(target.kind === 'search_page' ? { query: query ?? '' } : {}),
    ...(target.kind === 'category_page' ? { category: target.category } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...(sort !== undefined ? { sort } : {}),
    ...(page !== undefined ? { page } : {}),
  };
  const paging: Array<[string, string]> = page !== undefined && page > 1 ? [[names.page, String(page)]] : [];
  const sorting: Array<[string, string]> = sort !== undefined ? [[names.sort, sort]] : [];
  const fields = [...chosen.keys()];
  trace.push({
    step: 'filters',
    outcome: 'done',
    detail: [
      fields.length > 0 ? `Filters by ${fields.join(', ')}.` : 'No filters.',
      page !== undefined ? `Page ${page}.` : '',
      sort !== undefined ? `Sorted by ${sort}.` : '',
      ignored.length > 0 ? `Left out what the page reads nothing from: ${ignored.join(', ')}.` : '',
    ]
      .filter((part) => part !== '')
      .join(' '),
  });

  if (target.kind === 'search_page') {
    const queryParam: Array<[string, string]> = query !== undefined ? [[names.query, query]] : [];
    return {
      request,
      robots: 'noindex, follow',
      canonical: writeUrl(path, [...queryParam, ...written, ...sorting, ...paging]),
    };
  }
  const combinations =
    target.kind === 'brand_page'
      ? storefront.pages.routeFilterPages.filter((combination) => !combination.includes('brand'))
      : layout.filterPages;
  const filterPage = fields.length > 0 ? decideFilterPage(fields, chosen, combinations) : undefined;
  const self = writeUrl(path, [...written, ...sorting, ...paging]);
  if (filterPage !== undefined && !filterPage.indexable) {
    return { request, filterPage, robots: 'noindex, follow', canonical: self };
  }
  if (sort !== undefined) {
    return {
      request,
      ...(filterPage !== undefined ? { filterPage } : {}),
      robots: 'noindex, follow',
      canonical: self,
    };
  }
  // Indexable: the combination's fields in routes.json's order, each value as filters name it.
  const order = filterPage?.order ?? [];
  const ordered = [...written].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return {
    request,
    ...(filterPage !== undefined
      ? { filterPage: { fields: filterPage.fields, indexable: true, reason: filterPage.reason } }
      : {}),
    robots: 'index, follow',
    canonical: writeUrl(path, [...ordered, ...paging]),
  };
}

function parameterNames(storefront: Storefront): ParameterNames {
  const { routes } = storefront.view;
  return {
    query: routes.search?.query_parameter ?? 'q',
    page: routes.parameters?.page ?? 'page',
    sort: routes.parameters?.sort ?? 'sort',
  };
}

/** A sort the page offers, or relevance, or a sort of ranking.json where the page lists none. */
function isSortOf(storefront: Storefront, layout: PageLayout, code: string): boolean {
  const options = layout.sort.options;
  if (options !== undefined && options.length > 0) return options.includes(code);
  return code === 'relevance' || storefront.pages.sortDefinition(code) !== undefined;
}

function isFilterField(storefront: Storefront, name: string): boolean {
  if (isBuiltInField(name)) return true;
  const attribute = storefront.view.attributes.get(name);
  return attribute !== undefined && isFilterable(attribute);
}

/**
 * A filter parameter's value as the search's filters name it (`value`) and as the canonical URL
 * writes it (`url`): a brand by its id, an option as attributes.json writes it, a bucket by its
 * bounds, a number as a number, a range `from-to` as bounds, a toggle as `true`.
 */
function readFilterValue(
  storefront: Storefront,
  layout: PageLayout,
  field: string,
  written: string,
): { value: unknown; url: string } {
  if (field === 'brand') {
    const brand = storefront.brand(written);
    return brand === undefined ? { value: written, url: written } : { value: brand.value, url: brand.id };
  }
  if (field === 'category') return { value: written, url: written };
  if (field === 'on_sale') {
    const on = written === 'true' || written === '1';
    return { value: on, url: String(on) };
  }
  const attribute = storefront.view.attributes.get(field);
  if (attribute?.type === 'boolean') {
    const on = written === 'true' || written === '1' || written === 'yes';
    return { value: on, url: String(on) };
  }
  const facet = layout.facets.find((one) => one.field === field);
  const bounds = BUCKET_CODE.exec(written);
  if (bounds !== null && (bounds[1] !== undefined || bounds[2] !== undefined)) {
    if (facet?.kind === 'buckets' || facet?.kind === 'relative') return { value: written, url: written };
    const range: Record<string, number> = {};
    if (bounds[1] !== undefined) range.gte = Number(bounds[1]);
    if (bounds[2] !== undefined) range.lte = Number(bounds[2]);
    return { value: range, url: written };
  }
  if (/^-?\d+(?:\.\d+)?$/.test(written) && attribute?.type !== 'option') {
    return { value: Number(written), url: written };
  }
  const option =
    attribute?.options?.find((one) => one.value === written) ??
    attribute?.options?.find((one) => one.value.toLowerCase() === written.toLowerCase());
  if (option !== undefined) return { value: option.value, url: option.value };
  const group = attribute?.groups?.find((one) => one.code.toLowerCase() === written.toLowerCase());
  if (group !== undefined) return { value: group.code, url: group.code };
  return { value: written, url: written };
}

/** Whether the fields a URL filters by make a page of their own, and in which order they are written. */
function decideFilterPage(
  fields: string[],
  chosen: ReadonlyMap<string, string[]>,
  combinations: readonly (readonly string[])[],
): { fields: string[]; indexable: boolean; reason: string; order?: readonly string[] } {
  const several = fields.find((field) => (chosen.get(field)?.length ?? 0) > 1);
  if (several !== undefined) {
    return {
      fields,
      indexable: false,
      reason: `It chooses several values of ${several}: no page of its own.`,
    };
  }
  const match = combinations.find(
    (combination) =>
      combination.length === fields.length && fields.every((field) => combination.includes(field)),
  );
  if (match === undefined) {
    return {
      fields,
      indexable: false,
      reason:
        combinations.length === 0
          ? 'The page has no filter pages.'
          : `${fields.join(' and ')} is no combination of the page's filter pages (${combinations
              .map((combination) => combination.join(' and '))
              .join('; ')}).`,
    };
  }
  return {
    fields,
    indexable: true,
    reason: `${match.join(' and ')} is a filter page of the page, one value each.`,
    order: match,
  };
}
