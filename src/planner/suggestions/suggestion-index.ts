import { analyzeWords } from '../../engine/analysis/analyze.js';

/** A suggestion as a source offers it: the text shoppers read and how much it weighs. */
export interface WeightedText {
  text: string;
  weight: number;
}

/** A suggestion a lookup found, with how it met the typed words. */
export interface FoundSuggestion {
  text: string;
  /** Its words folded as the engine folds them, joined by single spaces. */
  key: string;
  weight: number;
  /** The typed words met the suggestion from its first word (else from a later one). */
  fromStart: boolean;
  /** The last typed word met it with a typo. */
  typo: boolean;
}

/** Between a key and its entry while keys are sorted: below every character a folded word holds. */
const SEPARATOR = '\u0001';
/** Set in a key's entry when the key starts at a later word of its suggestion. */
const LATER_WORD_BIT = 0x80000000;

/** Ranges of more keys than this are not scanned: their best entries are kept beforehand. */
const SCAN_LIMIT = 256;
/** Best entries kept per long range: what one lookup can ask for at most. */
export const MAX_LOOKUP = 64;
/** A last word this long (folded letters) or longer is also looked up with one typo... */
export const TYPO_MIN_LETTERS = 4;
/** ... up to this long: each letter makes dozens of variants to look up. */
export const TYPO_MAX_LETTERS = 24;

/** Words of a text folded as the engine folds them. */
export function foldedWords(text: string): string[] {
  return analyzeWords(text).words;
}

/**
 * Suggestions of one source, looked up by what the shopper typed so far: every suggestion is
 * keyed from each of its words on (`wireless earbuds` and `earbuds`), the keys sorted, so the
 * typed words (the last one a prefix) name one range of keys. Entries are numbered best first, so
 * the best of a range are its smallest numbers; ranges too long to scan have theirs kept.
 */
export class SuggestionIndex {
  readonly size: number;
  readonly #texts: readonly string[];
  readonly #keysOf: readonly string[];
  readonly #weights: Float64Array;
  /** Sorted keys: an entry's folded words from one of its words on. */
  readonly #keys: readonly string[];
  /** Per key, its entry; LATER_WORD_BIT set when the key starts at a later word. */
  readonly #keyEntries: Uint32Array;
  /** Best entries of each prefix whose range holds more than SCAN_LIMIT keys. */
  readonly #best: ReadonlyMap<string, Uint32Array>;
  /** Letters met in the keys: what a typo's replacement or insertion may be. */
  readonly #letters: readonly string[];
  readonly #byKey = new Map<string, number>();

  /** Indexes suggestions here and now (see buildSuggestionParts for doing it on another thread). */
  static of(suggestions: Iterable<WeightedText>): SuggestionIndex {
    return new SuggestionIndex(buildSuggestionParts(suggestions));
  }

  constructor(parts: SuggestionParts) {
    this.size = parts.texts.length;
    this.#texts = parts.texts;
    this.#keysOf = parts.keysOf;
    this.#weights = parts.weights;
    this.#keys = parts.keys;
    this.#keyEntries = parts.keyEntries;
    this.#best = new Map(parts.best);
    this.#letters = parts.letters;
    parts.keysOf.forEach((key, id) => {
      this.#byKey.set(key, id);
    });
  }

  /** Every suggestion with its folded words and weight, the heaviest first. */
  *entries(): Iterable<WeightedText & { key: string }> {
    for (let id = 0; id < this.size; id++) {
      yield { text: this.#texts[id]!, key: this.#keysOf[id]!, weight: this.#weights[id]! };
    }
  }

  /** The entry whose folded words are exactly `key`, if any. */
  exact(key: string): FoundSuggestion | undefined {
    const id = this.#byKey.get(key);
    return id === undefined ? undefined : this.#found(id, true, false);
  }

  /**
   * The best suggestions (at most `limit`, up to MAX_LOOKUP) whose words from one of them on
   * start with `typed` (folded words joined by single spaces; the last one a prefix), best first.
   */
  lookup(typed: string, limit: number, typo = false): FoundSuggestion[] {
    const [from, to] = this.#range(typed);
    if (from >= to) return [];
    const wanted = Math.min(limit, MAX_LOOKUP);
    const ids: number[] = [];
    const fromStart = new Set<number>();
    const best = to - from > SCAN_LIMIT ? this.#best.get(typed) : undefined;
    if (best) {
      for (const id of best) {
        if (ids.length >= wanted) break;
        ids.push(id);
      }
      // The kept entries are known to match; whether from their first word, their key says.
      for (const id of ids) if (this.#keysOf[id]!.startsWith(typed)) fromStart.add(id);
    } else {
      for (let at = from; at < to; at++) {
        const entry = this.#keyEntries[at]!;
        const id = entry & 0x7fffffff;
        if ((entry & LATER_WORD_BIT) === 0) fromStart.add(id);
        insertSmallest(ids, id, wanted);
      }
    }
    return ids.map((id) => this.#found(id, fromStart.has(id), typo));
  }

  /**
   * The best suggestions the typed words find when their last word has one typo after its first
   * letter (a letter dropped, added, replaced, or two swapped), for a last word of
   * TYPO_MIN_LETTERS or more.
   */
  lookupTypos(before: string, last: string, limit: number): FoundSuggestion[] {
    const letters = [...last];
    if (letters.length < TYPO_MIN_LETTERS || letters.length > TYPO_MAX_LETTERS) return [];
    const variants = new Set<string>();
    const n = letters.length;
    // The first letter is taken as typed, as searches take it. The typed word is a prefix: a
    // change at its very end is a prefix of the word cut short.
    for (let at = 1; at < n; at++) {
      variants.add([...letters.slice(0, at), ...letters.slice(at + 1)].join(''));
      if (at + 1 < n) {
        const swapped = [...letters];
        [swapped[at], swapped[at + 1]] = [swapped[at + 1]!, swapped[at]!];
        variants.add(swapped.join(''));
      }
      if (at === n - 1) continue;
      for (const letter of this.#letters) {
        if (letter !== letters[at])
          variants.add([...letters.slice(0, at), letter, ...letters.slice(at + 1)].join(''));
        variants.add([...letters.slice(0, at), letter, ...letters.slice(at)].join(''));
      }
    }
    variants.delete(last);
    const found = new Map<number, FoundSuggestion>();
    const prefix = before === '' ? '' : `${before} `;
    for (const variant of variants) {
      for (const suggestion of this.lookup(prefix + variant, limit, true)) {
        const id = this.#byKey.get(suggestion.key)!;
        if (!found.has(id)) found.set(id, suggestion);
      }
    }
    return [...found.entries()]
      .sort(([a], [b]) => a - b)
      .slice(0, limit)
      .map(([, suggestion]) => suggestion);
  }

  /** The heaviest weight: what the others are measured against. */
  topWeight(): number {
    return this.size === 0 ? 0 : this.#weights[0]!;
  }

  #found(id: number, fromStart: boolean, typo: boolean): FoundSuggestion {
    return { text: this.#texts[id]!, key: this.#keysOf[id]!, weight: this.#weights[id]!, fromStart, typo };
  }

  /** The keys that start with `prefix`: [from, to). */
  #range(prefix: string): [number, number] {
    const keys = this.#keys;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const from = low;
    high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid]!.startsWith(prefix)) low = mid + 1;
      else high = mid;
    }
    return [from, low];
  }
}

