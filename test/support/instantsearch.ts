import { createRequire } from 'node:module';
import type InstantSearchFactory from 'instantsearch.js';
import type * as Connectors from 'instantsearch.js/es/connectors/index.js';
import {
  type AisleSearchClient,
  type AisleSearchClientOptions,
  aisleSearchClient,
} from '../../src/instantsearch/index.js';
import { waitFor } from './wait.js';

const require = createRequire(import.meta.url);
// instantsearch.js ships CommonJS for Node.js (its ES modules are for bundlers).
export const instantsearch: typeof InstantSearchFactory = require('instantsearch.js').default;
export const connectors: typeof Connectors = require('instantsearch.js/cjs/connectors/index.js');
type InstantSearchInstance = ReturnType<typeof InstantSearchFactory>;
export const { createInsightsMiddleware } = require('instantsearch.js/cjs/middlewares/index.js') as {
  createInsightsMiddleware(options: { insightsClient: unknown }): Parameters<InstantSearchInstance['use']>[0];
};

/** A connector's render function that keeps the latest render state under `name`. */
// biome-ignore lint/suspicious/noExplicitAny: render states are read as the widgets read them
export const keep = (state: Record<string, any>, name: string) => (renderState: unknown) => {
  state[name] = renderState;
};

type InstantSearch = InstantSearchInstance;
type Options = Parameters<typeof InstantSearchFactory>[0];

export interface RunningSearch {
  search: InstantSearch;
  client: AisleSearchClient;
  /** The aisle searches (`POST /v1/search`) the client has sent so far. */
  aisleSearches: () => Array<Record<string, unknown>>;
  /** Does what changes the search, and waits until its answers are rendered. */
  settle(act: () => void): Promise<void>;
  dispose(): void;
}

/**
 * InstantSearch.js, headless (connectors with render functions of their own), over the adapter to
 * a running aisle: what a storefront's widgets do, observable in Node.js.
 */
export async function startInstantSearch(
  url: string,
  options: Omit<Options, 'searchClient'> & { client?: Partial<AisleSearchClientOptions> },
  widgets: (search: InstantSearch) => Parameters<InstantSearch['addWidgets']>[0],
): Promise<RunningSearch> {
  const sent: Array<Record<string, unknown>> = [];
  const counting: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (new URL(request.url).pathname === '/v1/search') {
      sent.push((await request.clone().json()) as Record<string, unknown>);
    }
    return fetch(request);
  };
  const { client: clientOptions, ...instantSearchOptions } = options;
  const client = aisleSearchClient({ url, fetch: counting, ...clientOptions });
  // InstantSearch's searches through the client (some answered without a request to aisle).
  let asked = 0;
  let answered = 0;
  const observed: AisleSearchClient = {
    ...client,
    async search(requests) {
      asked += 1;
      try {
        return await client.search(requests);
      } finally {
        answered += 1;
      }
    },
  };
  // No cast: the adapter is an InstantSearch search client as InstantSearch's own types have it.
  const search = instantsearch({ ...instantSearchOptions, searchClient: observed });
  // How many searches were answered when InstantSearch last rendered, and whether it was idle then.
  let rendered = { answers: -1, idle: false };
  const errors: unknown[] = [];
  search.on('render', () => {
    rendered = { answers: answered, idle: search.status === 'idle' };
  });
  search.on('error', (error: unknown) => errors.push(error));
  search.addWidgets(widgets(search));

  const settle = async (act: () => void) => {
    const before = asked;
    act();
    await waitFor('InstantSearch to render the answers of what changed', async () => {
      if (errors.length > 0) throw errors.shift();
      const done =
        asked > before &&
        answered === asked &&
        rendered.answers === answered &&
        rendered.idle &&
        !search.mainHelper?.hasPendingRequests();
      return done ? true : undefined;
    });
  };
  await settle(() => search.start());
  return {
    search,
    client,
    aisleSearches: () => sent,
    settle,
    dispose: () => search.dispose(),
  };
}
