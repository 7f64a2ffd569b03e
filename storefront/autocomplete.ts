/**
 * The header's search box: aisle's autocomplete surface as the shopper types (suggestions, scoped
 * suggestions, categories and a few products), through InstantSearch's autocomplete connector.
 * Enter, or a suggestion, opens the search page, whose URL resolve turns into the search.
 */
import type { SearchResult } from 'aisle/instantsearch';
import instantsearch from 'instantsearch.js';
import { connectAutocomplete } from 'instantsearch.js/es/connectors';
import { configure } from 'instantsearch.js/es/widgets';
import { CHANNEL, escapeHtml, searchClient, shopLink } from './shop.js';

export function mountAutocomplete(container: HTMLElement): void {
  container.innerHTML = `
    <form role="search" action="${shopLink('/search')}">
      <input name="q" type="search" placeholder="Search the shop" autocomplete="off" aria-label="Search" />
    </form>
    <div class="suggestions" hidden></div>`;
  const input = container.querySelector('input')!;
  const panel = container.querySelector<HTMLElement>('.suggestions')!;
  input.value = new URLSearchParams(location.search).get('q') ?? '';

  let refine: (query: string) => void = () => {};
  const showSuggestions = connectAutocomplete((state) => {
    refine = state.refine;
    const results = state.indices[0]?.results as unknown as SearchResult | undefined;
    panel.hidden = !state.currentRefinement || !results;
    if (!results) return;
    const search = (text: string, category?: string) =>
      shopLink(`/search?${new URLSearchParams({ q: text, ...(category ? { category } : {}) })}`);
    const categories = results.aisle.sections.find((section) => section.type === 'category')?.hits ?? [];
    panel.innerHTML = [
      ...(results.aisle.suggestions ?? []).map((suggestion) =>
        suggestion.scope
          ? link(
              search(suggestion.text, suggestion.scope.category),
              `${suggestion.text} <em>in ${escapeHtml(suggestion.scope.title)}</em>`,
              'suggestion',
            )
          : link(search(suggestion.text), escapeHtml(suggestion.text), 'suggestion'),
      ),
      ...categories.map((hit) =>
        link(shopLink(String(hit.fields.url)), escapeHtml(String(hit.fields.title)), 'category'),
      ),
      // InstantSearch escapes the hits and marks the highlights with <mark>.
      ...state.indices[0]!.hits.map((hit) =>
        link(
          shopLink(String(hit.url)),
          String((hit._highlightResult?.title as { value?: string })?.value ?? hit.title),
          'hit',
        ),
      ),
    ].join('');
  });

  const search = instantsearch({ indexName: CHANNEL, searchClient });
  search.addWidgets([configure({ hitsPerPage: 4, aisle: { on: 'autocomplete' } }), showSuggestions({})]);
  // Nothing is searched until the shopper types.
  input.addEventListener('input', () => {
    if (!search.started) search.start();
    refine(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') panel.hidden = true;
  });
}

function link(href: string, label: string, kind: string): string {
  return `<a class="${kind}" href="${escapeHtml(href)}">${label}</a>`;
}
