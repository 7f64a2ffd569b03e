import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { Attribute } from '../contracts/release-files/index.js';
import type { EngineIndex } from '../engine/index.js';
import {
  buildVocabulary,
  type Vocabulary,
  type VocabularyAttribute,
  type VocabularyBrand,
  type VocabularyCategory,
} from './vocabulary.js';

/**
 * The vocabulary travels with the index it was built beside: the indexer attaches it to the
 * artifact under this name, and a query node decodes it once per artifact it loads.
 */
export const VOCABULARY_ATTACHMENT = 'vocabulary';

/** Raise when the encoded form changes; a node refuses a form it does not know. */
const FORMAT = 1;

/** The encoded form: each map as its entries in order, each set as an array. */
interface EncodedVocabulary {
  format: number;
  categories: Array<[string, VocabularyCategory]>;
  brands: Array<[string, VocabularyBrand]>;
  attributes: Array<[string, Omit<VocabularyAttribute, 'categories'> & { categories: string[] }]>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A vocabulary as bytes (JSON), so that Maps and Sets come back as they were. */
export function encodeVocabulary(vocabulary: Vocabulary): Uint8Array {
  const encoded: EncodedVocabulary = {
    format: FORMAT,
    categories: [...vocabulary.categories],
    brands: [...vocabulary.brands],
    attributes: [...vocabulary.attributes].map(([code, attribute]) => [
      code,
      { ...attribute, categories: [...attribute.categories] },
    ]),
  };
  return encoder.encode(JSON.stringify(encoded));
}

/** The vocabulary encodeVocabulary wrote; throws an Error naming the problem for other bytes. */
export function decodeVocabulary(bytes: Uint8Array): Vocabulary {
  let encoded: EncodedVocabulary;
  try {
    encoded = JSON.parse(decoder.decode(bytes)) as EncodedVocabulary;
  } catch {
    throw new Error('the vocabulary attachment is not JSON');
  }
  if (typeof encoded !== 'object' || encoded === null || encoded.format !== FORMAT) {
    throw new Error(
      `the vocabulary attachment is of format ${String((encoded as { format?: unknown } | null)?.format)}; this version reads ${FORMAT}`,
    );
  }
  const { categories, brands, attributes } = encoded;
  if (!Array.isArray(categories) || !Array.isArray(brands) || !Array.isArray(attributes)) {
    throw new Error('the vocabulary attachment lacks categories, brands or attributes');
  }
  return {
    categories: new Map(categories),
    brands: new Map(brands),
    attributes: new Map(
      attributes.map(([code, attribute]) => [
        code,
        { ...attribute, categories: new Set(attribute.categories) },
      ]),
    ),
  };
}

/** A vocabulary that names nothing: every word of a query stays text. */
export function emptyVocabulary(): Vocabulary {
  return { categories: new Map(), brands: new Map(), attributes: new Map() };
}

/**
 * The attachments that carry a catalog's vocabulary in the index compiled from the same entities
 * (`compileIndex(entities, { attachments })`).
 */
export function vocabularyAttachments(
  entities: Iterable<CatalogEntity>,
  attributes: readonly Attribute[],
): Record<string, Uint8Array> {
  return { [VOCABULARY_ATTACHMENT]: encodeVocabulary(buildVocabulary(entities, attributes)) };
}

/**
 * The vocabulary an index carries; an index compiled without one (an artifact from before
 * vocabularies were attached) names nothing.
 */
export function vocabularyOf(index: EngineIndex): Vocabulary {
  const bytes = index.attachment(VOCABULARY_ATTACHMENT);
  return bytes === undefined ? emptyVocabulary() : decodeVocabulary(bytes);
}
