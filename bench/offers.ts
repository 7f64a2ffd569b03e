import { generateCatalog } from '../src/catalog/demo/generate.js';
import { waitFor } from '../test/support/wait.js';
import { startBenchShop } from './http.js';

export interface OffersBenchResult {
  products: number;
  offers: number;
  /** From sending PUT /offers to its 202. */
  answeredMs: number;
  /** From sending PUT /offers to the first search that shows the new price. */
  liveMs: number;
  /** Searches sent meanwhile, from another loop, and how they answered. */
  searches: number;
  non200: number;
  slowestSearchMs: number;
}

/**
 * PUT /offers against the built `aisle start` in its own process, as in production: a catalog of
 * `products` generated products goes live, then one call changes the price of `offers` variants.
 * The time until a search shows a changed price is measured from this process, while another
 * loop keeps searching.
 */
export async function benchOffers(products: number, offers: number): Promise<OffersBenchResult> {
  const shop = await startBenchShop(products);
  const { urls } = shop;
  const auth = { authorization: `Bearer ${shop.key}` };
  try {
    // The same seed as the shop's catalog: the products it serves.
    const catalog = [...generateCatalog({ products, seed: 7 })];
    const changed = catalog.filter((entity) => entity.type === 'product').slice(0, offers);
    const probe = changed[0]!;
    const body = changed.map((entity, index) => ({
      variant: entity.variants?.[0]?.id ?? entity.id,
      channel: 'default',
      price: 1000 + index,
      stock: 7,
    }));
    const priceOfProbe = async (): Promise<unknown> => {
      const answer = (await (
        await fetch(`${urls.public}/v1/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: probe.title }),
        })
      ).json()) as { sections: Array<{ hits: Array<{ entity: string; fields: { price?: unknown } }> }> };
      const hits = answer.sections.flatMap((section) => section.hits);
      return hits.find((hit) => hit.entity === `product:${probe.id}`)?.fields.price;
    };

    let searching = true;
    let searches = 0;
    let non200 = 0;
    let slowestSearchMs = 0;
    const background = (async () => {
      while (searching) {
        const started = performance.now();
        const response = await fetch(`${urls.public}/v1/search?query=headphones`);
        await response.arrayBuffer();
        slowestSearchMs = Math.max(slowestSearchMs, performance.now() - started);
        searches++;
        if (response.status !== 200) non200++;
      }
    })();

    const sent = performance.now();
    const response = await fetch(`${urls.management}/offers`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answeredMs = performance.now() - sent;
    if (response.status !== 202)
      throw new Error(`PUT /offers answered ${response.status}: ${await response.text()}`);
    await waitFor('the new price', async () => ((await priceOfProbe()) === 1000 ? true : undefined), 60_000);
    const liveMs = performance.now() - sent;
    searching = false;
    await background;
    return {
      products,
      offers,
      answeredMs: Math.round(answeredMs),
      liveMs: Math.round(liveMs),
      searches,
      non200,
      slowestSearchMs: Math.round(slowestSearchMs),
    };
  } finally {
    await shop.stop();
  }
}

export function offersTable(results: OffersBenchResult[]): string {
  return [
    '| products | offers | PUT /offers answered | live (search shows it) | searches meanwhile | non-200 | slowest search |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.products.toLocaleString('en')} | ${r.offers.toLocaleString('en')} | ${r.answeredMs} ms | ${r.liveMs} ms | ${r.searches} | ${r.non200} | ${r.slowestSearchMs} ms |`,
    ),
  ].join('\n');
}
