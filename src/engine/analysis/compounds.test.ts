import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { executeSearch } from '../execute.js';
import { loadIndex } from '../load.js';
import { compoundWords } from './compounds.js';

const product = (id: string, fields: Partial<CatalogEntity>): CatalogEntity => ({
  type: 'product',
  id,
  ...fields,
});

const catalog = [
  product('one-word', { title: 'Trail backpack 30 l', description: 'A touchscreen-friendly strap.' }),
  product('two-words', { title: 'Leather back pack', description: 'Roomy, with a touch screen pocket.' }),
  product('other', { title: 'Back cover', keywords: ['two of a kind'] }),
];

describe('compoundWords', () => {
  it('joins two words the catalog writes as one somewhere, of three letters each at least', () => {
    const compounds = compoundWords(catalog);
    expect(compounds.joins('back', 'pack')).toBe(true);
    expect(compounds.joins('touch', 'screen')).toBe(true);
    expect(compounds.joins('back', 'cover')).toBe(false);
    expect(compoundWords([product('1', { title: 'into the box' })]).joins('in', 'to')).toBe(false);
  });
});

const index = loadIndex(await compileIndex(catalog));

describe('a word written as one or as two', () => {
  const found = (text: string) =>
    executeSearch(index, { text, page: 1, perPage: 10 })
      .sections[0]!.hits.map((hit) => hit.entity)
      .sort();

  it('finds both spellings whichever the shopper types', () => {
    expect(found('backpack')).toEqual(['product:one-word', 'product:two-words']);
    expect(found('back pack')).toEqual(['product:one-word', 'product:two-words']);
  });
});
