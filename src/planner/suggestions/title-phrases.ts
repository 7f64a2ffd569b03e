import { fold } from '../../engine/analysis/fold.js';
import { scanWords } from '../../engine/analysis/words.js';

/** Phrases of up to this many words. */
const PHRASE_WORDS = 3;
/**
 * A short word that follows a model code or a number at least this often is a unit or a series
 * mark (`gb` of "128 GB", `pro` of "XR-5200 Pro"): no phrase starts or ends with it. Longer words
 * that mostly follow codes are what the model is ("Core i5-8400 Processor", "3 Seater Sofa").
 */
const AFTER_CODE_SHARE = 0.8;
/** Letters of a unit or series mark at most. */
const MARK_LETTERS = 5;

/**
 * Words a phrase neither starts nor ends with: they join words without being what a shopper
 * looks for (`with`, `für`). Lowercased and folded.
 */
const JOINING_WORDS = new Set(
  [
    'a an and or the of for with without to in on at by from as is it its this that set pack',
    'und oder der die das des dem den ein eine einer mit ohne fur von zu im in am auf aus bei',
    'et ou le la les des du de un une avec sans pour en au aux sur par',
    'y o el la los las del de un una con sin para en por',
    'e o il lo la gli le dei delle di da un una con senza per in su',
    'en of de het een met zonder voor van in op',
  ]
    .join(' ')
    .split(' '),
);

/** One word of a title, with what decides whether a phrase may start or end with it. */
interface TitleWord {
  folded: string;
  /** Where it starts and ends in the title. */
  start: number;
  end: number;
  /**
   * The part of the title it stands in: punctuation between words (" - ", brackets, commas,
   * slashes) separates parts, and no phrase spans two ("Cell Phone - Black").
   */
  part: number;
  /** Holds a digit, or is written together with a word that does ("JR" of "JR-5200"). */
  code: boolean;
  /** Directly follows a code in its part ("Pro" of "JR-5200 Pro", "GB" of "128 GB"). */
  afterCode: boolean;
  /**
   * In the run of words closing the title that are the product's own attribute values ("Camel"
   * of "Oxford Shirt Camel"): a phrase ends there only if it lies wholly in that run.
   */
  variant: boolean;
}

/** A phrase as counted: its text, the products holding it, and the word that follows it. */
interface CountedPhrase {
  text: string;
  count: number;
  /**
   * The word (folded) that follows it wherever it stands, when always the same one that could
   * end a phrase; null once it stood before another word, a word no phrase ends with, or nothing.
   */
  next: string | null;
}

/** How often a word stands in titles, and how often right after a model code. */
interface WordUse {
  uses: number;
  afterCode: number;
}

/**
 * Counts, per locale, the phrases a shopper would type that titles hold: one to PHRASE_WORDS
 * words within one part of a title, starting and ending with a word that is not a joining word,
 * a single letter, a model code, a unit or series mark after codes, or (unless the phrase is
 * only such words) an attribute value the title closes with, and not always followed by the
 * same word (`space` of "Space Grey", `kate spade new` of "Kate Spade New York": the name is
 * longer). Each phrase counts the products whose title holds it.
 */
export class TitlePhraseCounter {
  readonly #locales = new Map<string, { phrases: Map<string, CountedPhrase>; words: Map<string, WordUse> }>();

  /** Counts the phrases of one product's title; `attributeWords` are its attribute values' folded words. */
  add(locale: string, title: string, attributeWords: ReadonlySet<string>): void {
    let counts = this.#locales.get(locale);
    if (!counts) {
      counts = { phrases: new Map(), words: new Map() };
      this.#locales.set(locale, counts);
    }
    const words = titleWords(title, attributeWords);
    const lower = title.toLowerCase();
    for (const word of words) {
      const use = counts.words.get(word.folded) ?? { uses: 0, afterCode: 0 };
      use.uses += 1;
      if (word.afterCode) use.afterCode += 1;
      counts.words.set(word.folded, use);
    }
    for (const [key, { text, next }] of phrasesOf(lower, words)) {
      const known = counts.phrases.get(key);
      if (!known) {
        counts.phrases.set(key, { text, count: 1, next });
        continue;
      }
      known.count += 1;
      if (known.next !== next) known.next = null;
    }
  }

