import { analyzeWords } from '../analysis/analyze.js';
import type { Synonyms } from '../analysis/synonyms.js';
import type { EngineIndex } from '../engine-index.js';
import { expandSlots } from '../execute.js';
import { documentOfId } from '../index/id-lookup.js';
import { seek } from '../index/postings.js';
import { slotSources } from './sources.js';

export interface WordsQuery {
  type: string;
  text: string;
  locale?: string;
  synonyms?: Synonyms;
  prefix?: boolean;
}

/**
 * The query's words an entity holds in none of the fields searched, by none of the alternatives
 * a search would try (as typed, stems, synonyms, typos, joined and split words, a completion):
 * why a search does not match it. Undefined when the index does not hold the entity.
 */
export function missingWords(index: EngineIndex, query: WordsQuery, id: string): string[] | undefined {
  const type = index.types.find((one) => one.type === query.type);
  const doc = type === undefined ? undefined : documentOfId(type.ids, id);
  if (type === undefined || doc === undefined) return undefined;
  const analyzed = analyzeWords(query.text);
  if (analyzed.words.length === 0) return [];
  const slots = expandSlots(index, type, analyzed, { ...query, page: 1, perPage: 1 });
  index.scratch.release();
  const missing: string[] = [];
  for (const slot of slots) {
    const held = slotSources(type, slot, index.scratch).sources.some((source) => {
      const at = seek(source.docs, source.start, source.end, doc);
      return at < source.end && source.docs[at] === doc;
    });
    if (!held) missing.push(slot.word);
  }
  index.scratch.release();
  return missing;
}
