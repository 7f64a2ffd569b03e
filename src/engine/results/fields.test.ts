import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { loadIndex } from '../load.js';
import { touchHitColumns } from './fields.js';

const JULY = Date.parse('2025-07-01T00:00:00Z');

describe('touchHitColumns', () => {
  it('reads a hit whose record is empty and ends the table without reading past it', async () => {
    // One result field, which the last product lacks: its record is empty and starts where the
    // table ends.
    const catalog: CatalogEntity[] = [
      { type: 'product', id: 'a', title: 'Lamp', description: 'Brass.', price: 10, currency: 'EUR' },
      { type: 'product', id: 'b', title: 'Vase', price: 20, currency: 'EUR' },
    ];
    const index = loadIndex(
      await compileIndex(catalog, {
        settings: { types: { product: { resultFields: ['description'] } } },
        time: JULY,
      }),
    );
    const type = index.types.find((one) => one.type === 'product')!;
    const { listing } = type;
    expect(type.stored.offsets[1]).toBe(type.stored.bytes.length);
    const channel = listing.channel(undefined)!;
    const context = { locale: undefined, channel, view: channel.offers.at(JULY) };
    const rows = Uint32Array.of(listing.firstRow(0), listing.firstRow(1));
    const sum = touchHitColumns(type, Uint32Array.of(0, 1), rows, 2, context);
    expect(Number.isFinite(sum)).toBe(true);
  });
});
