/**
 * Word segmentation by Unicode's word boundaries (UAX #29), keeping the word-like segments.
 * Intl.Segmenter costs about a microsecond per word, which alone would spend seconds on a large
 * catalog; folded catalog text is nearly always ASCII, so ASCII text takes a scanner that applies
 * the same boundary rules to the ASCII characters (a test checks it against Intl.Segmenter).
 */
import { isAscii } from './ascii.js';

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Word-break classes of the ASCII characters (UAX #29, table 3). */
const OTHER = 0;
const LETTER = 1; // ALetter
const DIGIT = 2; // Numeric
const CONNECTOR = 3; // ExtendNumLet: `_`
const MID_LETTER = 4; // MidLetter: `:`
const MID_NUM_LETTER = 5; // MidNumLet and Single_Quote: `.` and `'`
const MID_NUM = 6; // MidNum: `,` and `;`

const CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z]/.test(char)) CLASS[code] = LETTER;
  else if (/[0-9]/.test(char)) CLASS[code] = DIGIT;
  else if (char === '_') CLASS[code] = CONNECTOR;
  else if (char === ':') CLASS[code] = MID_LETTER;
  else if (char === '.' || char === "'") CLASS[code] = MID_NUM_LETTER;
  else if (char === ',' || char === ';') CLASS[code] = MID_NUM;
  else CLASS[code] = OTHER;
}

function isWordPart(cls: number): boolean {
  return cls === LETTER || cls === DIGIT || cls === CONNECTOR;
}

/** Appends the word-like segments of `text` to `out`. */
export function appendWords(text: string, out: string[]): void {
  scanWords(text, (start, end) => {
    out.push(text.slice(start, end));
  });
}

/**
 * Calls `onWord` with the start and end offsets of each word-like segment of `text`, in order.
 * A caller that knows whether the text is ASCII passes it as `ascii`.
 */
export function scanWords(
  text: string,
  onWord: (start: number, end: number) => void,
  ascii = isAscii(text),
): void {
  if (ascii) scanAsciiWords(text, onWord);
  else
    for (const segment of segmenter.segment(text)) {
      if (segment.isWordLike) onWord(segment.index, segment.index + segment.segment.length);
    }
}

function scanAsciiWords(text: string, onWord: (start: number, end: number) => void): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    const first = CLASS[text.charCodeAt(i)]!;
    if (!isWordPart(first)) {
      i++;
      continue;
    }
    const start = i;
    let last = first;
    i++;
    while (i < length) {
      const cls = CLASS[text.charCodeAt(i)]!;
      if (isWordPart(cls)) {
        // WB5, WB8 to WB10, WB13a/b: letters, digits and connectors join in any order.
        last = cls;
        i++;
        continue;
      }
      const next = i + 1 < length ? CLASS[text.charCodeAt(i + 1)]! : OTHER;
      // WB6/7: a letter, a mid letter mark and a letter stay one word ("can't", "a:b").
      const midLetter = last === LETTER && next === LETTER && (cls === MID_LETTER || cls === MID_NUM_LETTER);
      // WB11/12: a digit, a mid number mark and a digit stay one word ("3.5", "1,000").
      const midNumber = last === DIGIT && next === DIGIT && (cls === MID_NUM || cls === MID_NUM_LETTER);
      if (!midLetter && !midNumber) break;
      last = next;
      i += 2;
    }
    // A lone connector has no word status in ICU's rules; two or more do.
    if (i - start > 1 || first !== CONNECTOR) onWord(start, i);
  }
}
