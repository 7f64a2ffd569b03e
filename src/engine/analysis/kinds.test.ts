import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { kindEvidence } from './kinds.js';

const product = (id: string, fields: Partial<CatalogEntity> = {}): CatalogEntity => ({
  type: 'product',
  id,
  ...fields,
});
const category = (id: string, title: CatalogEntity['title']): CatalogEntity => ({
  type: 'category',
  id,
  title,
});

describe('kindEvidence', () => {
  it('takes the nouns several products write before "for" as nouns of add-ons, in any of their forms', () => {
    const kinds = kindEvidence(
      [
        product('1', { title: 'Replacement lamp for VPL-FX51' }),
        product('2', { description: 'Spare lamp for LT20 projectors' }),
        product('3', { title: 'Lamps for NEC GT5000' }),
        product('4', { title: 'Strap for cameras' }),
        product('5', { title: 'NEC data projector' }),
      ],
      ['en'],
    )!;
    expect(kinds.isAddOn('lamp')).toBe(true);
    expect(kinds.isAddOn('lamps')).toBe(true);
    // One product writing so is its wording, not the catalog's usage.
    expect(kinds.isAddOn('strap')).toBe(false);
    expect(kinds.isAddOn('projector')).toBe(false);
    expect([...kinds.forWords]).toEqual(['for']);
  });

  it('takes a word written just after "for" as a product others are made for', () => {
    const kinds = kindEvidence(
      [
        product('1', { title: 'Spare lamp for LT20 projectors' }),
        product('2', { title: 'Strap for digital cameras' }),
        product('3', { title: 'Bluetooth headset' }),
      ],
      ['en'],
    )!;
    expect(kinds.isTarget('projector')).toBe(true);
    expect(kinds.isTarget('camera')).toBe(true);
    expect(kinds.isTarget('digital')).toBe(true);
    expect(kinds.isTarget('bluetooth')).toBe(false);
    expect(kinds.isTarget('lamp')).toBe(false);
  });

  it('reads the attributes named for "made for" as naming the products others are made for', () => {
    const kinds = kindEvidence(
      [
        product('arm', {
          title: 'SmartFit arm',
          attributes: { suitable_for: 'Computer monitor', width: 'Wide' },
        }),
      ],
      ['en'],
    )!;
    expect(kinds.namesMadeFor('suitable_for')).toBe(true);
    expect(kinds.namesMadeFor('Component for')).toBe(true);
    expect(kinds.namesMadeFor('maximum_input_capacity_for_envelopes')).toBe(false);
    expect(kinds.isTarget('monitor')).toBe(true);
    expect(kinds.isTarget('wide')).toBe(false);
  });

  it('reads category names: their heads, and the words naming another kind the catalog has', () => {
    const kinds = kindEvidence(
      [
        category('laptops', 'Laptops'),
        category('gaming-laptops', 'Gaming Laptops'),
        category('laptop-bags', { en: 'Laptop Bags & Cases', de: 'Laptoptaschen' }),
        category('monitors', 'Monitors'),
        category('arms', 'Monitor Arms and Stands'),
      ],
      ['en'],
    )!;
    expect(kinds.categories.get('laptop-bags')).toEqual({
      heads: 'bags cases laptoptaschen',
      modifiers: new Set(['laptop']),
    });
    // "gaming" names no kind of its own: a gaming laptop is a laptop.
    expect(kinds.categories.get('gaming-laptops')).toEqual({ heads: 'laptops', modifiers: new Set() });
    expect(kinds.categories.get('arms')!.heads).toBe('arms stands');
    expect(kinds.isAddOn('arm')).toBe(true);
    expect(kinds.isAddOn('bag')).toBe(true);
    expect(kinds.isAddOn('laptop')).toBe(false);
    expect(kinds.isTarget('laptop')).toBe(true);
    expect(kinds.isTarget('gaming')).toBe(false);
  });

  it('reads the languages whose noun phrases end in their head, and no others', () => {
    const german = kindEvidence(
      ['1', '2', '3'].map((id) => product(id, { title: 'Hülle für Smartphones' })),
      ['de-AT'],
    )!;
    expect(german.isAddOn('hulle')).toBe(true);
    expect([...german.forWords]).toEqual(['fur']);
    expect(kindEvidence([product('1', { title: 'Housse pour ordinateur' })], ['fr'])).toBeUndefined();
    expect(kindEvidence([product('1')], [])).toBeUndefined();
  });
});
