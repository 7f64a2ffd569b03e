/**
 * A listing (the search page, a category page) with InstantSearch.js widgets over aisle. The page
 * starts from the search resolve answered for its URL; aisle decides which facets the page shows
 * and in which order (dynamicWidgets), its sale banner (queryRuleCustomData) and where a query
 * redirects.
 */
import type { components } from 'aisle/client';
import { facetLabels, refinementLabels, type SearchResult } from 'aisle/instantsearch';
import instantsearch from 'instantsearch.js';
import {
  clearRefinements,
  configure,
  currentRefinements,
  dynamicWidgets,
  hierarchicalMenu,
  hits,
  pagination,
  panel,
  queryRuleCustomData,
  rangeInput,
  refinementList,
  sortBy,
  stats,
  toggleRefinement,
} from 'instantsearch.js/es/widgets';
import { CHANNEL, escapeHtml, hideImage, price, searchClient, shopLink } from './shop.js';

type PageAnswer = components['schemas']['PageAnswer'];
type Placement = components['schemas']['PlacementAnswer'];
type Hit = components['schemas']['Hit']['fields'] & { sponsored?: { campaign: string } };

export function mountListing(main: HTMLElement, page: PageAnswer): void {
  const { query = '', on, category, filters } = page.listing!.request;
  main.innerHTML = `
    <h1>${page.kind === 'search_page' ? (query ? `Results for “${escapeHtml(query)}”` : 'All products') : escapeHtml(page.title ?? '')}</h1>
    <div id="banner"></div>
    <div class="listing">
      <aside id="facets"></aside>
      <section>
        <div class="toolbar"><div id="stats"></div><div id="sort"></div></div>
        <div id="refinements"></div>
        <div id="hits"></div>
        <div id="pagination"></div>
      </section>
    </div>`;

  const search = instantsearch({
    indexName: CHANNEL,
    searchClient,
    // Clicks on hits go to aisle's /v1/events, through the adapter's insights client.
    insights: true,
  });
  search.addWidgets([
    // The listing's search as resolve read it from the URL; the header's box starts a new one.
    configure({
      query,
      hitsPerPage: 12,
      aisle: { on, ...(category ? { category } : {}), ...(filters ? { filters } : {}) },
    }),
    queryRuleCustomData({
      container: '#banner',
      templates: {
        default: ({ items }, { html }) =>
          (items as Placement[]).filter(onTop).map(
            (banner) => html`
        <a class="banner" href=${banner.link ? shopLink(banner.link) : undefined}>
          <strong>${banner.title}</strong> ${banner.text ?? ''}
        </a>`,
          ),
      },
    }),
    dynamicWidgets({
      container: '#facets',
      widgets: [
        (container) =>
          facet(
            'category.lvl0',
            container,
            hierarchicalMenu,
          )({
            attributes: ['category.lvl0', 'category.lvl1', 'category.lvl2'],
            transformItems: facetLabels('category.lvl0'),
          }),
        (container) => facet('price', container, rangeInput)({ attribute: 'price' }),
        (container) =>
          facet(
            'on_sale',
            container,
            toggleRefinement,
          )({
            attribute: 'on_sale',
            templates: { labelText: 'Reduced items only' },
          }),
      ],
      fallbackWidget: ({ attribute, container }) =>
        facet(attribute, container, refinementList)({ attribute, transformItems: facetLabels(attribute) }),
    }),
    stats({ container: '#stats' }),
    sortBy({
      container: '#sort',
      items: [
        { value: CHANNEL, label: 'Relevance' },
        { value: `${CHANNEL}/price_asc`, label: 'Price: low to high' },
        { value: `${CHANNEL}/price_desc`, label: 'Price: high to low' },
        { value: `${CHANNEL}/discount`, label: 'Biggest discount' },
      ],
    }),
    currentRefinements({ container: '#refinements', transformItems: refinementLabels }),
    clearRefinements({ container: '#refinements' }),
    hits({
      container: '#hits',
      templates: {
        item: (hit, { html, components }) => {
          const tile = hit as unknown as Hit & typeof hit;
          return html`<a class="tile" href=${shopLink(String(tile.url))}>
            <span class="photo"><img src=${String(tile.image)} alt="" loading="lazy" onError=${hideImage} /></span>
            ${tile.sponsored ? html`<span class="ad">Ad</span>` : ''}
            <span class="title">${components.Highlight({ hit, attribute: 'title' })}</span>
            <span class="brand">${String(tile.brand ?? '')}</span>
            <span class="price">${tile.sale_price ? html`<s>${price(Number(tile.price))}</s> ` : ''}
              ${price(Number(tile.sale_price ?? tile.price))}</span>
          </a>`;
        },
        empty: 'Nothing found.',
      },
    }),
    pagination({ container: '#pagination', padding: 2 }),
  ]);

  search.on('error', ({ error }: { error: Error }) => {
    main.querySelector('#hits')!.innerHTML = `<p class="message">${escapeHtml(error.message)}</p>`;
  });
  // A query that names a category or brand (or that a rule redirects) leads to its page.
  if (page.kind === 'search_page') {
    search.on('render', () => {
      const redirect = (search.mainIndex.getResults() as unknown as SearchResult | null)?.aisle.redirect;
      if (redirect) location.replace(shopLink(redirect.url));
    });
  }
  search.start();
}

/** A facet in a panel headed by the label aisle gives it. */
// biome-ignore lint/suspicious/noExplicitAny: panel wraps any widget factory
function facet<T extends (...args: any[]) => any>(attribute: string, container: HTMLElement, widget: T) {
  return (options: Omit<Parameters<T>[0], 'container'>) =>
    panel<T>({
      templates: {
        header: ({ results }) => {
          const aisle = (results as unknown as SearchResult | undefined)?.aisle;
          const field = attribute.replace(/\.lvl\d+$/, '');
          const listed = aisle?.sections.find((section) => section.type === aisle.listed);
          return listed?.facets?.find((candidate) => candidate.field === field)?.label ?? field;
        },
      },
      hidden: ({ canRefine }) => !canRefine,
    })(widget)({ ...options, container });
}

/** Banners above the results; `grid` ones would stand between tiles. */
function onTop(placement: Placement): boolean {
  return placement.slot === 'top';
}
