import type { TermDictionary } from '../index/dictionary.js';

/**
 * Typo tolerance by a Levenshtein automaton run over the sorted term dictionary. The automaton is
 * simulated by rows of edit distances (one row per letter of the term read so far, Damerau's
 * restricted form, so swapping two neighbouring letters is one typo); terms are read in order, and
 * a term shares the rows of the prefix it has in common with the term before, so the dictionary
 * is walked as the trie it implicitly is. As soon as no continuation of a prefix can come within
 * the allowed typos, every term with that prefix is skipped by one binary search.
 *
 * The first letter is taken as typed: a typo there would make the walk visit the whole dictionary,
 * and shoppers rarely get the first letter of a word wrong.
 */
export interface TypoMatch {
  term: number;
  typos: number;
}

/** Letters (code points) of a word, as numbers. */
function codePoints(word: string): number[] {
  const points: number[] = [];
  for (const char of word) points.push(char.codePointAt(0)!);
  return points;
}

/**
 * Terms of `dictionary` in [from, to) within `maxTypos` edits of `word` but not equal to it,
 * at most `limit` of them, fewest typos first (ties in dictionary order).
 */
// biome-ignore lint/complexity/noExcessiveCognitiveComplexity: the bounded edit-distance walk over the dictionary keeps its pruning inline
export function findTypos(
  dictionary: TermDictionary,
  word: string,
  maxTypos: number,
  from: number,
  to: number,
  limit: number,
): TypoMatch[] {
  const query = codePoints(word);
  const n = query.length;
  if (n === 0 || maxTypos <= 0) return [];
  const first = String.fromCodePoint(query[0]!);
  const [rangeFrom, rangeTo] = dictionary.prefixRange(first);
  const start = Math.max(from, rangeFrom);
  const end = Math.min(to, rangeTo);
  if (start >= end) return [];

  const { bytes, offsets } = dictionary.table;
  const maxDepth = n + maxTypos;
  const width = n + 1;
  const { rows, rowMin, letter, byteEnd } = automatonRows(maxDepth, width);
  for (let j = 0; j <= n; j++) rows[j] = j;
  rowMin[0] = 0;
  byteEnd[0] = 0;

  const found: TypoMatch[] = [];
  let previousStart = -1;
  let validDepth = 0;
  let id = start;
  while (id < end) {
    const termStart = offsets[id]!;
    const termEnd = offsets[id + 1]!;
    // How many letters this term shares with the prefix whose rows are valid.
    let depth = 0;
    if (previousStart >= 0) {
      while (depth < validDepth) {
        const letterEnd = termStart + byteEnd[depth + 1]!;
        if (letterEnd > termEnd) break;
        let same = true;
        for (let b = termStart + byteEnd[depth]!; b < letterEnd; b++) {
          if (bytes[b] !== bytes[previousStart + (b - termStart)]) {
            same = false;
            break;
          }
        }
        if (!same) break;
        depth++;
      }
    }
    previousStart = termStart;
    let pruned = false;
    let at = termStart + byteEnd[depth]!;
    while (at < termEnd) {
      if (depth >= maxDepth) {
        // Longer than the word plus every typo: neither it nor its continuations can match.
        pruned = true;
        break;
      }
      const lead = bytes[at]!;
      const size = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      const point = decodePoint(bytes, at, size);
      const d = depth + 1;
      letter[d] = point;
      byteEnd[d] = at + size - termStart;
      const row = d * width;
      const above = row - width;
      rows[row] = d;
      let min = d;
      for (let j = 1; j <= n; j++) {
        const cost = query[j - 1] === point ? 0 : 1;
        let value = Math.min(rows[above + j]! + 1, rows[row + j - 1]! + 1, rows[above + j - 1]! + cost);
        if (d > 1 && j > 1 && query[j - 1] === letter[d - 1] && query[j - 2] === point) {
          value = Math.min(value, rows[above - width + j - 2]! + 1);
        }
        rows[row + j] = value;
        if (value < min) min = value;
      }
      rowMin[d] = min;
      depth = d;
      at += size;
      // No continuation can get back within reach: neither by an edit (min > maxTypos) nor by a
      // swap that reads the row before (its minimum plus one).
      if (min > maxTypos && rowMin[d - 1]! >= maxTypos) {
        pruned = true;
        break;
      }
    }
    validDepth = depth;
    if (pruned) {
      // Skip every term that starts with the letters read so far.
      id = dictionary.prefixEnd(bytes, termStart, termStart + byteEnd[depth]!, id + 1, end);
      continue;
    }
    const distance = rows[depth * width + n]!;
    if (distance > 0 && distance <= maxTypos) found.push({ term: id, typos: distance });
    id++;
  }
  found.sort((a, b) => a.typos - b.typos || a.term - b.term);
  return found.length > limit ? found.slice(0, limit) : found;
}

/**
 * The automaton's rows, reused by every search (each search fills what it reads before reading
 * it): small typed arrays cost more to allocate than a search's walk of a short word.
 * rows[d * width + j]: distance between the term's first d letters and the word's first j;
 * rowMin[d]: the least of row d; letter[d]: the term's d-th letter; byteEnd[d]: the bytes its
 * first d letters take.
 */
let shared = {
  rows: new Int32Array(0),
  rowMin: new Int32Array(0),
  letter: new Int32Array(0),
  byteEnd: new Int32Array(0),
};

function automatonRows(maxDepth: number, width: number): typeof shared {
  if (shared.rows.length < (maxDepth + 1) * width || shared.byteEnd.length < maxDepth + 2) {
    const depth = Math.max(maxDepth, 2 * shared.rowMin.length);
    shared = {
      rows: new Int32Array((depth + 1) * (depth + 1)),
      rowMin: new Int32Array(depth + 1),
      letter: new Int32Array(depth + 1),
      byteEnd: new Int32Array(depth + 2),
    };
  }
  return shared;
}

function decodePoint(bytes: Uint8Array, at: number, size: number): number {
  const lead = bytes[at]!;
  if (size === 1) return lead;
  if (size === 2) return ((lead & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
  if (size === 3) return ((lead & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
  return (
    ((lead & 0x07) << 18) |
    ((bytes[at + 1]! & 0x3f) << 12) |
    ((bytes[at + 2]! & 0x3f) << 6) |
    (bytes[at + 3]! & 0x3f)
  );
}
