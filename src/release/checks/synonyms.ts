import type { Violation } from '../../contracts/problem.js';
import type { SynonymDictionary } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { type Path, violation } from './check.js';

const FILE = 'synonyms.json';

type Add = (rest: Path, message: string) => void;

/** Words are trimmed and lowercased before they are compared, as the contract keeps them. */
function normalize(word: string): string {
  return word.trim().toLowerCase();
}

/**
 * Each dictionary alone, entries named by their ids (`en/groups/0`): a word in one group at most,
 * a word starting one one-way entry at most, and every entry relating at least two different
 * words. An entry merging words a never entry keeps apart is no mistake here: the management API
 * writes one only when asked to despite the never entry, and lists it as a clash. A dictionary of
 * a language no channel serves is no mistake either: it waits until a channel serves it.
 */
export function checkSynonyms(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  for (const [locale, dictionary] of Object.entries(view.synonyms.dictionaries)) {
    const add: Add = (rest, message) =>
      violations.push(violation(FILE, ['dictionaries', locale, ...rest], message));
    dictionary.never?.forEach((entry, index) => {
      const words = distinct(entry.words);
      if (words.length < 2) add(['never', index, 'words'], tooFew(`${locale}/never/${index}`, words));
    });
    checkGroups(locale, dictionary, add);
    checkOneWay(locale, dictionary, add);
  }
  return violations;
}

function distinct(words: string[]): string[] {
  return [...new Set(words.map(normalize).filter((word) => word !== ''))];
}

function tooFew(id: string, words: string[]): string {
  return `Entry ${id} holds fewer than two different words once trimmed and lowercased (${words.map((word) => `"${word}"`).join(', ') || 'none'}): add another word, or remove the entry.`;
}

function checkGroups(locale: string, dictionary: SynonymDictionary, add: Add): void {
  const groupOf = new Map<string, string>();
  dictionary.groups?.forEach((group, index) => {
    const id = `${locale}/groups/${index}`;
    const words = distinct(group.words);
    if (words.length < 2) add(['groups', index, 'words'], tooFew(id, words));
    group.words.forEach((word, wordIndex) => {
      if (normalize(word) === '') return;
      const earlier = groupOf.get(normalize(word));
      if (earlier !== undefined && earlier !== id) {
        add(
          ['groups', index, 'words', wordIndex],
          `"${normalize(word)}" is in group ${earlier} already, and a word is in one group at most: add these words to that group, or remove it here.`,
        );
      }
      if (earlier === undefined) groupOf.set(normalize(word), id);
    });
  });
}

function checkOneWay(locale: string, dictionary: SynonymDictionary, add: Add): void {
  const starts = new Map<string, string>();
  dictionary.one_way?.forEach((entry, index) => {
    const id = `${locale}/one_way/${index}`;
    const from = normalize(entry.from);
    const earlier = starts.get(from);
    if (earlier !== undefined) {
      add(
        ['one_way', index, 'from'],
        `"${from}" starts one-way entry ${earlier} already, and a word starts one at most: add these words to that entry's to, or remove this one.`,
      );
    } else {
      starts.set(from, id);
    }
    if (distinct(entry.to).every((word) => word === from)) {
      add(
        ['one_way', index, 'to'],
        `Entry ${id} leads "${from}" only to itself: add another word to to, or remove the entry.`,
      );
    }
  });
}
