import type { TypeIndex } from '../engine-index.js';
import { FIELD_SHIFT } from '../index/postings.js';
import type { MatchScratch } from '../match/scratch.js';
import type { SlotSources, Source } from '../match/sources.js';
import { fieldImpact, heaviestField, MAX_HEAVIEST_LENGTH } from './bm25.js';
import {
  closeness,
  MAX_PROXIMITY_DISTANCE,
  MISSING_WORD,
  type MissingWord,
  SCORING,
  type ScoreParts,
  type WordPart,
} from './parts.js';
import type { Collected, Ranking } from './top-k.js';

/**
 * Scores the documents a search matches, from the sources' cursors positioned at each (see
 * parts.ts for the formula). The same code scores every match and explains the hits shown, so an
 * explanation's total is the hit's score.
 */
export class DocScorer {
  /** The slots in query order (proximity is between neighbouring words), and their idfs. */
  private readonly ordered: SlotSources[];
  private readonly idfs: Float64Array;
  /** Per slot in query order, for the document scored last: its posting (-1 for none), its part, and the source and entry chosen. */
  private readonly posting: Int32Array;
  private readonly part: Float64Array;
  private readonly chosenSource: Int32Array;
  private readonly chosenEntry: Int32Array;
  private readonly chosenPenalty: Float64Array;
  /** Slots that do not hold the document scored last. */
  private missing = 0;
  private readonly fieldCount: number;
  /** Per posting, the heaviest field's length when the term is in it, else 0: exactness reads it. */
  private readonly heaviestLengths: Uint8Array;
  private readonly relativeWeights: Float64Array;
  private readonly heaviest: number;
  private readonly coverageBonus: number;
  private readonly wholeFieldBonus: number;
  /** The most proximity and exactness can add together (a bound, with headroom for rounding). */
  private readonly maxExtra: number;
  private readonly alternativePenalties: Float64Array;

  constructor(
    private readonly type: TypeIndex,
    slots: readonly SlotSources[],
  ) {
    this.ordered = [...slots].sort((a, b) => a.slot.index - b.slot.index);
    const count = this.ordered.length;
    this.idfs = Float64Array.from(this.ordered, ({ slot }) => slot.idf);
    this.posting = new Int32Array(count);
    this.part = new Float64Array(count);
    this.chosenSource = new Int32Array(count);
    this.chosenEntry = new Int32Array(count);
    this.chosenPenalty = new Float64Array(count);
    this.alternativePenalties = Float64Array.from(this.ordered[0]?.slot.alternatives ?? [], (a) => a.penalty);
    this.fieldCount = type.weights.length;
    this.heaviestLengths = type.heaviestLengths;
    this.heaviest = heaviestField(type.weights);
    const maxWeight = type.weights[this.heaviest] ?? 1;
    this.relativeWeights = type.weights.map((weight) => weight / maxWeight);
    const meanIdf = this.idfs.reduce((sum, idf) => sum + idf, 0) / Math.max(count, 1);
    this.coverageBonus = SCORING.coverage * meanIdf;
    this.wholeFieldBonus = SCORING.wholeField * meanIdf;
    let maxProximity = 0;
    for (let s = 1; s < count; s++) {
      maxProximity += SCORING.proximity * Math.min(this.idfs[s - 1]!, this.idfs[s]!);
    }
    this.maxExtra = (maxProximity + this.coverageBonus + this.wholeFieldBonus) * (1 + 1e-9) + 1e-9;
  }

  /**
   * Offers to `ranking` every entry of a one-word query's only list, scored as score() would:
   * idf × impact × penalty, plus exactness. An entry whose text part plus the most exactness
   * adds stays below the heap's floor is passed over without reading its field data.
   */
  rankList(source: Source, ranking: Ranking): void {
    const { docs, values, penalty, postingOf, end } = source;
    const { heaviestLengths, coverageBonus, wholeFieldBonus } = this;
    const idf = this.idfs[0]!;
    const bound = coverageBonus + wholeFieldBonus;
    let floor = ranking.floor();
    for (let entry = source.start; entry < end; entry++) {
      const text = 0 + values[entry]! * penalty * idf;
      if (text + bound < floor) continue;
      const length = heaviestLengths[postingOf === undefined ? entry : postingOf[entry]!]!;
      const p =
        source.alternativeOf === undefined
          ? penalty
          : this.alternativePenalties[source.alternativeOf[entry]!]!;
      ranking.offer(docs[entry]!, this.oneWordScore(text, length, p));
      floor = ranking.floor();
    }
  }

