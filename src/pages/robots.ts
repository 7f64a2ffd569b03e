import type { RobotsAnswer } from '../contracts/pages.js';
import { isFilterable } from '../release/checks/fields.js';
import type { Storefront } from './storefront.js';

type RobotsLine = RobotsAnswer['lines'][number];

/**
 * The `Disallow` lines of the shop's robots.txt, as the contract lists them: one for any URL with
 * a second parameter, one for every parameter no indexable page uses (the sort, the search query,
 * and every filter field no category's or brand page's filter pages name), and one for the search
 * page of each locale. A parameter can only come first in a URL crawlers may fetch, so each
 * parameter's line matches it there.
 */
export function robotsLines(storefront: Storefront): Pick<RobotsAnswer, 'lines' | 'text'> {
  const { routes } = storefront.view;
  const lines: RobotsLine[] = [{ line: 'Disallow: /*?*&', reason: 'second_parameter' }];
  const parameters: string[] = [routes.parameters?.sort ?? 'sort'];
  if (routes.search !== undefined) parameters.push(routes.search.query_parameter ?? 'q');
  const indexable = indexableFields(storefront);
  const fields = new Set<string>(storefront.pages.facetFields);
  for (const combination of storefront.pages.routeFilterPages)
    for (const field of combination) fields.add(field);
  for (const field of [...fields].sort()) {
    const attribute = storefront.view.attributes.get(field);
    if (attribute !== undefined && !isFilterable(attribute)) continue;
    if (!indexable.has(field) && !parameters.includes(field)) parameters.push(field);
  }
  for (const parameter of parameters) {
    lines.push({ line: `Disallow: /*?${encodeURIComponent(parameter)}=`, reason: 'parameter', parameter });
  }
  const searchPaths = new Map<string, string[]>();
  for (const channel of storefront.view.channels.channels) {
    for (const locale of channel.locales) {
      const path = storefront.text(routes.search?.path, locale);
      if (path === undefined) continue;
      const locales = searchPaths.get(path) ?? [];
      if (!locales.includes(locale)) locales.push(locale);
      searchPaths.set(path, locales);
    }
  }
  for (const [path, locales] of searchPaths) {
    lines.push({ line: `Disallow: ${path}`, reason: 'search_page', locales });
  }
  return { lines, text: `${lines.map((line) => line.line).join('\n')}\n` };
}

/** The fields some indexable page filters by: a category's filter pages, or a brand page's. */
function indexableFields(storefront: Storefront): Set<string> {
  const fields = new Set<string>();
  const note = (combinations: readonly (readonly string[])[]) => {
    for (const combination of combinations) for (const field of combination) fields.add(field);
  };
  for (const category of storefront.vocabulary.categories.keys()) {
    note(storefront.pages.layout(category).filterPages);
  }
  const brandPages = storefront.view.routes.brands !== undefined;
  if (brandPages && [...storefront.vocabulary.brands.values()].some((brand) => brand.page)) {
    note(storefront.pages.routeFilterPages.filter((combination) => !combination.includes('brand')));
  }
  return fields;
}
