import { FIELD_COUNT } from '../index/fields.js';
import type { Postings } from '../index/postings.js';

/**
 * BM25 per field: a term scores idf × Σ over fields of weight × tf × (k1 + 1) / (tf + norm), where
 * norm = k1 × (1 − b + b × length / average length) of that field in that document. Summing per
 * field (rather than one merged field) lets a title hit outweigh a description hit by its weight.
 */
const K1 = 1.2;
const B = 0.75;

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
  documents: number,
  weights: Float64Array,
): Float32Array {
  const norms = fieldNorms(fieldLengths, documents);
  const factors = weights.map((weight) => weight * (K1 + 1));
  const { docs, tf } = postings;
  const impacts = new Float32Array(docs.length);
  for (let position = 0; position < docs.length; position++) {
    const at = position * FIELD_COUNT;
    const normAt = docs[position]! * FIELD_COUNT;
    let impact = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const frequency = tf[at + field]!;
      if (frequency !== 0) impact += (factors[field]! * frequency) / (frequency + norms[normAt + field]!);
    }
    impacts[position] = impact;
  }
  return impacts;
}

/** norm = k1 × (1 − b + b × length / average length), per doc and field. */
function fieldNorms(fieldLengths: Uint16Array, documents: number): Float64Array {
  const average = new Float64Array(FIELD_COUNT);
  for (let i = 0; i < fieldLengths.length; i++) average[i % FIELD_COUNT]! += fieldLengths[i]!;
  for (let field = 0; field < FIELD_COUNT; field++)
    average[field] = average[field]! / Math.max(documents, 1) || 1;
  const norms = new Float64Array(fieldLengths.length);
  for (let i = 0; i < fieldLengths.length; i++) {
    norms[i] = K1 * (1 - B + (B * fieldLengths[i]!) / average[i % FIELD_COUNT]!);
  }
  return norms;
}
