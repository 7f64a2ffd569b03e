import { fold } from './fold.js';
import { appendWords } from './words.js';

/**
 * The one analysis shared by indexing and querying, so a query token is spelled exactly as the
 * indexed one: fold the text, then keep its words.
 */
export function appendTokens(text: string, out: string[]): void {
  appendWords(fold(text), out);
}

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  appendTokens(text, tokens);
  return tokens;
}
