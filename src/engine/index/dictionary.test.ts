import { describe, expect, it } from 'vitest';
import { TermDictionary } from './dictionary.js';
import { buildStringTable } from './string-table.js';

describe('TermDictionary', () => {
  // Code point order: U+FB01 sorts before U+1F600 although its UTF-16 code unit is higher.
  const terms = ['a', 'ab', 'abc', 'b', 'kopfhorer', 'zz', '\u00e9', '\ufb01', '\u{1f600}'];
  const dictionary = new TermDictionary(buildStringTable(terms));

  it('finds each term at its position', () => {
    terms.forEach((term, id) => {
      expect(dictionary.lookup(term)).toBe(id);
      expect(dictionary.term(id)).toBe(term);
    });
    expect(dictionary.size).toBe(terms.length);
  });

  it('answers -1 for a missing term', () => {
    for (const term of ['', 'aa', 'abcd', 'c', 'zzz', 'x'.repeat(1000)])
      expect(dictionary.lookup(term)).toBe(-1);
  });

  it('tells a prefix of terms from one of none, and finds the term it is', () => {
    expect(dictionary.lookupPrefix('ab')).toBe(1);
    expect(dictionary.lookupPrefix('kopf')).toBe(-1);
    expect(dictionary.lookupPrefix('\u00e9')).toBe(6);
    expect(dictionary.lookupPrefix('\u{1f600}')).toBe(8);
    for (const prefix of ['abd', 'c', 'kopfhorers', 'zzz', '\u00e9a', 'x'.repeat(1000)])
      expect(dictionary.lookupPrefix(prefix)).toBe(-2);
  });
});
