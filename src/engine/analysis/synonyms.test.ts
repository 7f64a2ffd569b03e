import { describe, expect, it } from 'vitest';
import { compileSynonyms, findSynonyms } from './synonyms.js';

describe('compileSynonyms', () => {
  it('makes every word of a group find the others, phrases included', () => {
    const synonyms = compileSynonyms({ groups: [{ words: ['TV', 'television', 'Flat-screen TV'] }] });
    expect(synonyms.entries.get('tv')).toEqual([['television'], ['flat', 'screen', 'tv']]);
    expect(synonyms.entries.get('flat screen tv')).toEqual([['tv'], ['television']]);
    expect(synonyms.longestInput).toBe(3);
  });

  it('makes a one-way entry find its targets only from its source', () => {
    const synonyms = compileSynonyms({ one_way: [{ from: 'laptop bag', to: ['notebook case', 'sleeve'] }] });
    expect(synonyms.entries.get('laptop bag')).toEqual([['notebook', 'case'], ['sleeve']]);
    expect(synonyms.entries.has('sleeve')).toBe(false);
  });

  it('changes no search for a never entry', () => {
    expect(compileSynonyms({ never: [{ words: ['ps4', 'ps5'] }] }).entries.size).toBe(0);
    expect(compileSynonyms(undefined).entries.size).toBe(0);
  });
});

describe('findSynonyms', () => {
  it('finds inputs of any length in the query, longest first', () => {
    const synonyms = compileSynonyms({
      groups: [{ words: ['flat screen', 'television'] }],
      one_way: [{ from: 'screen', to: ['display'] }],
    });
    const found = findSynonyms(synonyms, ['samsung', 'flat', 'screen']);
    expect(found.map(({ start, count, input }) => ({ start, count, input }))).toEqual([
      { start: 1, count: 2, input: 'flat screen' },
      { start: 2, count: 1, input: 'screen' },
    ]);
  });
});
