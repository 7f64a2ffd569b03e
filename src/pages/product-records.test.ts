import { describe, expect, it } from 'vitest';
import { pagesCatalog, pagesRelease } from '../../test/support/storefront-shop.js';
import type { Attribute } from '../contracts/release-files/index.js';
import { encodeProductRecords, NO_PRODUCT_RECORDS, ProductRecords } from './product-records.js';

const attributes = (pagesRelease['attributes.json'] as { attributes: Attribute[] }).attributes;

describe('product records', () => {
  const records = new ProductRecords(encodeProductRecords(pagesCatalog, attributes));

  it('keep each product by id, its declared details read by their types', () => {
    expect(records.count).toBe(5);
    const tv = records.byId('tv-55');
    expect(tv).toMatchObject({
      id: 'tv-55',
      brand: 'Sonora',
      categories: ['televisions', 'electronics'],
      attributes: { screen_size: 55, weight: 18.5, smart: true, viewing: { min: 1.5, max: 3 } },
    });
    expect(tv?.attributes?.undeclared).toBeUndefined();
    expect(records.byId('televisions')).toBeUndefined();
  });

  it('find products by every URL written, in any locale, and variants by theirs', () => {
    expect(records.byUrl('/de/p/sonora-oled-55')).toEqual([{ record: 0 }]);
    expect(records.byUrl('/p/sonora-oled-55')).toEqual([{ record: 0 }]);
    expect(records.byUrl('/p/linen-shirt-s')).toEqual([{ record: 4, variant: 'shirt-s' }]);
    expect(records.byUrl('/p/none')).toEqual([]);
    expect(records.urlInCase('/P/Sonora-OLED-55')).toBe('/p/sonora-oled-55');
  });

  it('put the primary category first', () => {
    const bytes = encodeProductRecords(
      [{ type: 'product', id: 'x', categories: ['a', { id: 'b', primary: true }, 'c'] }],
      [],
    );
    expect(new ProductRecords(bytes).byId('x')?.categories).toEqual(['b', 'a', 'c']);
  });

  it('refuse bytes of another form, and hold nothing where an index carries none', () => {
    expect(() => new ProductRecords(new Uint8Array(16))).toThrow(/format 0/);
    expect(NO_PRODUCT_RECORDS.count).toBe(0);
  });
});
