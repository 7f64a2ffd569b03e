import { describe, expect, it } from 'vitest';
import { forLocale, languageOf } from './locale.js';
import { isStemmable, stemmerFor } from './stem.js';

describe('forLocale', () => {
  const byLocale = { en: 'English', 'en-US': 'American', de: 'German' };

  it('takes the locale its own entry', () => {
    expect(forLocale(byLocale, 'en-US')).toBe('American');
    expect(forLocale(byLocale, 'en-us')).toBe('American');
  });

  it('reads the language for a regional locale without its own', () => {
    expect(forLocale(byLocale, 'en-GB')).toBe('English');
    expect(forLocale(byLocale, 'de-AT')).toBe('German');
    expect(forLocale(byLocale, 'fr-FR')).toBeUndefined();
    expect(languageOf('pt-BR')).toBe('pt');
  });
});

describe('stemmers', () => {
  it('meet the singular and the plural in each language a shop sells in', () => {
    const pairs: Array<[string, string, string]> = [
      ['en', 'headphones', 'headphone'],
      ['en', 'batteries', 'battery'],
      ['de', 'taschen', 'tasche'],
      ['de', 'lampen', 'lampe'],
      ['fr', 'chaussures', 'chaussure'],
      ['fr', 'ecouteurs', 'ecouteur'],
      ['es', 'zapatos', 'zapato'],
      ['es', 'fundas', 'funda'],
      ['it', 'scarpe', 'scarpa'],
      ['it', 'custodie', 'custodia'],
      ['nl', 'schoenen', 'schoen'],
      ['nl', 'koptelefoons', 'koptelefoon'],
    ];
    for (const [language, plural, singular] of pairs) {
      const stem = stemmerFor(language)!;
      expect(stem(plural), `${language} ${plural}`).toBe(stem(singular));
    }
    expect(stemmerFor('de-CH')).toBe(stemmerFor('de'));
    expect(stemmerFor('xx')).toBeUndefined();
  });

  it('leaves numbers, model numbers and short words unstemmed', () => {
    expect(isStemmable('cables')).toBe(true);
    expect(isStemmable('16gb')).toBe(false);
    expect(isStemmable('1211ea')).toBe(false);
    expect(isStemmable('tv')).toBe(false);
  });
});
