import type { MatchKind } from '../ranking/parts.js';
import type { Slot } from './expand.js';
import type { Attempt, TextMatch } from './text-match.js';

/** One way a word was searched for. */
export interface ExpansionTrace {
  /** The term or phrase, as indexed. */
  matched: string;
  kind: MatchKind;
  typos?: number;
  /** Documents holding it (for a phrase, its rarest word's). */
  documents: number;
}

export interface WordTrace {
  word: string;
  expansions: ExpansionTrace[];
  leftOut?: boolean;
  optional?: boolean;
}

/** What one section searched. */
export interface SectionTrace {
  /** The words searched in the end, joined by spaces (left-out words removed). */
  searched: string;
  words: WordTrace[];
  /** Words left out because nothing matched them all. */
  leftOut: string[];
  /** Words made optional to fill a short list: hits lacking them follow those that have them. */
  optional: string[];
  /** Documents that matched what was searched. */
  candidates: number;
  /** Each try, the first with every word. */
  attempts: Attempt[];
}

/**
 * The trace of a section. Its words and their expansions are written out when first read (a
 * search that is not traced never spells its alternatives).
 */
export function sectionTrace(slots: readonly Slot[], match: TextMatch): SectionTrace {
  return new LazySectionTrace(slots, match);
}

class LazySectionTrace implements SectionTrace {
  readonly searched: string;
  readonly leftOut: string[];
  readonly optional: string[];
  readonly candidates: number;
  readonly attempts: Attempt[];
  #words: WordTrace[] | undefined;

  constructor(
    private readonly slots: readonly Slot[],
    private readonly match: TextMatch,
  ) {
    this.searched = match.searched.map((slot) => slot.word).join(' ');
    this.leftOut = match.leftOut.map((slot) => slot.word);
    this.optional = match.optional.map((slot) => slot.word);
    this.candidates = match.total;
    this.attempts = match.attempts;
  }

  get words(): WordTrace[] {
    this.#words ??= this.spell();
    return this.#words;
  }

  toJSON(): SectionTrace {
    const { searched, words, leftOut, optional, candidates, attempts } = this;
    return { searched, words, leftOut, optional, candidates, attempts };
  }

  private spell(): WordTrace[] {
    const leftOut = new Set(this.match.leftOut);
    const optional = new Set(this.match.optional);
    return this.slots.map((slot) => ({
      word: slot.word,
      expansions: slot.alternatives.map((alternative) => ({
        matched: alternative.text,
        kind: alternative.kind,
        ...(alternative.typos > 0 ? { typos: alternative.typos } : {}),
        documents: alternative.documents,
      })),
      ...(leftOut.has(slot) ? { leftOut: true } : {}),
      ...(optional.has(slot) ? { optional: true } : {}),
    }));
  }
}
