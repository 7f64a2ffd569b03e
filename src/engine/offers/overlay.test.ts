import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { loadIndex } from '../load.js';
import { applyOffers, nextSaleWindowEnd, variantRows } from './overlay.js';
import { offerChangeOf } from './patch.js';

const catalog: CatalogEntity[] = [
  {
    type: 'product',
    id: 'shirt',
    title: 'Shirt',
    variants: [
      { id: 'shirt-s', price: 20 },
      { id: 'shirt-m', price: 20, sale_price: 15, sale_window: { until: '2026-04-01T00:00:00Z' } },
    ],
  },
  { type: 'product', id: 'mug', title: 'Mug', price: 8 },
];

const change = (variant: string, entity: string, fields: Record<string, unknown>) =>
  offerChangeOf({ type: 'product', entity, variant, channel: 'default', fields });

describe('applyOffers', () => {
  it('writes changed offers into copies of the channel columns, leaving the index given as it was', async () => {
    const index = loadIndex(await compileIndex(catalog));
    const rowOf = (variant: string) => variantRows(index, 'product', variant)[0]!.row;
    const {
      index: overlaid,
      applied,
      missing,
    } = applyOffers(index, [
      change('shirt-s', 'shirt', {
        price: 18,
        sale_price: 12,
        sale_window: { from: '2026-05-01T00:00:00Z' },
      }),
      change('shirt-m', 'shirt', { sale_price: null }),
      change('mug', 'mug', { stock: 3, availability: 'preorder', delivery_days: { min: 1, max: 2 } }),
      change('nothing', 'mug', { price: 1 }),
    ]);
    expect({ applied, missing }).toEqual({ applied: 3, missing: 1 });
    const before = index.types[0]!.listing.data.channels[0]!;
    const after = overlaid.types[0]!.listing.data.channels[0]!;
    expect(after.price[rowOf('shirt-s')]).toBe(18);
    expect(before.price[rowOf('shirt-s')]).toBe(20);
    expect(Number.isNaN(after.salePrice[rowOf('shirt-m')]!)).toBe(true);
    expect([...after.windowRows]).toEqual([rowOf('shirt-s')]);
    expect(after.stock[rowOf('mug')]).toBe(3);
    expect(after.deliveryMax[rowOf('mug')]).toBe(2);
    expect(overlaid.types[0]!.dictionary).toBe(index.types[0]!.dictionary);
    expect(nextSaleWindowEnd(index, Date.parse('2026-03-01T00:00:00Z'))).toBe(
      Date.parse('2026-04-01T00:00:00Z'),
    );
    expect(nextSaleWindowEnd(overlaid, Date.parse('2026-03-01T00:00:00Z'))).toBe(
      Date.parse('2026-05-01T00:00:00Z'),
    );
  });
});