/**
 * What a SuggestionIndex is made of, as plain data (strings and typed arrays), so it can be built
 * on a worker thread and handed over: entries best first, and the sorted keys.
 */
export interface SuggestionParts {
  texts: string[];
  keysOf: string[];
  weights: Float64Array;
  keys: string[];
  keyEntries: Uint32Array;
  best: Array<[string, Uint32Array]>;
  letters: string[];
}

/** Builds the parts of an index of suggestions: one entry per folded text, its spelling the heaviest, weights summed. */
export function buildSuggestionParts(suggestions: Iterable<WeightedText>): SuggestionParts {
  const merged = new Map<string, WeightedText & { best: number }>();
  for (const { text, weight } of suggestions) {
    const key = foldedWords(text).join(' ');
    if (key === '' || !(weight > 0)) continue;
    const known = merged.get(key);
    if (!known) merged.set(key, { text, weight, best: weight });
    else {
      known.weight += weight;
      if (weight > known.best) {
        known.best = weight;
        known.text = text;
      }
    }
  }
  const entries = [...merged.entries()].sort(
    ([keyA, a], [keyB, b]) => b.weight - a.weight || keyA.length - keyB.length || (keyA < keyB ? -1 : 1),
  );
  // Each key with its entry after a separator that sorts before every character of a key, so
  // the strings sort as their keys do; sorting plain strings spares a comparison callback.
  const keyed: string[] = [];
  const letters = new Set<string>();
  entries.forEach(([key], id) => {
    keyed.push(`${key}${SEPARATOR}${id}`);
    for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) {
      keyed.push(`${key.slice(at + 1)}${SEPARATOR}${(id | LATER_WORD_BIT) >>> 0}`);
    }
    for (const letter of key) if (letter !== ' ') letters.add(letter);
  });
  keyed.sort();
  const keys = new Array<string>(keyed.length);
  const keyEntries = new Uint32Array(keyed.length);
  keyed.forEach((one, at) => {
    const split = one.lastIndexOf(SEPARATOR);
    keys[at] = one.slice(0, split);
    keyEntries[at] = Number(one.slice(split + 1));
  });
  const best: Array<[string, Uint32Array]> = [];
  keepBest(keys, keyEntries, best, 0, keys.length, 1);
  return {
    texts: entries.map(([, entry]) => entry.text),
    keysOf: entries.map(([key]) => key),
    weights: Float64Array.from(entries, ([, entry]) => entry.weight),
    keys,
    keyEntries,
    best,
    letters: [...letters].sort(),
  };
}

/** Keeps the best entries of every prefix of `length` characters or longer whose range is too long to scan. */
function keepBest(
  keys: readonly string[],
  keyEntries: Uint32Array,
  best: Array<[string, Uint32Array]>,
  from: number,
  to: number,
  length: number,
): void {
  let start = from;
  while (start < to) {
    if (keys[start]!.length < length) {
      start++;
      continue;
    }
    const prefix = keys[start]!.slice(0, length);
    let end = start + 1;
    while (end < to && keys[end]!.startsWith(prefix)) end++;
    if (end - start > SCAN_LIMIT) {
      const ids: number[] = [];
      for (let at = start; at < end; at++) insertSmallest(ids, keyEntries[at]! & ~LATER_WORD_BIT, MAX_LOOKUP);
      best.push([prefix, Uint32Array.from(ids)]);
      keepBest(keys, keyEntries, best, start, end, length + 1);
    }
    start = end;
  }
}

/** Inserts `id` into ascending `ids` unless there already, keeping at most `limit` of the smallest. */
function insertSmallest(ids: number[], id: number, limit: number): void {
  if (ids.length >= limit && id >= ids[ids.length - 1]!) return;
  let at = ids.length;
  while (at > 0 && ids[at - 1]! > id) at--;
  if (at > 0 && ids[at - 1] === id) return;
  ids.splice(at, 0, id);
  if (ids.length > limit) ids.pop();
}
