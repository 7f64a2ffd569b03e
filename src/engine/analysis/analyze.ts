import { isAscii } from './ascii.js';
import { fold } from './fold.js';
import { scanWords } from './words.js';

/**
 * Words of a text as the engine compares them: folded, segmented by Unicode's word boundaries,
 * and for each word whether it is glued to the one before, that is written without a space
 * between them (`dv7-1211ea`, `USB-C`, `16/9`).
 */
export interface AnalyzedWords {
  words: string[];
  glued: boolean[];
}

/**
 * Glued words are also indexed joined (`dv7-1211ea` as `dv71211ea`, `wi-fi` as `wifi`), so a
 * shopper who types the model number or the word either way finds it: runs this long at most...
 */
export const MAX_JOINED_WORDS = 4;
/** ... and no longer than this joined (not URLs, long codes). */
export const MAX_JOINED_LENGTH = 32;
/** At most this many characters between two words still glue them (`-`, `/`, `®`). */
const MAX_GLUE = 2;
const SPACE = /\s/;

export function analyzeWords(text: string, out: AnalyzedWords = { words: [], glued: [] }): AnalyzedWords {
  const folded = fold(text);
  scanGluedWords(folded, (start, end, glued) => {
    out.words.push(folded.slice(start, end));
    out.glued.push(glued);
  });
  return out;
}

/**
 * Calls `onWord(start, end, glued)` for each word of already folded text: its offsets, and
 * whether it is glued to the word before. A caller that knows whether the text is ASCII passes
 * it as `ascii`.
 */
export function scanGluedWords(
  folded: string,
  onWord: (start: number, end: number, glued: boolean) => void,
  ascii = isAscii(folded),
): void {
  let previousEnd = -1;
  scanWords(
    folded,
    (start, end) => {
      onWord(
        start,
        end,
        previousEnd >= 0 && start - previousEnd <= MAX_GLUE && !hasSpace(folded, previousEnd, start),
      );
      previousEnd = end;
    },
    ascii,
  );
}

function hasSpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && SPACE.test(text[i]!))) return true;
  }
  return false;
}
