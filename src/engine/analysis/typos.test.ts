import { describe, expect, it } from 'vitest';
import { TermDictionary } from '../index/dictionary.js';
import { buildStringTable } from '../index/string-table.js';
import { findTypos } from './typos.js';

/** Restricted Damerau-Levenshtein distance (neighbours swapped count one), by code points. */
function distance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

const words = [
  'cabel',
  'cable',
  'cables',
  'camera',
  'cameras',
  'case',
  'cases',
  'galaxy',
  'galaxie',
  'gaming',
  'headphone',
  'headphones',
  'headset',
  'kabel',
  'keyboard',
  'keyboards',
  'kopfhorer',
  'laptop',
  'laptops',
  'mouse',
  'mousse',
  'house',
  'samsung',
  'samsong',
  'smartphone',
  'smartwatch',
  'speaker',
  'speakers',
  'wireless',
  'wirless',
  'écran',
  'ecran',
  'ecrans',
  'größe',
  'grosse',
  'σπίτι',
].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
const dictionary = new TermDictionary(buildStringTable(words));

function typos(word: string, max: number): string[] {
  return findTypos(dictionary, word, max, 0, dictionary.size, 100).map(
    ({ term, typos }) => `${dictionary.term(term)}:${typos}`,
  );
}

describe('findTypos', () => {
  it('finds the words a shopper meant, fewest typos first', () => {
    expect(typos('samsng', 1)).toEqual(['samsong:1', 'samsung:1']);
    expect(typos('headphnoes', 2)).toEqual(['headphones:1', 'headphone:2']);
    expect(typos('keybaord', 1)).toEqual(['keyboard:1']);
    expect(typos('wireles', 1)).toEqual(['wireless:1']);
    expect(typos('wireles', 2)).toEqual(['wireless:1', 'wirless:2']);
  });

  it('does not return the word itself, and keeps the first letter as typed', () => {
    expect(typos('cable', 1)).toEqual(['cabel:1', 'cables:1']);
    expect(typos('mouse', 1)).toEqual(['mousse:1']); // not house
    expect(typos('xamera', 1)).toEqual([]);
  });

  it('counts letters, not bytes, beyond ASCII', () => {
    expect(typos('ecrsn', 1)).toEqual(['ecran:1']);
    expect(typos('σπίτ', 1)).toEqual(['σπίτι:1']);
    expect(typos('große', 1)).toEqual(['größe:1']);
  });

  it('agrees with the distance computed directly, for every word and limit', () => {
    const probes = [
      'cabels',
      'kamera',
      'galxy',
      'smartphne',
      'speekers',
      'lapotp',
      'case',
      'house',
      'ecrans',
    ];
    for (const probe of probes) {
      for (const max of [1, 2]) {
        const first = [...probe][0];
        const expected = words
          .filter((word) => [...word][0] === first && word !== probe && distance(probe, word) <= max)
          .map((word) => `${word}:${distance(probe, word)}`)
          .sort(
            (a, b) =>
              Number(a.split(':')[1]) - Number(b.split(':')[1]) ||
              words.indexOf(a.split(':')[0]!) - words.indexOf(b.split(':')[0]!),
          );
        expect(typos(probe, max), `${probe} within ${max}`).toEqual(expected);
      }
    }
  });

  it('keeps at most the limit, and nothing outside the range', () => {
    expect(findTypos(dictionary, 'cabls', 2, 0, dictionary.size, 1)).toHaveLength(1);
    const cable = dictionary.lookup('cable');
    expect(
      findTypos(dictionary, 'cabls', 1, cable + 1, dictionary.size, 10).map(({ term }) =>
        dictionary.term(term),
      ),
    ).toEqual(['cables']);
  });
});
