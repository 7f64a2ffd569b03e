import { describe, expect, it } from 'vitest';
import { SuggestionIndex } from './suggestion-index.js';

const texts = (found: Array<{ text: string }>) => found.map((one) => one.text);

describe('looking suggestions up by what was typed', () => {
  const index = SuggestionIndex.of([
    { text: 'wireless earbuds', weight: 30 },
    { text: 'headphones', weight: 50 },
    { text: 'headset', weight: 20 },
    { text: 'Kühlschrank', weight: 10 },
    { text: 'over ear headphones', weight: 5 },
    { text: 'HEADPHONES', weight: 1 },
  ]);

  it('finds the last word as a prefix, from any word of a suggestion, the heaviest first', () => {
    expect(texts(index.lookup('hea', 10))).toEqual(['headphones', 'headset', 'over ear headphones']);
    const ear = index.lookup('ear', 10);
    expect(texts(ear)).toEqual(['wireless earbuds', 'over ear headphones']);
    expect(ear.every((found) => !found.fromStart)).toBe(true);
    expect(index.lookup('head', 1)[0]).toMatchObject({ text: 'headphones', fromStart: true, typo: false });
  });

  it('completes the last of several words, the others whole and in order', () => {
    expect(texts(index.lookup('wireless ear', 10))).toEqual(['wireless earbuds']);
    expect(texts(index.lookup('over ear h', 10))).toEqual(['over ear headphones']);
    expect(index.lookup('earbuds wireless', 10)).toEqual([]);
  });

  it('folds as searches do: case and accents aside, one entry per folded text, weights summed', () => {
    expect(texts(index.lookup('kuhl', 10))).toEqual(['Kühlschrank']);
    expect(index.exact('headphones')).toMatchObject({ text: 'headphones', weight: 51 });
  });

  it('finds a last word with one typo, from four letters', () => {
    expect(texts(index.lookupTypos('', 'hedph', 10))).toEqual(['headphones', 'over ear headphones']);
    expect(index.lookupTypos('', 'haedset', 10)[0]).toMatchObject({ text: 'headset', typo: true });
    expect(texts(index.lookupTypos('wireless', 'eabr', 10))).toEqual(['wireless earbuds']);
    expect(index.lookupTypos('', 'hed', 10)).toEqual([]);
  });

  it('keeps the best of long ranges, so a single letter answers as well as a long prefix', () => {
    const many = SuggestionIndex.of(
      Array.from({ length: 3_000 }, (_, i) => ({
        text: `s${String(i).padStart(4, '0')} thing`,
        weight: i + 1,
      })),
    );
    expect(texts(many.lookup('s', 3))).toEqual(['s2999 thing', 's2998 thing', 's2997 thing']);
    expect(texts(many.lookup('s1', 2))).toEqual(['s1999 thing', 's1998 thing']);
    expect(texts(many.lookup('th', 2))).toEqual(['s2999 thing', 's2998 thing']);
    expect(texts(many.lookup('s0001', 5))).toEqual(['s0001 thing']);
  });
});
