import { describe, expect, it } from 'vitest';
import { normalizePhrase, normalizeQuery } from './normalize.js';

describe('normalizeQuery', () => {
  it('trims, collapses spaces and folds case as the engine analyses text', () => {
    expect(normalizeQuery('  Red   NIKE\tShoes ').text).toBe('red nike shoes');
  });

  it('folds accents and German letters so "Kopfhörer" meets "kopfhorer" and "Straße" "strasse"', () => {
    expect(normalizeQuery('Kopfhörer').text).toBe('kopfhorer');
    expect(normalizeQuery('Straße').text).toBe('strasse');
    expect(normalizeQuery('ＴＶ').text).toBe('tv');
  });

  it('drops punctuation between words, so a rule phrase meets "Return policy?"', () => {
    expect(normalizeQuery('Return policy?').text).toBe('return policy');
    expect(normalizeQuery('usb-c cable').words).toEqual(['usb', 'c', 'cable']);
  });

  it('keeps numbers with their decimal mark whole', () => {
    expect(normalizeQuery('kettle 1.7 l').words).toEqual(['kettle', '1.7', 'l']);
    expect(normalizeQuery('Wasserkocher 1,7 l').words).toEqual(['wasserkocher', '1,7', 'l']);
  });

  it('reads an inch mark after a number as the unit', () => {
    expect(normalizeQuery('55" tv').text).toBe('55 inch tv');
    expect(normalizeQuery('65″').text).toBe('65 inch');
  });

  it('pads the text so a phrase is found at word boundaries', () => {
    expect(normalizeQuery('4k tv').padded).toBe(' 4k tv ');
    expect(normalizeQuery('').words).toEqual([]);
  });

  it('normalizes a rule phrase the same way', () => {
    expect(normalizePhrase('Return Policy')).toBe('return policy');
  });
});
