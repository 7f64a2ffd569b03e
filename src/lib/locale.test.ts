import { describe, expect, it } from 'vitest';
import { localeChain, pickText, servedLocale } from './locale.js';

describe('locales', () => {
  it('falls back along a tag, without regard to case', () => {
    expect(localeChain('de-CH-1996')).toEqual(['de-ch-1996', 'de-ch', 'de']);
    expect(servedLocale('de-AT', ['en', 'de'])).toBe('de');
    expect(servedLocale('DE', ['en', 'de'])).toBe('de');
    expect(servedLocale('en-GB', ['en-gb', 'de'])).toBe('en-gb');
    expect(servedLocale('fr', ['en', 'de'])).toBeUndefined();
  });

  it('picks the text of the locale, then of the fallbacks, then the first', () => {
    const text = { en: 'Color', de: 'Farbe', 'de-CH': 'Farbe (CH)' };
    expect(pickText(text, 'de-CH')).toBe('Farbe (CH)');
    expect(pickText(text, 'de-AT')).toBe('Farbe');
    expect(pickText(text, 'fr', 'en')).toBe('Color');
    expect(pickText(text, 'fr')).toBe('Color');
    expect(pickText({ it: 'Colore' }, 'fr', 'en')).toBe('Colore');
    expect(pickText('Plain', 'de')).toBe('Plain');
    expect(pickText(undefined, 'de')).toBeUndefined();
  });
});
