import { describe, expect, it } from 'vitest';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import { readExport, readerFiles } from '../src/catalog/index.js';
import { RELEASE_FILE_NAMES } from '../src/contracts/release-files/index.js';
import { validateRelease } from '../src/release/validate.js';

describe('the demo release', () => {
  it('holds every release file', () => {
    expect(Object.keys(demoReleaseFiles).sort()).toEqual([...RELEASE_FILE_NAMES].sort());
  });

  it('is a valid release: every file meets its schema and the files agree with each other', () => {
    const check = validateRelease(demoReleaseFiles);
    expect(check.ok ? [] : check.violations).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('reads CSV files however they split cells and write decimals: feed.json leaves that to the bytes', async () => {
    const files = readerFiles(demoReleaseFiles);
    for (const [delimiter, decimal] of [
      [',', '.'],
      [';', ','],
      ['\t', '.'],
    ] as const) {
      const lines = [
        ['product_id', 'title', 'brand', 'price', 'currency', 'color'],
        ['P900001', 'Aurora Desk Lamp', 'Lumina', `49${decimal}90`, 'EUR', 'Brass'],
        ['P900002', 'Orbit Floor Lamp', 'Lumina', `129${decimal}00`, 'EUR', 'Black'],
      ];
      const read = await readExport(
        Buffer.from(`${lines.map((line) => line.join(delimiter)).join('\n')}\n`),
        {
          ...files,
          fileName: 'shop.csv',
        },
      );
      expect(read.how).toMatchObject({ delimiter, decimal });
      expect(read.counts.products).toBe(2);
      expect(read.rejected).toEqual([]);
      const products = read.inspection().products.map((product) => product.indexed);
      expect(products.map((product) => [product.id, product.price, product.attributes?.color])).toEqual([
        ['P900001', 49.9, 'Brass'],
        ['P900002', 129, 'Black'],
      ]);
    }
  });
});
