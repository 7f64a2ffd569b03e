import { describe, expect, it } from 'vitest';
import type { SynonymDictionary } from '../../contracts/release-files/index.js';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'synonyms.json';

/** The violations of the shop with its English dictionary changed. */
function withEnglish(change: (dictionary: SynonymDictionary) => void) {
  const files = fashionShop();
  change(files['synonyms.json'].dictionaries.en!);
  return violationsOf(files);
}

describe('synonyms.json', () => {
  it('refuses a word in two groups, compared trimmed and lowercased', () => {
    expect(withEnglish((en) => en.groups!.push({ words: ['slacks', ' Pants'] }))).toEqual([
      {
        file: FILE,
        pointer: '/dictionaries/en/groups/2/words/1',
        message:
          '"pants" is in group en/groups/1 already, and a word is in one group at most: add these words to that group, or remove it here.',
      },
    ]);
  });

  it('refuses a word that starts two one-way entries', () => {
    expect(withEnglish((en) => en.one_way!.push({ from: 'Denim', to: ['chambray'] }))).toEqual([
      {
        file: FILE,
        pointer: '/dictionaries/en/one_way/1/from',
        message:
          '"denim" starts one-way entry en/one_way/0 already, and a word starts one at most: add these words to that entry\'s to, or remove this one.',
      },
    ]);
  });

  it('takes entries merging words a never entry keeps apart: the management API writes them only despite it, and lists the clash', () => {
    expect(withEnglish((en) => en.groups!.push({ words: ['jumper', 'Dress', 'frock'] }))).toEqual([]);
    expect(withEnglish((en) => en.one_way!.push({ from: 'jumper', to: ['sweater', 'DRESS'] }))).toEqual([]);
  });

  it('refuses a group of fewer than two different words', () => {
    expect(withEnglish((en) => en.groups!.push({ words: ['Hoodie', 'hoodie '] }))).toEqual([
      {
        file: FILE,
        pointer: '/dictionaries/en/groups/2/words',
        message:
          'Entry en/groups/2 holds fewer than two different words once trimmed and lowercased ("hoodie"): add another word, or remove the entry.',
      },
    ]);
  });

  it('refuses a never entry of fewer than two different words', () => {
    expect(withEnglish((en) => en.never!.push({ words: ['Skirt', 'skirt'] }))).toEqual([
      {
        file: FILE,
        pointer: '/dictionaries/en/never/1/words',
        message:
          'Entry en/never/1 holds fewer than two different words once trimmed and lowercased ("skirt"): add another word, or remove the entry.',
      },
    ]);
  });

  it('refuses a one-way entry that leads only to itself', () => {
    expect(withEnglish((en) => en.one_way!.push({ from: 'blazer', to: ['Blazer'] }))).toEqual([
      {
        file: FILE,
        pointer: '/dictionaries/en/one_way/1/to',
        message:
          'Entry en/one_way/1 leads "blazer" only to itself: add another word to to, or remove the entry.',
      },
    ]);
  });

  it('checks each dictionary alone, and keeps one for a language no channel serves', () => {
    const files = fashionShop();
    files['synonyms.json'].dictionaries.fr = {
      groups: [{ words: ['pull', 'pullover'] }, { words: ['tee', 'maillot'] }],
    };
    expect(violationsOf(files)).toEqual([]);
  });
});
