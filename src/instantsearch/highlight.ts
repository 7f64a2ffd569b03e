/**
 * `_highlightResult` for InstantSearch's `highlight` helper. aisle answers no highlights, so the
 * words of the query are marked where a word of the text begins with one of them, compared as
 * searches compare them: case and accents folded. Matches aisle found through a stem, a synonym or a
 * typo are not marked; what a shopper sees marked is always what they typed.
 */
import type { HighlightResult, HighlightResults, HighlightValue } from './algolia.js';

export interface HighlightTags {
  pre: string;
  post: string;
}

/** Algolia's tags when a request names none (InstantSearch names its own). */
export const DEFAULT_TAGS: HighlightTags = { pre: '<em>', post: '</em>' };

const WORD = /[\p{L}\p{N}]+/gu;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words, folded, longest first so that a longer word wins a shared start. */
export function queryWords(query: string | undefined): string[] {
  const words = new Set((query ?? '').match(WORD)?.map(fold) ?? []);
  return [...words].sort((a, b) => b.length - a.length);
}

/** How many characters of `word` from its start spell `prefix` once folded; 0 when they do not. */
function matchedLength(word: string, prefix: string): number {
  let folded = '';
  for (let end = 0; end < word.length; ) {
    const next = word.codePointAt(end)! > 0xffff ? end + 2 : end + 1;
    folded += fold(word.slice(end, next));
    end = next;
    if (folded.length >= prefix.length) return folded.startsWith(prefix) ? end : 0;
  }
  return 0;
}

export function highlightText(text: string, words: string[], tags: HighlightTags): HighlightResult {
  const matched = new Set<string>();
  let value = '';
  let from = 0;
  let everyWordWhole = true;
  for (const token of text.matchAll(WORD)) {
    const start = token.index;
    let length = 0;
    for (const word of words) {
      length = matchedLength(token[0], word);
      if (length > 0) {
        matched.add(word);
        break;
      }
    }
    if (length < token[0].length) everyWordWhole = false;
    if (length === 0) continue;
    value += `${text.slice(from, start)}${tags.pre}${text.slice(start, start + length)}${tags.post}`;
    from = start + length;
  }
  value += text.slice(from);
  const level = matched.size === 0 ? 'none' : matched.size === words.length ? 'full' : 'partial';
  return {
    value,
    matchLevel: level,
    matchedWords: [...matched],
    ...(level === 'none' ? {} : { fullyHighlighted: everyWordWhole }),
  };
}

/** The highlights of every text among a hit's fields, nested as the fields are. */
export function highlightFields(
  fields: Record<string, unknown>,
  words: string[],
  tags: HighlightTags,
): HighlightResults {
  const results: HighlightResults = {};
  for (const [name, value] of Object.entries(fields)) {
    const highlighted = highlightValue(value, words, tags);
    if (highlighted !== undefined) results[name] = highlighted;
  }
  return results;
}

function highlightValue(value: unknown, words: string[], tags: HighlightTags): HighlightValue | undefined {
  if (typeof value === 'string') return highlightText(value, words, tags);
  if (Array.isArray(value)) {
    return value
      .map((item) => highlightValue(item, words, tags))
      .filter((item): item is HighlightValue => item !== undefined);
  }
  if (typeof value === 'object' && value !== null) {
    return highlightFields(value as Record<string, unknown>, words, tags);
  }
  return undefined;
}
