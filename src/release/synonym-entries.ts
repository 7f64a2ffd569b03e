import type { SynonymDictionary, SynonymsFile } from '../contracts/release-files/index.js';

/**
 * synonyms.json as entries a merchandiser edits one at a time: each named `<locale>/<kind>/<index>`
 * (kind `groups`, `one_way` or `never`, index in file order), its words trimmed, lowercased and
 * kept once, and what it clashes with. Pure: the control plane reads and writes files with it.
 */

export type SynonymEntry =
  | { kind: 'group'; words: string[] }
  | { kind: 'one_way'; from: string; to: string[] }
  | { kind: 'never'; words: string[] };

export type SynonymClash =
  | { id: 'too_few'; message: string }
  | { id: 'taken'; word: string; entry: string; words: string[]; message: string }
  | { id: 'never'; words: string[]; entry: string; message: string };

/** The list an entry of each kind stands in, as its id names it. */
export const KIND_LISTS = { group: 'groups', one_way: 'one_way', never: 'never' } as const;
type ListName = (typeof KIND_LISTS)[keyof typeof KIND_LISTS];
const KIND_OF: Record<ListName, SynonymEntry['kind']> = {
  groups: 'group',
  one_way: 'one_way',
  never: 'never',
};

export interface EntryId {
  locale: string;
  list: ListName;
  index: number;
}

const ID = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\/(groups|one_way|never)\/(0|[1-9]\d{0,5})$/;

export function parseEntryId(id: string): EntryId | undefined {
  const match = ID.exec(id);
  if (match === null) return undefined;
  return { locale: match[1]!, list: match[2] as ListName, index: Number(match[3]) };
}

export const entryId = (locale: string, list: ListName, index: number) => `${locale}/${list}/${index}`;

const word = (text: string) => text.trim().toLowerCase();
const distinct = (words: readonly string[]) => [...new Set(words.map(word).filter((one) => one !== ''))];

/** An entry as it would be written: words trimmed, lowercased and kept once; a one-way entry's `to` without its `from`. */
export function normalizeEntry(entry: SynonymEntry): SynonymEntry {
  if (entry.kind !== 'one_way') return { kind: entry.kind, words: distinct(entry.words) };
  const from = word(entry.from);
  return { kind: 'one_way', from, to: distinct(entry.to).filter((one) => one !== from) };
}

/** Every word an entry relates, `from` first for a one-way entry. */
export function entryWords(entry: SynonymEntry): string[] {
  return entry.kind === 'one_way' ? [entry.from, ...entry.to] : entry.words;
}

/** The entries of one dictionary in the order the contract lists them: groups, one-way, never. */
export function dictionaryEntries(
  locale: string,
  dictionary: SynonymDictionary | undefined,
): Array<{ id: string; entry: SynonymEntry }> {
  const entries: Array<{ id: string; entry: SynonymEntry }> = [];
  dictionary?.groups?.forEach((group, index) => {
    entries.push({
      id: entryId(locale, 'groups', index),
      entry: normalizeEntry({ kind: 'group', words: group.words }),
    });
  });
  dictionary?.one_way?.forEach((one, index) => {
    entries.push({
      id: entryId(locale, 'one_way', index),
      entry: normalizeEntry({ kind: 'one_way', from: one.from, to: one.to }),
    });
  });
  dictionary?.never?.forEach((never, index) => {
    entries.push({
      id: entryId(locale, 'never', index),
      entry: normalizeEntry({ kind: 'never', words: never.words }),
    });
  });
  return entries;
}

