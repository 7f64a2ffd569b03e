import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesLiveState } from '../../test/support/storefront-shop.js';
import { ProductAnswer, sharedSchemas } from '../contracts/index.js';
import { AppError } from '../lib/errors.js';
import type { LiveState } from '../query/live-index.js';
import { answerProduct } from './product-answer.js';

let live: LiveState;
beforeAll(async () => {
  live = await pagesLiveState();
});

const inSale = new Date('2026-01-15T12:00:00Z');
const afterSale = new Date('2026-03-01T12:00:00Z');

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('it answered');
}

describe('the product answer', () => {
  it("shows the product's text, photos, brand and categories with their path to the root", () => {
    const answer = answerProduct(live.storefront, { id: 'tv-55' }, inSale);
    expect(answer).toMatchObject({
      release: 'r1',
      snapshot: 's1',
      entity: 'product:tv-55',
      id: 'tv-55',
      channel: 'web',
      locale: 'en',
      title: 'Sonora OLED TV 55',
      description: 'A bright OLED television.',
      url: '/p/sonora-oled-55',
      image: 'https://img.example/tv-55.jpg',
      images: ['https://img.example/tv-55.jpg', 'https://img.example/tv-55-side.jpg'],
      brand: { id: 'sonora', name: 'Sonora', url: '/brands/sonora', logo: 'https://img.example/sonora.svg' },
    });
    expect(answer.categories).toEqual([
      {
        id: 'televisions',
        title: 'Televisions',
        url: '/c/electronics/tv',
        primary: true,
        path: [
          { id: 'electronics', title: 'Electronics', url: '/c/electronics' },
          { id: 'televisions', title: 'Televisions', url: '/c/electronics/tv' },
        ],
      },
      {
        id: 'electronics',
        title: 'Electronics',
        url: '/c/electronics',
        path: [{ id: 'electronics', title: 'Electronics', url: '/c/electronics' }],
      },
    ]);
  });

  it('writes texts, labels, units and addresses in the locale', () => {
    const answer = answerProduct(live.storefront, { id: 'tv-55', locale: 'de' }, inSale);
    expect(answer.title).toBe('Sonora OLED-Fernseher 55');
    expect(answer.url).toBe('/de/p/sonora-oled-55');
    expect(answer.brand?.url).toBe('/marken/sonora');
    expect(answer.categories[0]?.path.map((link) => link.title)).toEqual(['Elektronik', 'Fernseher']);
    expect(answer.details).toEqual([
      { code: 'color', label: 'Farbe', type: 'option', value: 'Black', text: 'Schwarz' },
      {
        code: 'screen_size',
        label: 'Bildschirmdiagonale',
        type: 'quantity',
        value: 55,
        text: '55 in',
        unit: 'in',
      },
      { code: 'weight', label: 'Gewicht', type: 'quantity', value: 18.5, text: '18,5 kg', unit: 'kg' },
      { code: 'smart', label: 'Smart TV', type: 'boolean', value: true, text: 'Ja' },
      {
        code: 'gtin',
        label: 'GTIN',
        type: 'identifier',
        value: '4006381333931',
        text: '4006381333931',
        description: 'Die Nummer des Strichcodes.',
      },
      { code: 'released', label: 'Erschienen', type: 'date', value: '2025-03-01', text: '1. März 2025' },
      {
        code: 'viewing',
        label: 'Sehabstand',
        type: 'range',
        value: { min: 1.5, max: 3 },
        text: '1,5 m bis 3 m',
        unit: 'm',
      },
      {
        code: 'notes',
        label: 'Hinweise',
        type: 'text',
        value: 'Wandhalterung inklusive',
        text: 'Wandhalterung inklusive',
      },
    ]);
    expect(answer.offer).toMatchObject({ availability_label: 'Auf Lager', delivery_label: '2 bis 4 Tage' });
  });

  it("shows the offer as the tile does: the sale price only within its window at the request's time", () => {
    expect(answerProduct(live.storefront, { id: 'tv-55' }, inSale).offer).toEqual({
      price: 999,
      sale_price: 799,
      sale_until: '2026-02-01T00:00:00.000Z',
      on_sale: true,
      discount: 20.02,
      currency: 'EUR',
      availability: 'in_stock',
      availability_label: 'In stock',
      stock: 12,
      delivery_days: { min: 2, max: 4 },
      delivery_label: '2 to 4 days',
    });
    const after = answerProduct(live.storefront, { id: 'tv-55' }, afterSale).offer;
    expect(after).toMatchObject({ price: 999, on_sale: false });
    expect(after.sale_price).toBeUndefined();
  });

  it('lists the variants the channel sells with their axes in value order; the offer is the cheapest one', () => {
    const answer = answerProduct(live.storefront, { id: 'shirt' }, inSale);
    expect(answer.axes).toEqual([
      {
        code: 'size',
        label: 'Size',
        values: [
          { value: 'S', label: 'S' },
          { value: 'M', label: 'M' },
          { value: 'L', label: 'L' },
        ],
      },
    ]);
    expect(answer.variants?.map((variant) => [variant.id, variant.choices, variant.offer.price])).toEqual([
      ['shirt-l', { size: 'L' }, 49],
      ['shirt-s', { size: 'S' }, 45],
      ['shirt-m', { size: 'M' }, 47],
    ]);
    expect(answer.variants?.[1]).toMatchObject({
      url: '/p/linen-shirt-s',
      image: 'https://img.example/shirt-s.jpg',
    });
    expect(answer.variants?.[2]).toMatchObject({
      title: 'Linen Shirt M',
      offer: { availability: 'out_of_stock' },
    });
    expect(answer.variant).toBe('shirt-s');
    expect(answer.offer.price).toBe(45);
    // In the trade channel only the XL is sold.
    const trade = answerProduct(live.storefront, { id: 'shirt', channel: 'b2b' }, inSale);
    expect(trade.variants?.map((variant) => variant.id)).toEqual(['shirt-xl']);
    expect(trade.axes?.[0]?.values.map((value) => value.value)).toEqual(['XL']);
    expect(trade.offer.price).toBe(40);
  });

  it("finds a product by its URL in the locale, and a variant by the variant's own URL", () => {
    expect(answerProduct(live.storefront, { url: '/de/p/sonora-oled-55', locale: 'de' }, inSale).id).toBe(
      'tv-55',
    );
    const variant = answerProduct(live.storefront, { url: '/p/linen-shirt?size=l' }, inSale);
    expect(variant).toMatchObject({ id: 'shirt', variant: 'shirt-l', offer: { price: 49 } });
  });

  it('names the brand as written where no brand entity stands for it; a brand alias finds the entity', () => {
    expect(answerProduct(live.storefront, { id: 'buds' }, inSale).brand).toEqual({ name: 'Nordlicht' });
    expect(answerProduct(live.storefront, { id: 'tv-43' }, inSale).brand).toMatchObject({ id: 'sonora' });
  });

  it('adds a trace with debug: how the product was found and which offer it shows', () => {
    const answer = answerProduct(live.storefront, { url: '/p/linen-shirt', debug: true }, inSale);
    expect(answer.trace?.map((step) => [step.step, step.outcome])).toEqual([
      ['lookup', 'matched'],
      ['offer', 'matched'],
    ]);
    expect(answer.trace?.[1]?.detail).toContain('sells 3 of its 4 variants');
    expect(answer.trace?.[1]?.detail).toContain('shirt-s');
    expect(answerProduct(live.storefront, { id: 'tv-55' }, inSale).trace).toBeUndefined();
  });

  it('meets its schema, with nothing null', () => {
    for (const id of ['tv-55', 'shirt', 'buds']) {
      const answer = answerProduct(live.storefront, { id, debug: true }, inSale);
      FormatRegistry.Set('date-time', (value) => !Number.isNaN(Date.parse(value)));
      expect([...Value.Errors(ProductAnswer, sharedSchemas, answer)].map((error) => error.path)).toEqual([]);
      expect(JSON.stringify(answer)).not.toContain('null');
    }
  });
});

