import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { undeclaredAttributeKinds } from './undeclared-attributes.js';

const product = (id: string, attributes: CatalogEntity['attributes']): CatalogEntity => ({
  type: 'product',
  id,
  attributes,
});

describe('undeclaredAttributeKinds', () => {
  it('takes codes named like identifiers, and distinct codes with digits, as identifiers; other words as text', () => {
    const entities = [
      product('1', { gtin: '4006381333931', part: 'DV7-1211EA', colour: 'Black', weight: 1.2, wifi: true }),
      product('2', { gtin: '4006381333948', part: 'DV7-1212EA', colour: 'Black', weight: 1.4, wifi: false }),
      product('3', { gtin: '4006381333955', part: 'HX-44', colour: 'Jet black', weight: 2, wifi: true }),
    ];
    expect(undeclaredAttributeKinds(entities, {})).toEqual({
      gtin: 'identifier',
      part: 'identifier',
      colour: 'text',
    });
  });

  it('takes repeated values with digits as text, and leaves attributes.json to decide what it declares', () => {
    const entities = [
      product('1', { resolution: '1920x1080', sku: 'plain words' }),
      product('2', { resolution: '1920x1080', sku: 'more words' }),
      product('3', { resolution: '3840x2160', sku: 'other words' }),
    ];
    const files = { 'attributes.json': { attributes: [{ code: 'sku', type: 'text' }] } };
    expect(undeclaredAttributeKinds(entities, files)).toEqual({ resolution: 'text' });
  });
});
