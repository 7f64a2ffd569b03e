import { FIRST_WORD_TERM } from '../analysis/identifiers.js';
import { isStemmable, stemmerFor } from '../analysis/stem.js';
import { compareBytes, TermDictionary } from './dictionary.js';
import { joinEncoded, type StringTable } from './string-table.js';

/**
 * The terms of a type grouped by their stem in one language: stem s (the s-th in code point
 * order) groups term ids terms[start[s] .. start[s + 1]]. A query word's stem finds every form
 * the catalog writes (`headphone` finds `headphones`) without a posting of its own.
 */
export interface StemTable {
  readonly stems: StringTable;
  readonly start: Uint32Array;
  readonly terms: Uint32Array;
}

const encoder = new TextEncoder();

/** Stem tables of `languages` over the sorted terms of a type. */
export function buildStemTables(
  sortedTerms: readonly string[],
  languages: readonly string[],
): Record<string, StemTable> {
  const tables: Record<string, StemTable> = {};
  for (const language of languages) {
    const stemmer = stemmerFor(language);
    if (!stemmer) continue;
    const groups = new Map<string, number[]>();
    sortedTerms.forEach((term, id) => {
      if (term < FIRST_WORD_TERM || !isStemmable(term)) return;
      const stem = stemmer(term);
      const group = groups.get(stem);
      if (group) group.push(id);
      else groups.set(stem, [id]);
    });
    const stems = [...groups.keys()].map((stem) => ({ stem, bytes: encoder.encode(stem) }));
    stems.sort((a, b) => compareBytes(a.bytes, 0, a.bytes.length, b.bytes, 0, b.bytes.length));
    const start = new Uint32Array(stems.length + 1);
    const terms = new Uint32Array(
      groups.size === 0 ? 0 : [...groups.values()].reduce((n, g) => n + g.length, 0),
    );
    let at = 0;
    stems.forEach(({ stem }, s) => {
      start[s] = at;
      for (const id of groups.get(stem)!) terms[at++] = id;
    });
    start[stems.length] = at;
    tables[language] = { stems: joinEncoded(stems.map(({ bytes }) => bytes)), start, terms };
  }
  return tables;
}

/** A stem table ready for lookups. */
export class StemIndex {
  private readonly dictionary: TermDictionary;

  constructor(private readonly table: StemTable) {
    this.dictionary = new TermDictionary(table.stems);
  }

  /** The ids of the terms whose stem is `stem`, as a view; empty for none. */
  termsOf(stem: string): Uint32Array {
    const id = this.dictionary.lookup(stem);
    if (id < 0) return this.table.terms.subarray(0, 0);
    return this.table.terms.subarray(this.table.start[id]!, this.table.start[id + 1]!);
  }
}
