import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../catalog/demo/index.js';
import { demoReleaseFiles } from '../catalog/demo/release.js';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { Attribute, AttributesFile } from '../contracts/release-files/index.js';
import { compilePlanner } from './planner.js';
import { SHOP_CATALOG, shopVocabulary } from './shop.fixture.js';
import { buildVocabulary } from './vocabulary.js';

describe('buildVocabulary', () => {
  const vocabulary = shopVocabulary();

  it('categories with their parents, titles and paths per locale, channels, and the types they hold below them', () => {
    expect(vocabulary.categories.get('running-shoes')).toEqual({
      id: 'running-shoes',
      parent: 'shoes',
      title: { en: 'Running Shoes', de: 'Laufschuhe' },
      path: { en: '/c/shoes/running-shoes', de: '/k/schuhe/laufschuhe' },
      holds: ['product'],
    });
    expect(vocabulary.categories.get('gifts')).toMatchObject({ channels: ['web'], holds: ['gift_card'] });
    expect(vocabulary.categories.get('sports')?.holds).toEqual(['product']);
  });

  it('brands with their aliases, named as the products write them; brands without an entity have no page', () => {
    expect(vocabulary.brands.get('nike')).toEqual({
      id: 'nike',
      name: 'Nike',
      aliases: ['nikey'],
      value: 'Nike',
      page: true,
    });
    expect(vocabulary.brands.get('Flexi')).toEqual({
      id: 'Flexi',
      name: 'Flexi',
      aliases: [],
      value: 'Flexi',
      page: false,
    });
  });

  it('filterable option, flag and quantity attributes: declared options and those the catalog adds, and where they occur', () => {
    expect([...vocabulary.attributes.keys()]).toEqual([
      'color',
      'size',
      'storage',
      'memory_card',
      'screen_size',
      'width',
      'waterproof',
    ]);
    const size = vocabulary.attributes.get('size')!;
    expect(size.options.map((option) => option.value)).toEqual(['42', '43', '44']);
    expect([...size.categories]).toEqual(['running-shoes', 'sneakers']);
    expect(vocabulary.attributes.get('color')!.options[0]).toEqual({
      value: 'Red',
      label: { en: 'Red', de: 'Rot' },
      aliases: ['crimson'],
    });
    expect(vocabulary.attributes.get('storage')).toMatchObject({ type: 'quantity', unit: 'gb', options: [] });
  });

  it('builds from the demo catalog', () => {
    const demo = buildVocabulary(
      generateCatalog({ products: 3000, seed: 1 }),
      (demoReleaseFiles['attributes.json'] as AttributesFile).attributes,
    );
    expect(demo.categories.size).toBe(45);
    expect(demo.brands.get('ampere-labs')).toMatchObject({
      name: 'Ampere Labs',
      aliases: ['ampere', 'amperelabs'],
    });
    expect(demo.attributes.get('capacity')?.categories.has('kettles')).toBe(true);
    expect(demo.categories.get('electronics')?.holds).toEqual(['product']);
  });

  it('marks an option value or a flag whose words far more entities hold than carry it: they name a kind, not a filter', () => {
    const mice = [0, 1, 2, 3, 4, 5].map(
      (i): CatalogEntity => ({
        type: 'product',
        id: `mouse-${i}`,
        title: `Optical mouse ${i}`,
        attributes: { color: i < 3 ? 'Red' : 'Black' },
      }),
    );
    const adapter: CatalogEntity = {
      type: 'product',
      id: 'adapter',
      title: 'PS/2 adapter, red',
      attributes: { adapter_type: 'Mouse', color: 'Red', usb_hub: true },
    };
    const hubs = [0, 1, 2].map(
      (i): CatalogEntity => ({ type: 'product', id: `hub-${i}`, title: '4-port USB hub' }),
    );
    const attributes: Attribute[] = [
      { code: 'adapter_type', label: 'Adapter type', type: 'option' },
      { code: 'color', label: 'Color', type: 'option' },
      { code: 'usb_hub', label: 'USB hub', type: 'boolean' },
    ];
    const vocabulary = buildVocabulary([...mice, adapter, ...hubs], attributes);
    expect(vocabulary.attributes.get('adapter_type')!.options).toEqual([
      { value: 'Mouse', aliases: [], namesKind: true },
    ]);
    expect(vocabulary.attributes.get('color')!.options).toEqual([
      { value: 'Red', aliases: [] },
      { value: 'Black', aliases: [] },
    ]);
    expect(vocabulary.attributes.get('usb_hub')!.labelNamesKind).toBe(true);

    // Its words stay text; the colour every red product carries is still read as a filter.
    const planner = compilePlanner(
      { 'rules.json': { rules: [] }, 'attributes.json': { attributes } },
      vocabulary,
    );
    const resolved = (query: string) => {
      const plan = planner.plan({ query, redirect: false }, { arrival: new Date('2025-06-01T00:00:00Z') });
      return plan.kind === 'search' ? plan.resolution : undefined;
    };
    expect(resolved('mouse')).toMatchObject({ text: 'mouse' });
    expect(resolved('mouse')).not.toHaveProperty('filters');
    expect(resolved('usb hub')).not.toHaveProperty('filters');
    expect(resolved('red mouse')).toMatchObject({ filters: { color: 'Red' }, text: 'mouse' });
  });

  it('reads each entity once, so it takes a stream', () => {
    function* once() {
      yield* SHOP_CATALOG;
    }
    expect(buildVocabulary(once(), []).categories.size).toBe(vocabulary.categories.size);
  });
});
