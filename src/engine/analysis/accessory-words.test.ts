import { describe, expect, it } from 'vitest';
import { accessoryWords } from './accessory-words.js';

describe('accessoryWords', () => {
  it('gives the nouns of each language asked for, folded as the index folds words', () => {
    const german = accessoryWords(['de']);
    expect(german.has('hulle')).toBe(true);
    expect(german.has('zubehor')).toBe(true);
    expect(german.has('pad')).toBe(false);
    const both = accessoryWords(['en', 'de-AT']);
    expect(both.has('pad')).toBe(true);
    expect(both.has('halterung')).toBe(true);
  });

  it('knows no nouns for a language it has no list for, nor names what is a product of its own', () => {
    expect(accessoryWords(['fi']).size).toBe(0);
    const english = accessoryWords(['en']);
    for (const product of ['mouse', 'monitor', 'toner', 'kit', 'lamp'])
      expect(english.has(product)).toBe(false);
  });
});