describe('products it cannot answer', () => {
  it('refuses neither or both of id and url with a violation', () => {
    expect(refusal(() => answerProduct(live.storefront, {}, inSale)).violations?.[0]?.pointer).toBe('/id');
    const both = refusal(() =>
      answerProduct(live.storefront, { id: 'tv-55', url: '/p/sonora-oled-55' }, inSale),
    );
    expect([both.code, both.violations?.[0]?.pointer]).toEqual(['invalid_request', '/url']);
  });

  it('refuses a channel or locale the release lacks', () => {
    const channel = refusal(() => answerProduct(live.storefront, { id: 'tv-55', channel: 'shop' }, inSale));
    expect([channel.code, channel.violations?.map((one) => one.pointer)]).toEqual([
      'unknown_name',
      ['/channel'],
    ]);
    const locale = refusal(() =>
      answerProduct(live.storefront, { id: 'tv-55', channel: 'b2b', locale: 'de' }, inSale),
    );
    expect([locale.code, locale.violations?.map((one) => one.pointer)]).toEqual([
      'unknown_name',
      ['/locale'],
    ]);
  });

  it('answers 404 for a product the catalog lacks, one the channel does not sell, or a URL of another locale', () => {
    expect(refusal(() => answerProduct(live.storefront, { id: 'nothing' }, inSale)).code).toBe(
      'product_not_found',
    );
    expect(refusal(() => answerProduct(live.storefront, { id: 'buds', channel: 'b2b' }, inSale)).code).toBe(
      'product_not_found',
    );
    expect(refusal(() => answerProduct(live.storefront, { url: '/de/p/sonora-oled-55' }, inSale)).code).toBe(
      'product_not_found',
    );
    expect(refusal(() => answerProduct(live.storefront, { url: '/p/none' }, inSale)).code).toBe(
      'product_not_found',
    );
  });
});