  /**
   * Per locale, the phrases at least `minProducts` titles hold, the `limit` most held first,
   * without those starting or ending with a unit or series mark (AFTER_CODE_SHARE), and without
   * those always followed by the same word: of a longest phrase, and of a shorter one whose
   * longer phrase is kept.
   */
  phrases(minProducts: number, limit: number): Record<string, Array<[string, number]>> {
    const kept: Record<string, Array<[string, number]>> = {};
    for (const [locale, counts] of this.#locales) {
      const mark = (folded: string) => {
        const use = counts.words.get(folded);
        return (
          use !== undefined && folded.length <= MARK_LETTERS && use.afterCode >= use.uses * AFTER_CODE_SHARE
        );
      };
      const held = new Map<string, CountedPhrase>();
      for (const [key, phrase] of counts.phrases) {
        if (phrase.count < minProducts) continue;
        const words = key.split(' ');
        if (!mark(words[0]!) && !mark(words[words.length - 1]!)) held.set(key, phrase);
      }
      // Longest first, so a shorter phrase knows whether the longer one it is part of stays.
      const byLength = [...held.keys()].sort((a, b) => b.split(' ').length - a.split(' ').length);
      for (const key of byLength) {
        const { next } = held.get(key)!;
        if (next === null || mark(next)) continue;
        if (key.split(' ').length === PHRASE_WORDS || held.has(`${key} ${next}`)) held.delete(key);
      }
      kept[locale] = [...held.values()]
        .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
        .slice(0, limit)
        .map((phrase) => [phrase.text, phrase.count]);
    }
    return kept;
  }
}

/** The words of a title with their parts, codes and closing attribute values. */
export function titleWords(title: string, attributeWords: ReadonlySet<string>): TitleWord[] {
  const lower = title.toLowerCase();
  const words: TitleWord[] = [];
  let part = 0;
  let chunk: TitleWord[] = [];
  const closeChunk = () => {
    if (chunk.some((word) => word.code)) for (const word of chunk) word.code = true;
    chunk = [];
  };
  let end = 0;
  scanWords(lower, (start, wordEnd) => {
    const gap = lower.slice(end, start);
    end = wordEnd;
    const text = lower.slice(start, wordEnd);
    if (words.length > 0) {
      // Words written together ("jr-5200", "logo-jacquard") share a chunk; a space ends it.
      if (/\s/u.test(gap)) closeChunk();
      if (separatesParts(gap)) {
        closeChunk();
        part += 1;
      }
    }
    const word: TitleWord = {
      folded: fold(text),
      start,
      end: wordEnd,
      part,
      code: /\p{N}/u.test(text),
      afterCode: false,
      variant: false,
    };
    chunk.push(word);
    words.push(word);
  });
  closeChunk();
  for (let at = 1; at < words.length; at++) {
    const before = words[at - 1]!;
    const word = words[at]!;
    // A number opening a title counts what follows ("2 Pack"), it is no model code.
    word.afterCode = !word.code && before.code && before.part === word.part && at > 1;
  }
  for (let at = words.length - 1; at >= 0 && attributeWords.has(words[at]!.folded); at--) {
    words[at]!.variant = true;
  }
  return words;
}

/**
 * Whether what stands between two words separates parts of a title: punctuation but hyphens,
 * apostrophes and ampersands ("Loom & Lark"), or a dash set apart by spaces.
 */
function separatesParts(gap: string): boolean {
  return /[^\s\-‐'’&]/u.test(gap) || (/\s/u.test(gap) && /[-‐]/u.test(gap));
}

/**
 * The phrases of one title's words, once each: folded key to the text as the title writes it,
 * lowercased ("loom & lark", "t-shirt"), its spaces made single, and the word that follows it when
 * a phrase could end with that word (see CountedPhrase.next).
 */
function phrasesOf(
  lower: string,
  words: readonly TitleWord[],
): Map<string, { text: string; next: string | null }> {
  const out = new Map<string, { text: string; next: string | null }>();
  for (let start = 0; start < words.length; start++) {
    const first = words[start]!;
    if (!isPhraseEdge(first)) continue;
    for (let end = start + 1; end <= Math.min(words.length, start + PHRASE_WORDS); end++) {
      const last = words[end - 1]!;
      if (last.part !== first.part) break;
      if (!endsPhrase(first, last)) continue;
      const key = words
        .slice(start, end)
        .map((word) => word.folded)
        .join(' ');
      const after = words[end];
      const next =
        after !== undefined && after.part === first.part && endsPhrase(first, after) ? after.folded : null;
      const known = out.get(key);
      if (!known) out.set(key, { text: lower.slice(first.start, last.end).replace(/\s+/gu, ' '), next });
      else if (known.next !== next) known.next = null;
    }
  }
  return out;
}

/** Whether a phrase starting with `first` may end with `last`. */
function endsPhrase(first: TitleWord, last: TitleWord): boolean {
  return isPhraseEdge(last) && (!last.variant || first.variant);
}

function isPhraseEdge(word: TitleWord): boolean {
  return word.folded.length > 1 && !word.code && !JOINING_WORDS.has(word.folded);
}

/** The folded words of an entity's attribute values (text, lists of text, texts per locale). */
export function attributeWordsOf(attributes: Readonly<Record<string, unknown>> | undefined): Set<string> {
  const words = new Set<string>();
  const add = (value: unknown, depth: number) => {
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      scanWords(lower, (start, end) => {
        words.add(fold(lower.slice(start, end)));
      });
    } else if (depth < 2 && Array.isArray(value)) {
      for (const one of value) add(one, depth + 1);
    } else if (depth < 2 && typeof value === 'object' && value !== null) {
      for (const one of Object.values(value)) add(one, depth + 1);
    }
  };
  for (const value of Object.values(attributes ?? {})) add(value, 0);
  return words;
}
