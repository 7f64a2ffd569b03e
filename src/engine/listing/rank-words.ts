import type { Collected, Ranking } from '../ranking/top-k.js';
import type { TextSearch } from './relevance.js';

interface Found {
  docs: Uint32Array;
  scores: Float64Array;
  /** Per document, the score of an unscored collection (TextSearch.score writes by document). */
  byDoc: Float64Array;
  order: Uint32Array;
}

/** Arrays per document count, made once and reused: a type's searches run one at a time. */
const buffers = new Map<number, Found>();

function foundFor(documents: number): Found {
  let found = buffers.get(documents);
  if (found === undefined) {
    found = {
      docs: new Uint32Array(documents),
      scores: new Float64Array(documents),
      byDoc: new Float64Array(documents),
      order: new Uint32Array(documents),
    };
    // Types of several sizes may alternate; a handful of sizes is all an index has.
    if (buffers.size > 16) buffers.clear();
    buffers.set(documents, found);
  }
  return found;
}

/**
 * A text search whose words rank every document of the type without narrowing them: each
 * document the words find carries its score, every other one a score of 0, so those found rank
 * first and the rest follow in the listing's tie order (catalog order). Used where a query's words
 * all named a brand or a category: the filter narrows, the words still say which of its products
 * fit them best.
 */
export function rankingEveryDocument(words: TextSearch, documents: number): TextSearch {
  /** Collects what the words find, scored, into the shared buffers; answers how many. */
  const find = (): { found: Found; count: number } => {
    const found = foundFor(documents);
    const { matches, unscored } = words.collect({ docs: found.docs, scores: found.scores });
    if (unscored) {
      for (let i = 0; i < matches; i++) found.order[i] = i;
      words.score(found.docs, found.order, matches, found.byDoc);
      for (let i = 0; i < matches; i++) found.scores[i] = found.byDoc[found.docs[i]!]!;
    }
    return { found, count: matches };
  };
  /** Every document ascending with its score (0 where the words found nothing), to `each`. */
  const everyDocument = (each: (doc: number, score: number) => void): void => {
    const { found, count } = find();
    let next = 0;
    for (let doc = 0; doc < documents; doc++) {
      if (next < count && found.docs[next] === doc) each(doc, found.scores[next++]!);
      else each(doc, 0);
    }
  };
  return {
    rank(ranking: Ranking | undefined, depth: number, counts: Uint8Array | undefined): number {
      ranking?.reset(depth);
      let counted = 0;
      everyDocument((doc, score) => {
        if (counts !== undefined && counts[doc] === 0) return;
        counted++;
        ranking?.offer(doc, score);
      });
      return counted;
    },
    collect(collect: Collected): { matches: number; unscored: boolean } {
      const { docs, scores } = collect;
      everyDocument((doc, score) => {
        docs[doc] = doc;
        scores[doc] = score;
      });
      return { matches: documents, unscored: false };
    },
    score(): void {
      // Collected with their scores: nothing is left to score.
    },
  };
}
