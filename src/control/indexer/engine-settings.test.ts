import { describe, expect, it } from 'vitest';
import { demoReleaseFiles } from '../../catalog/demo/release.js';
import { engineSettingsOf } from './engine-settings.js';

describe('engineSettingsOf', () => {
  it('takes each type’s search settings from types.json', () => {
    const settings = engineSettingsOf(demoReleaseFiles);
    expect(settings.search?.product).toEqual({
      fields: [
        { field: 'title', weight: 10 },
        { field: 'brand', weight: 8 },
        { field: 'keywords', weight: 5 },
        { field: 'attributes.color', weight: 4 },
        { field: 'attributes.material', weight: 3 },
        { field: 'attributes.size', weight: 2 },
        { field: 'description', weight: 1 },
      ],
      typos: { enabled: true, oneTypoMinLetters: 5, twoTyposMinLetters: 9, exempt: ['size', 'channels'] },
      prefix: true,
    });
    expect(settings.search?.category).toEqual({
      fields: [{ field: 'title', weight: 10 }],
      typos: { oneTypoMinLetters: 4 },
    });
  });

  it('stems the languages the channels serve and shows the first channel’s first locale', () => {
    const settings = engineSettingsOf(demoReleaseFiles);
    expect(settings.languages).toEqual(['en', 'de']);
    expect(settings.locale).toBe('en');
    const regional = engineSettingsOf({
      'channels.json': {
        channels: [
          { id: 'uk', locales: ['en-GB'], currency: 'GBP' },
          { id: 'ch', locales: ['de-CH', 'fr-CH', 'it-CH'], currency: 'CHF' },
        ],
      },
    });
    expect(regional.languages).toEqual(['en', 'de', 'fr', 'it']);
    expect(regional.locale).toBe('en-GB');
  });

  it('searches text, option and identifier attributes unless attributes.json says otherwise', () => {
    const settings = engineSettingsOf({
      'attributes.json': {
        attributes: [
          { code: 'gtin', label: 'GTIN', type: 'identifier' },
          { code: 'color', label: 'Colour', type: 'option' },
          { code: 'care', label: 'Care', type: 'text' },
          { code: 'internal_note', label: 'Note', type: 'text', searchable: false },
          { code: 'weight', label: 'Weight', type: 'quantity', unit: 'kg' },
          { code: 'series', label: 'Series', type: 'number', searchable: true },
        ],
      },
    });
    expect(settings.searchAttributes).toEqual({
      gtin: 'identifier',
      color: 'text',
      care: 'text',
      series: 'text',
    });
  });

  it('gives an empty release no type settings, and English stems as its searches are in English', () => {
    expect(engineSettingsOf({})).toEqual({ search: {}, searchAttributes: {}, languages: ['en'] });
  });
});