const quotedList = (words: readonly string[]) => {
  const quoted = words.map((one) => `“${one}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

export function entrySummary(entry: SynonymEntry): string {
  switch (entry.kind) {
    case 'group':
      return entry.words.length === 2
        ? `${quotedList(entry.words)} find each other.`
        : `${quotedList(entry.words)} each find what the others find.`;
    case 'one_way':
      return `“${entry.from}” also finds ${quotedList(entry.to)}, not the other way.`;
    case 'never':
      return `${quotedList(entry.words)} are never merged: a synonym entry merging them is refused unless written despite it.`;
  }
}

/** The words of `entry` that `other` would merge: those both relate, when they are two or more. */
function merged(entry: SynonymEntry, never: readonly string[]): string[] {
  if (entry.kind === 'never') return [];
  if (entry.kind === 'one_way') {
    // A one-way entry merges its from with each word of to, not those words with each other.
    if (!never.includes(entry.from)) return [];
    const reached = entry.to.filter((one) => never.includes(one));
    return reached.length > 0 ? [entry.from, ...reached] : [];
  }
  const both = entry.words.filter((one) => never.includes(one));
  return both.length >= 2 ? both : [];
}

/**
 * What an entry (normalized) clashes with in a dictionary: too few different words; a word in
 * another group, or a `from` starting another one-way entry (`taken`, naming the entry to add to
 * instead); words a never entry keeps apart (`never`), or for a never entry the entries that merge
 * its words. The entry named `except` (the one being changed) is left out.
 */
export function entryClashes(
  entry: SynonymEntry,
  locale: string,
  dictionary: SynonymDictionary | undefined,
  except?: string,
): SynonymClash[] {
  const clashes: SynonymClash[] = [];
  const others = dictionaryEntries(locale, dictionary).filter(({ id }) => id !== except);
  const enough = entry.kind === 'one_way' ? entry.to.length >= 1 : entry.words.length >= 2;
  if (!enough) {
    clashes.push({
      id: 'too_few',
      message:
        entry.kind === 'one_way'
          ? `A one-way entry leads its word to at least one other: add a word to to.`
          : 'An entry relates at least two different words once trimmed and lowercased: add another word.',
    });
  }
  for (const { id, entry: other } of others) {
    if (entry.kind === 'group' && other.kind === 'group') {
      const word = entry.words.find((one) => other.words.includes(one));
      if (word !== undefined)
        clashes.push({
          id: 'taken',
          word,
          entry: id,
          words: other.words,
          message: `“${word}” is in group ${id} already, and a word is in one group at most: add the words to that group instead.`,
        });
    }
    if (entry.kind === 'one_way' && other.kind === 'one_way' && other.from === entry.from)
      clashes.push({
        id: 'taken',
        word: entry.from,
        entry: id,
        words: entryWords(other),
        message: `“${entry.from}” starts one-way entry ${id} already, and a word starts one at most: add the words to its to instead.`,
      });
    if (other.kind === 'never') {
      const words = merged(entry, other.words);
      if (words.length > 0)
        clashes.push({
          id: 'never',
          words,
          entry: id,
          message: `This merges ${quotedList(words)}, which never entry ${id} keeps apart.`,
        });
    }
    if (entry.kind === 'never') {
      const words = merged(other, entry.words);
      if (words.length > 0)
        clashes.push({
          id: 'never',
          words,
          entry: id,
          message: `Entry ${id} merges ${quotedList(words)}, which this entry would keep apart.`,
        });
    }
  }
  return clashes;
}

/** Whether clashes refuse an entry: any but `never`, and `never` too unless written despite it. */
export function refuses(clashes: readonly SynonymClash[], despiteNever: boolean): boolean {
  return clashes.some((clash) => clash.id !== 'never' || !despiteNever);
}

/** A dictionary with `entry` added after the entries of its kind; answers its id. */
export function withEntry(
  dictionary: SynonymDictionary | undefined,
  locale: string,
  entry: SynonymEntry,
): { dictionary: SynonymDictionary; id: string } {
  const next: SynonymDictionary = { ...dictionary };
  const list = KIND_LISTS[entry.kind];
  if (entry.kind === 'one_way') next.one_way = [...(next.one_way ?? []), { from: entry.from, to: entry.to }];
  else if (entry.kind === 'group') next.groups = [...(next.groups ?? []), { words: entry.words }];
  else next.never = [...(next.never ?? []), { words: entry.words }];
  return { dictionary: next, id: entryId(locale, list, (next[list]?.length ?? 1) - 1) };
}

/** A dictionary without the entry at `id`; later entries of its kind move up. */
export function withoutEntry(dictionary: SynonymDictionary, id: EntryId): SynonymDictionary {
  const next: SynonymDictionary = { ...dictionary };
  const kept = (next[id.list] as unknown[] | undefined)?.filter((_one, index) => index !== id.index) ?? [];
  if (kept.length > 0) (next as Record<string, unknown>)[id.list] = kept;
  else delete next[id.list];
  return next;
}

/** A dictionary with the entry at `id` replaced in its place (same kind). */
export function withReplaced(
  dictionary: SynonymDictionary,
  id: EntryId,
  entry: SynonymEntry,
): SynonymDictionary {
  const next: SynonymDictionary = { ...dictionary };
  const written = entry.kind === 'one_way' ? { from: entry.from, to: entry.to } : { words: entry.words };
  (next as Record<string, unknown>)[id.list] = (next[id.list] as unknown[]).map((one, index) =>
    index === id.index ? written : one,
  );
  return next;
}

/** The entry at `id`, normalized, or undefined when the file holds none there. */
export function entryAt(file: SynonymsFile | undefined, id: EntryId): SynonymEntry | undefined {
  const dictionary = file?.dictionaries[id.locale];
  const raw = dictionary?.[id.list]?.[id.index];
  if (raw === undefined) return undefined;
  const kind = KIND_OF[id.list];
  return normalizeEntry(
    kind === 'one_way'
      ? { kind, from: (raw as { from: string }).from, to: (raw as { to: string[] }).to }
      : { kind, words: (raw as { words: string[] }).words },
  );
}

/** The kind an id names. */
export const kindOf = (id: EntryId): SynonymEntry['kind'] => KIND_OF[id.list];
