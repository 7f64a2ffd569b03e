import type { Postings } from '../index/postings.js';

/**
 * BM25 per field: a term scores idf × Σ over fields of weight × tf × (k1 + 1) / (tf + norm), where
 * norm = k1 × (1 − b + b × length / average length) of that field in that document. Summing per
 * field (rather than one merged field) lets a title hit outweigh a description hit by its weight.
 */
export const K1 = 1.2;
export const B = 0.75;

/** Rarer terms count more; always positive, so every matched term adds to the score. */
export function inverseDocumentFrequency(documentFrequency: number, documents: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/**
 * The impact of every posting: Σ over fields of weight × tf × (k1 + 1) / (tf + norm), the part of
 * a term's score that depends on the document. Computed once at load (one pass over the postings),
 * so a search multiplies each matched posting's impact by its term's idf and adds: no per-field
 * loop, no division on the hot path. The artifact keeps raw frequencies and lengths, so it stays
 * independent of k1 and b.
 */
export function postingImpacts(
  postings: Postings,
  fieldLengths: Uint16Array,
  averages: Float64Array,
  weights: Float64Array,
): Float32Array {
  const fieldCount = weights.length;
  const factors = weights.map((weight) => weight * (K1 + 1));
  const lengthFactors = averages.map((average) => (K1 * B) / average);
  const { docs, tf } = postings;
  const impacts = new Float32Array(docs.length);
  for (let position = 0; position < docs.length; position++) {
    const at = position * fieldCount;
    const lengthAt = docs[position]! * fieldCount;
    let impact = 0;
    for (let field = 0; field < fieldCount; field++) {
      const frequency = tf[at + field]!;
      if (frequency !== 0) {
        const norm = K1 * (1 - B) + lengthFactors[field]! * fieldLengths[lengthAt + field]!;
        impact += (factors[field]! * frequency) / (frequency + norm);
      }
    }
    impacts[position] = impact;
  }
  return impacts;
}

/**
 * How far apart two matches of one word in `field` can score by its lengths alone: the BM25 part
 * of a word found once in the field's shortest text over that of once in its longest (1 for a
 * field no document fills). The tiers of matches (parts.ts) are this far apart.
 */
export function lengthSpread(
  fieldLengths: Uint16Array,
  fieldCount: number,
  field: number,
  average: number,
): number {
  let shortest = Number.POSITIVE_INFINITY;
  let longest = 0;
  for (let at = field; at < fieldLengths.length; at += fieldCount) {
    const length = fieldLengths[at]!;
    if (length === 0) continue;
    if (length < shortest) shortest = length;
    if (length > longest) longest = length;
  }
  if (longest === 0) return 1;
  const norm = (length: number) => 1 + K1 * (1 - B + (B * length) / average);
  return norm(longest) / norm(shortest);
}

/** Heaviest field lengths are kept in a byte: this one stands for itself and every longer one. */
export const MAX_HEAVIEST_LENGTH = 255;

/** The field of the greatest weight (the first of equals): exactness looks there. */
export function heaviestField(weights: Float64Array): number {
  let heaviest = 0;
  for (let field = 1; field < weights.length; field++) {
    if (weights[field]! > weights[heaviest]!) heaviest = field;
  }
  return heaviest;
}

/**
 * Per posting, the word count of its document's heaviest field when the term is in that field
 * (MAX_HEAVIEST_LENGTH for that many or more), else 0. Exactness reads it beside the posting's impact, in list order, instead
 * of a frequency and a length elsewhere in memory for every document it scores. The field's
 * modifiers (`modifiers`, a field position) are words of it too: a title holds them as written.
 */
export function heaviestFieldLengths(
  postings: Postings,
  fieldLengths: Uint16Array,
  weights: Float64Array,
  modifiers = -1,
): Uint8Array {
  const fieldCount = weights.length;
  const heaviest = heaviestField(weights);
  const { docs, tf } = postings;
  const lengths = new Uint8Array(docs.length);
  if (fieldCount === 0) return lengths;
  for (let position = 0; position < docs.length; position++) {
    const at = position * fieldCount;
    if (tf[at + heaviest] === 0 && (modifiers < 0 || tf[at + modifiers] === 0)) continue;
    lengths[position] = Math.min(MAX_HEAVIEST_LENGTH, fieldLengths[docs[position]! * fieldCount + heaviest]!);
  }
  return lengths;
}

/** One field's part of a posting's impact (for explanations): the terms of postingImpacts. */
export function fieldImpact(frequency: number, length: number, average: number, weight: number): number {
  if (frequency === 0) return 0;
  const norm = K1 * (1 - B) + ((K1 * B) / average) * length;
  return (weight * (K1 + 1) * frequency) / (frequency + norm);
}

/** Average token count per field over the documents (1 for a field no document fills). */
export function averageFieldLengths(
  fieldLengths: Uint16Array,
  documents: number,
  fieldCount: number,
): Float64Array {
  const average = new Float64Array(fieldCount);
  for (let i = 0; i < fieldLengths.length; i++) average[i % fieldCount]! += fieldLengths[i]!;
  for (let field = 0; field < fieldCount; field++)
    average[field] = average[field]! / Math.max(documents, 1) || 1;
  return average;
}