  /** Writes every entry of a one-word query's only list to `collect`, scored as rankList scores it. */
  collectList(source: Source, collect: Collected): void {
    const { docs, values, penalty, postingOf, end } = source;
    const { heaviestLengths } = this;
    const idf = this.idfs[0]!;
    const collected = collect.docs;
    const scores = collect.scores;
    let at = 0;
    for (let entry = source.start; entry < end; entry++) {
      const length = heaviestLengths[postingOf === undefined ? entry : postingOf[entry]!]!;
      collected[at] = docs[entry]!;
      const p =
        source.alternativeOf === undefined
          ? penalty
          : this.alternativePenalties[source.alternativeOf[entry]!]!;
      scores[at++] = this.oneWordScore(0 + values[entry]! * penalty * idf, length, p);
    }
  }

  /**
   * A one-word query's score from its text part and the heaviest field's length where it is found
   * (0: not there): the text part plus exactness.
   */
  private oneWordScore(text: number, length: number, penalty: number): number {
    let exactness = 0;
    if (length !== 0) {
      exactness = this.coverageBonus;
      if (length === 1) exactness += this.wholeFieldBonus;
    }
    return 0 + text + 0 + exactness * penalty;
  }

  /**
   * The same for a one-word query whose lists were marked in `scratch` (see markSources): reads
   * the marks back in document order, clearing them.
   */
  rankMarked(scratch: MatchScratch, minDoc: number, maxDoc: number, ranking: Ranking): void {
    const { seen, best, posting, alternative } = scratch;
    const { heaviestLengths, coverageBonus, wholeFieldBonus, alternativePenalties } = this;
    const idf = this.idfs[0]!;
    const bound = coverageBonus + wholeFieldBonus;
    let floor = ranking.floor();
    for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) {
      let bits = seen[word]!;
      if (bits === 0) continue;
      seen[word] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const doc = (word << 5) | (31 - Math.clz32(low));
        bits ^= low;
        const text = 0 + best[doc]! * idf;
        if (text + bound < floor) continue;
        ranking.offer(
          doc,
          this.oneWordScore(text, heaviestLengths[posting[doc]!]!, alternativePenalties[alternative[doc]!]!),
        );
        floor = ranking.floor();
      }
    }
  }

  /** Writes the marked documents to `collect`, ascending, scored as rankMarked scores them; clears the marks. */
  collectMarked(scratch: MatchScratch, minDoc: number, maxDoc: number, collect: Collected): void {
    const { seen, best, posting, alternative } = scratch;
    const { heaviestLengths, alternativePenalties } = this;
    const idf = this.idfs[0]!;
    const collected = collect.docs;
    const scores = collect.scores;
    let at = 0;
    for (let word = minDoc >>> 5; word <= maxDoc >>> 5; word++) {
      let bits = seen[word]!;
      if (bits === 0) continue;
      seen[word] = 0;
      while (bits !== 0) {
        const low = bits & -bits;
        const doc = (word << 5) | (31 - Math.clz32(low));
        bits ^= low;
        collected[at] = doc;
        scores[at++] = this.oneWordScore(
          0 + best[doc]! * idf,
          heaviestLengths[posting[doc]!]!,
          alternativePenalties[alternative[doc]!]!,
        );
      }
    }
  }

  /** The score of `doc`, every source's cursor at it where it holds it. */
  score(doc: number): number {
    const text = this.choose(doc);
    const completeness = this.missing === 0 ? 0 : -MISSING_WORD * this.missing;
    return completeness + text + this.proximity() + this.exactness(doc);
  }

  /**
   * score(doc), or -Infinity without reading positions and field data when the text part plus
   * the most proximity and exactness can add stays below `floor`.
   */
  scoreAbove(doc: number, floor: number): number {
    const text = this.choose(doc);
    const completeness = this.missing === 0 ? 0 : -MISSING_WORD * this.missing;
    if (completeness + text + this.maxExtra < floor) return Number.NEGATIVE_INFINITY;
    return completeness + text + this.proximity() + this.exactness(doc);
  }

  /** The parts of `doc`'s score, the cursors positioned as for score(). */
  explain(doc: number): ScoreParts {
    const text = this.choose(doc);
    const completeness = this.missing === 0 ? 0 : -MISSING_WORD * this.missing;
    const proximity = this.proximity();
    const exactness = this.exactness(doc);
    const words = this.ordered.map((entry, s): WordPart | MissingWord =>
      this.posting[s]! < 0 ? { word: entry.slot.word, missing: true } : this.wordPart(doc, entry, s),
    );
    return {
      total: completeness + text + proximity + exactness,
      completeness,
      text,
      proximity,
      exactness,
      words,
    };
  }

  /** Picks each slot's best source at `doc`; returns the text part. */
  private choose(doc: number): number {
    const { ordered, posting, part, chosenSource, chosenEntry, idfs } = this;
    let text = 0;
    let missing = 0;
    for (let s = 0; s < ordered.length; s++) {
      const sources = ordered[s]!.sources;
      let best = -1;
      for (let i = 0; i < sources.length; i++) {
        const source = sources[i]!;
        const entry = source.cursor;
        if (entry >= source.end || source.docs[entry] !== doc) continue;
        const value = source.values[entry]! * source.penalty;
        if (value > best) {
          best = value;
          this.chosenPenalty[s] =
            source.alternativeOf === undefined
              ? source.penalty
              : ordered[s]!.slot.alternatives[source.alternativeOf[entry]!]!.penalty;
          chosenSource[s] = i;
          chosenEntry[s] = entry;
          posting[s] = source.postingOf === undefined ? entry : source.postingOf[entry]!;
        }
      }
      if (best < 0) {
        posting[s] = -1;
        part[s] = 0;
        missing++;
        continue;
      }
      const value = best * idfs[s]!;
      part[s] = value;
      text += value;
    }
    this.missing = missing;
    return text;
  }

  /** Closeness of neighbouring words, in the field where they are closest. */
  private proximity(): number {
    const { ordered, posting } = this;
    const { positionStart, positions } = this.type.postings;
    let proximity = 0;
    for (let s = 1; s < ordered.length; s++) {
      const a = posting[s - 1]!;
      const b = posting[s]!;
      if (a < 0 || b < 0) continue;
      let best = MAX_PROXIMITY_DISTANCE + 1;
      let field = -1;
      const aEnd = positionStart[a + 1]!;
      const bStart = positionStart[b]!;
      const bEnd = positionStart[b + 1]!;
      for (let i = positionStart[a]!; i < aEnd; i++) {
        const at = positions[i]!;
        if (a === b) {
          // One term stands for both words (`dv71211ea` for `dv7 1211ea`): they are adjacent.
          best = 1;
          field = at >>> FIELD_SHIFT;
          break;
        }
        for (let j = bStart; j < bEnd; j++) {
          const other = positions[j]!;
          if (other >>> FIELD_SHIFT !== at >>> FIELD_SHIFT) continue;
          // In order costs the gap; reversed costs one more.
          const distance = other > at ? other - at : at - other + 1;
          if (distance < best) {
            best = distance;
            field = at >>> FIELD_SHIFT;
          }
        }
      }
      if (field < 0) continue;
      const rarer = Math.min(this.idfs[s - 1]!, this.idfs[s]!);
      const discount = Math.min(this.chosenPenalty[s - 1]!, this.chosenPenalty[s]!);
      proximity += SCORING.proximity * closeness(best) * this.relativeWeights[field]! * rarer * discount;
    }
    return proximity;
  }

  /** Every word found in the heaviest field, and that field holding nothing but them. */
  private exactness(doc: number): number {
    const { posting, heaviestLengths } = this;
    const count = this.ordered.length;
    if (count === 0 || this.missing > 0) return 0;
    for (let s = 0; s < count; s++) {
      if (heaviestLengths[posting[s]!] === 0) return 0;
    }
    // Every posting of the document in that field carries the field's length, up to 255.
    let length = heaviestLengths[posting[0]!]!;
    if (length === MAX_HEAVIEST_LENGTH)
      length = this.type.fieldLengths[doc * this.fieldCount + this.heaviest]!;
    let exactness = this.coverageBonus;
    if (length === count) exactness += this.wholeFieldBonus;
    let discount = 1;
    for (let s = 0; s < count; s++) discount = Math.min(discount, this.chosenPenalty[s]!);
    return exactness * discount;
  }

  private wordPart(doc: number, { slot, sources }: SlotSources, s: number): WordPart {
    const source = sources[this.chosenSource[s]!]!;
    const entry = this.chosenEntry[s]!;
    const alternative = slot.alternatives[source.alternativeOf?.[entry] ?? source.alternative]!;
    const posting = this.posting[s]!;
    const score = this.part[s]!;
    // Split the word's score by the fields its posting is in, in proportion to their BM25 parts.
    const { fieldCount, type } = this;
    const shares: number[] = [];
    let sum = 0;
    for (let field = 0; field < fieldCount; field++) {
      const share = fieldImpact(
        type.postings.tf[posting * fieldCount + field]!,
        type.fieldLengths[doc * fieldCount + field]!,
        type.averageLengths[field]!,
        type.weights[field]!,
      );
      shares.push(share);
      sum += share;
    }
    const fields: Record<string, number> = {};
    shares.forEach((share, field) => {
      if (share > 0) {
        const name = type.schema.fields[field]!.name;
        fields[name] = (fields[name] ?? 0) + (score * share) / sum;
      }
    });
    return {
      word: slot.word,
      matched: alternative.text,
      kind: alternative.kind,
      ...(alternative.typos > 0 ? { typos: alternative.typos } : {}),
      penalty: alternative.penalty,
      idf: slot.idf,
      score,
      fields,
    };
  }
}
