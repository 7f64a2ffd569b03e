import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileSynonyms } from '../analysis/synonyms.js';
import { compileIndex } from '../compile.js';
import { entityMeets } from '../listing/select-entities.js';
import { loadIndex } from '../load.js';
import type { EngineSettings } from '../settings.js';
import { missingWords } from './missing-words.js';

const catalog: CatalogEntity[] = [
  { type: 'category', id: 'lighting', title: 'Lighting' },
  {
    type: 'product',
    id: 'lamp',
    title: 'Brass Table Lamps',
    categories: ['lighting'],
    attributes: { color: 'Gold' },
    price: 30,
    currency: 'EUR',
  },
  {
    type: 'product',
    id: 'shade',
    title: 'Paper Shade',
    categories: ['lighting'],
    attributes: { color: 'White' },
    offers: [{ channel: 'b2b', price: 9, currency: 'EUR' }],
  },
];

const settings: EngineSettings = {
  locale: 'en',
  languages: ['en'],
  attributes: [{ code: 'color', label: 'Color', type: 'option', filterable: true }],
  channels: [
    { id: 'web', locales: ['en'], currency: 'EUR' },
    { id: 'b2b', locales: ['en'], currency: 'EUR' },
  ],
};

const index = loadIndex(await compileIndex(catalog, { settings }));

describe('the query words an entity lacks', () => {
  it('names the words it holds by no alternative a search tries', () => {
    expect(missingWords(index, { type: 'product', text: 'brass shade' }, 'lamp')).toEqual(['shade']);
    expect(missingWords(index, { type: 'product', text: 'brass shade' }, 'shade')).toEqual(['brass']);
  });

  it('counts stems, typos, synonyms and completions as held', () => {
    const words = { type: 'product', locale: 'en' };
    expect(missingWords(index, { ...words, text: 'lamp' }, 'lamp')).toEqual([]);
    expect(missingWords(index, { ...words, text: 'brasss' }, 'lamp')).toEqual([]);
    const synonyms = compileSynonyms({ groups: [{ words: ['glow', 'lamps'] }] });
    expect(missingWords(index, { ...words, text: 'glow', synonyms }, 'lamp')).toEqual([]);
    expect(missingWords(index, { ...words, text: 'glow' }, 'lamp')).toEqual(['glow']);
    // Its category, Lighting, says what it is: the stem of "light" holds it.
    expect(missingWords(index, { ...words, text: 'light' }, 'lamp')).toEqual([]);
    expect(missingWords(index, { ...words, text: 'tab', prefix: true }, 'lamp')).toEqual([]);
    expect(missingWords(index, { ...words, text: 'tab' }, 'lamp')).toEqual(['tab']);
  });

  it('finds nothing missing of a query without words, and nothing at all of an entity the index lacks', () => {
    expect(missingWords(index, { type: 'product', text: '' }, 'lamp')).toEqual([]);
    expect(missingWords(index, { type: 'product', text: 'lamp' }, 'none')).toBeUndefined();
    expect(missingWords(index, { type: 'brand', text: 'lamp' }, 'lamp')).toBeUndefined();
  });
});

describe('whether an entity meets a filter', () => {
  const now = { channel: 'web', time: Date.parse('2025-05-20T00:00:00Z') };

  it("reads a shopper's choices and a selector as a listing does", () => {
    expect(entityMeets(index, 'product:lamp', { filters: { color: 'Gold' } }, now)).toBe(true);
    expect(entityMeets(index, 'product:lamp', { filters: { color: 'White' } }, now)).toBe(false);
    expect(entityMeets(index, 'product:lamp', { where: { category: { within: 'lighting' } } }, now)).toBe(
      true,
    );
  });

  it('lets an empty test pass, never an entity the channel does not sell or the index lacks', () => {
    expect(entityMeets(index, 'product:lamp', {}, now)).toBe(true);
    expect(entityMeets(index, 'product:shade', {}, now)).toBe(false);
    expect(entityMeets(index, 'product:shade', {}, { ...now, channel: 'b2b' })).toBe(true);
    expect(entityMeets(index, 'product:none', {}, now)).toBe(false);
  });
});
