/** What every page of the example shares: where aisle is, the search client, links and prices. */
import { aisleSearchClient } from 'aisle/instantsearch';

/** aisle's public port serves this storefront, so the Query API is at the page's own origin. */
export const AISLE_URL = location.origin;
/** The demo release's web shop; the channel is the InstantSearch index. */
export const CHANNEL = 'web';
/** The storefront's own path: the shop's URLs (/c/..., /p/...) are served under it. */
export const BASE = '/demo';

/** One client per page load: it names the page view its searches and clicks belong to. */
export const searchClient = aisleSearchClient({ url: AISLE_URL });

/** A shop URL as aisle writes it (`/p/...`), under the storefront's path. */
export function shopLink(url: string): string {
  return /^https?:/.test(url) ? url : `${BASE}${url}`;
}

export function price(value: number, currency = 'EUR'): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(value);
}

/** Text put into the page's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A photo that does not load leaves its frame empty (the demo's photos are made-up URLs). */
export function hideImage(event: Event): void {
  (event.target as HTMLElement).style.visibility = 'hidden';
}
