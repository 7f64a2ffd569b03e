/**
 * The example storefront: every URL of the shop is what aisle's resolve says it is (a search page,
 * a category page, a product, a redirect, a page gone), so the shop needs no routes of its own.
 */
import { createQueryClient, unwrap } from 'aisle/client';
import { mountAutocomplete } from './autocomplete.js';
import { mountListing } from './listing.js';
import { mountProduct } from './product.js';
import { AISLE_URL, BASE, CHANNEL, shopLink } from './shop.js';
import './style.css';

const aisle = createQueryClient({ url: AISLE_URL });
const main = document.querySelector<HTMLElement>('#page')!;

async function route(): Promise<void> {
  const path = location.pathname.slice(BASE.length) || '/';
  if (path === '/') return location.replace(shopLink('/search'));
  // The decision alone: the listing's search is InstantSearch's, so it is searched (and logged) once.
  const page = await unwrap(
    aisle.GET('/v1/resolve', {
      params: { query: { url: `${path}${location.search}`, channel: CHANNEL, results: 'false' } },
    }),
  );
  // What a server-rendered shop would send as its status and head, from the same answer.
  document.title = page.title ? `${page.title} · aisle demo shop` : 'aisle demo shop';
  setMeta('robots', page.robots);
  if (page.canonical) setCanonical(page.canonical);

  if (page.kind === 'redirect' && page.redirect) return location.replace(shopLink(page.redirect.url));
  if (page.listing) return mountListing(main, page);
  if (page.kind === 'product' && page.product) return mountProduct(main, aisle, page.product.id);
  main.innerHTML = `<p class="message">${page.status === 410 ? 'This page is gone.' : 'Nothing here.'}
    <a href="${shopLink('/search')}">Search the shop</a></p>`;
}

function setMeta(name: string, content: string): void {
  document.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content);
}

function setCanonical(url: string): void {
  const link =
    document.querySelector('link[rel="canonical"]') ??
    document.head.appendChild(document.createElement('link'));
  link.setAttribute('rel', 'canonical');
  link.setAttribute('href', shopLink(url));
}

mountAutocomplete(document.querySelector<HTMLElement>('#autocomplete')!);
route().catch((error: unknown) => {
  main.innerHTML = '<p class="message">The shop cannot be shown right now.</p>';
  console.error(error);
});
