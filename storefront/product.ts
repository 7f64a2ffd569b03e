/** A product page: aisle's product answer, with the offer its tile shows and its details. */
import { type AisleClient, unwrap } from 'aisle/client';
import { CHANNEL, escapeHtml, hideImage, price, shopLink } from './shop.js';

export async function mountProduct(main: HTMLElement, aisle: AisleClient, id: string): Promise<void> {
  const product = await unwrap(aisle.GET('/v1/product', { params: { query: { id, channel: CHANNEL } } }));
  const path = product.categories.find((category) => category.primary)?.path ?? [];
  const offer = product.offer;
  main.innerHTML = `
    <nav class="crumbs">${path.map((step) => `<a href="${shopLink(step.url ?? '/')}">${escapeHtml(step.title)}</a>`).join(' › ')}</nav>
    <article class="product">
      <span class="photo"><img src="${escapeHtml(product.image ?? '')}" alt="" /></span>
      <div>
        <h1>${escapeHtml(product.title ?? product.id)}</h1>
        <p class="brand">${escapeHtml(product.brand?.name ?? '')}</p>
        ${
          offer?.price !== undefined
            ? `<p class="price">${offer.sale_price !== undefined ? `<s>${price(offer.price, offer.currency)}</s> ` : ''}
          ${price(offer.sale_price ?? offer.price, offer.currency)}</p>`
            : ''
        }
        <p>${[offer?.availability_label, offer?.delivery_label]
          .filter(Boolean)
          .map((text) => escapeHtml(text!))
          .join(' · ')}</p>
        <p>${escapeHtml(product.description ?? '')}</p>
        <dl>${product.details.map((detail) => `<dt>${escapeHtml(detail.label)}</dt><dd>${escapeHtml(detail.text)}</dd>`).join('')}</dl>
      </div>
    </article>`;
  main.querySelector('img')?.addEventListener('error', hideImage);
}
