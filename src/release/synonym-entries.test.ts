import { describe, expect, it } from 'vitest';
import type { SynonymDictionary } from '../contracts/release-files/index.js';
import {
  entryClashes,
  normalizeEntry,
  parseEntryId,
  refuses,
  withEntry,
  withoutEntry,
  withReplaced,
} from './synonym-entries.js';

const english: SynonymDictionary = {
  groups: [{ words: ['tv', 'television'] }, { words: ['sofa', 'couch'] }],
  one_way: [{ from: 'audio', to: ['headphones', 'speaker'] }],
  never: [{ words: ['sage', 'sale'] }],
};
const clashIds = (entry: Parameters<typeof normalizeEntry>[0], except?: string) =>
  entryClashes(normalizeEntry(entry), 'en', english, except).map((clash) => clash.id);

describe('synonym entries', () => {
  it('are named <locale>/<kind>/<index>', () => {
    expect(parseEntryId('en/groups/1')).toEqual({ locale: 'en', list: 'groups', index: 1 });
    expect(parseEntryId('en-GB/one_way/0')).toEqual({ locale: 'en-GB', list: 'one_way', index: 0 });
    for (const id of ['en/group/1', 'en/groups/01', 'en/groups', 'EN/groups/0', 'en/never/-1']) {
      expect(parseEntryId(id), id).toBeUndefined();
    }
  });

  it('are written trimmed, lowercased and kept once; a one-way entry without its word among its own', () => {
    expect(normalizeEntry({ kind: 'group', words: [' TV ', 'tv', 'Telly'] })).toEqual({
      kind: 'group',
      words: ['tv', 'telly'],
    });
    expect(normalizeEntry({ kind: 'one_way', from: ' Audio', to: ['audio', 'HiFi', 'hifi'] })).toEqual({
      kind: 'one_way',
      from: 'audio',
      to: ['hifi'],
    });
  });

  it('clash when too few, when a word is taken, and when they merge words a never entry keeps apart', () => {
    expect(clashIds({ kind: 'group', words: ['solo', 'SOLO'] })).toEqual(['too_few']);
    expect(clashIds({ kind: 'one_way', from: 'hifi', to: ['HiFi'] })).toEqual(['too_few']);
    expect(clashIds({ kind: 'group', words: ['couch', 'divan'] })).toEqual(['taken']);
    expect(clashIds({ kind: 'one_way', from: 'audio', to: ['hifi'] })).toEqual(['taken']);
    expect(clashIds({ kind: 'one_way', from: 'tv', to: ['screen'] })).toEqual([]);
    expect(clashIds({ kind: 'group', words: ['sage', 'sale', 'salbei'] })).toEqual(['never']);
    expect(clashIds({ kind: 'one_way', from: 'sage', to: ['herb', 'sale'] })).toEqual(['never']);
    // A one-way entry merges its word with each of its own, not those with each other.
    expect(clashIds({ kind: 'one_way', from: 'herb', to: ['sage', 'sale'] })).toEqual([]);
    expect(entryClashes(normalizeEntry({ kind: 'never', words: ['sofa', 'couch'] }), 'en', english)).toEqual([
      { id: 'never', words: ['sofa', 'couch'], entry: 'en/groups/1', message: expect.any(String) },
    ]);
    // The entry being changed does not clash with itself.
    expect(clashIds({ kind: 'group', words: ['sofa', 'couch', 'settee'] }, 'en/groups/1')).toEqual([]);
  });

  it('refuse on any clash but never, and on never too unless written despite it', () => {
    const never = entryClashes(normalizeEntry({ kind: 'group', words: ['sage', 'sale'] }), 'en', english);
    expect(refuses(never, false)).toBe(true);
    expect(refuses(never, true)).toBe(false);
    expect(refuses(entryClashes(normalizeEntry({ kind: 'group', words: ['x'] }), 'en', english), true)).toBe(
      true,
    );
  });

  it('are added after their kind, removed with later ones moving up, and replaced in place', () => {
    const added = withEntry(english, 'en', { kind: 'group', words: ['laptop', 'notebook'] });
    expect(added.id).toBe('en/groups/2');
    const removed = withoutEntry(added.dictionary, { locale: 'en', list: 'groups', index: 0 });
    expect(removed.groups).toEqual([{ words: ['sofa', 'couch'] }, { words: ['laptop', 'notebook'] }]);
    const gone = withoutEntry(english, { locale: 'en', list: 'never', index: 0 });
    expect(gone.never).toBeUndefined();
    const replaced = withReplaced(
      english,
      { locale: 'en', list: 'one_way', index: 0 },
      {
        kind: 'one_way',
        from: 'audio',
        to: ['hifi'],
      },
    );
    expect(replaced.one_way).toEqual([{ from: 'audio', to: ['hifi'] }]);
  });

  it("leave a dictionary's suggestion settings as they are", () => {
    const withSuggestions: SynonymDictionary = {
      ...english,
      suggestions: { never: ['cheap'], add: ['gift ideas'] },
    };
    const added = withEntry(
      withSuggestions,
      'en',
      normalizeEntry({ kind: 'group', words: ['fridge', 'refrigerator'] }),
    );
    expect(added.dictionary.suggestions).toEqual(withSuggestions.suggestions);
    const id = parseEntryId('en/groups/0')!;
    expect(withoutEntry(withSuggestions, id).suggestions).toEqual(withSuggestions.suggestions);
    const replaced = withReplaced(
      withSuggestions,
      id,
      normalizeEntry({ kind: 'group', words: ['tv', 'telly'] }),
    );
    expect(replaced.suggestions).toEqual(withSuggestions.suggestions);
  });
});
