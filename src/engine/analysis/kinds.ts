import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { analyzeWords } from './analyze.js';
import { languageOf } from './locale.js';
import { isStemmable, type Stemmer, stemmerFor } from './stem.js';

/**
 * What a product is, from the catalog's own evidence rather than a list of nouns. In the languages
 * below a noun phrase ends in its head: "mouse pad" is a pad, "monitor arm" an arm, "Mauspad" ein
 * Pad. A product others are made for, written just before the noun of such an add-on, names what
 * the add-on goes with, not what it is: a shopper who types "mouse" looks for a mouse. Which nouns
 * name add-ons, and which name products others are made for, the catalog says itself, in two ways
 * that hold in any shop:
 *
 * - its texts write "made for": "Replacement lamp for VPL-FX51 projectors", "Hülle für iPhone".
 *   A noun several products write before "for" names an add-on, a part or a supply; a word a
 *   product writes just after it names a product others are made for;
 * - its category names put an add-on's noun after the name of another kind of product the catalog
 *   has: "Monitor Arms" beside "Monitors", "Laptop Bags & Cases" beside "Laptops". Every head of a
 *   category's name names a product;
 * - its attributes named for "made for" ("Suitable for", "Component for") hold, in a product's
 *   values, the products it goes with: "Monitor" of a monitor arm.
 *
 * So "bluetooth" in "Bluetooth headset" stays the product's own word even where headsets are
 * written "for" something: nothing is made for a bluetooth.
 *
 * Per language, the closed-class words this reads: the preposition of "made for", and the
 * conjunction that joins two names in a category's name ("Bags and Cases"). Languages whose noun
 * phrases start with their head (French "housse pour ordinateur") are not read.
 */
const GRAMMAR: Readonly<Record<string, { for: readonly string[]; and: readonly string[] }>> = {
  en: { for: ['for'], and: ['and'] },
  de: { for: ['für'], and: ['und'] },
};

/**
 * How far after a word a noun of an add-on still makes it a modifier ("mouse wrist pad"), and how
 * far after "for" a word still names what a product is made for ("for laser printers").
 */
export const MODIFIER_REACH = 2;

/**
 * A word is the noun of an add-on when this many products write it before "for"... One product
 * saying so is an accident of its wording; two agreeing are the catalog's usage.
 */
export const KIND_MIN_PRODUCTS = 2;
/**
 * ... and they are at least this share of the products whose titles or descriptions hold it.
 * Colours and other words of a product's own description meet "for" now and then ("Black for
 * HP LaserJet") among the thousands of products they describe; a noun of an add-on does in a
 * share of its own products many times larger: one in two hundred keeps the first out and lets
 * the second in.
 */
export const KIND_MIN_SHARE = 0.005;

/** Characters that separate the names joined in a category's name: "Bags & Cases", "TV/Video". */
const NAME_SEPARATORS = /[&,/+;|]/;

/** A category's name read for kinds. */
export interface CategoryKinds {
  /** The heads of its name ("bags cases" of "Laptop Bags & Cases"): what its products are. */
  heads: string;
  /**
   * Stems of its name's other words that are themselves the head of another category ("laptop"):
   * in its products' titles they name what the product goes with.
   */
  modifiers: ReadonlySet<string>;
}

/** The kinds a catalog shows, for the type builders to tell a product's own noun from modifiers. */
export interface KindEvidence {
  /** The word of "made for" in each language read, folded: the words after it name what a product goes with. */
  forWords: ReadonlySet<string>;
  /** Per category id, its name read for kinds. */
  categories: ReadonlyMap<string, CategoryKinds>;
  /** Whether a folded word names an add-on: its stem in a language read is one of the catalog's. */
  isAddOn(word: string): boolean;
  /** Whether a folded word names a product others are made for. */
  isTarget(word: string): boolean;
  /** Whether an attribute, by its code, names what a product is made for: its name ends in "for". */
  namesMadeFor(code: string): boolean;
  /** The stems of a folded word in the languages read. */
  stemsOf(word: string): string[];
}

/**
 * Reads the catalog for kinds (see above) in the stemmed `languages` whose grammar is known;
 * undefined when there is none. Reads the products' titles and descriptions twice: once for the
 * words written around "for", once to count the products that hold those written before it.
 */
export function kindEvidence(
  entities: readonly CatalogEntity[],
  languages: readonly string[],
): KindEvidence | undefined {
  const read = [...new Set(languages.map(languageOf))].filter((language) => GRAMMAR[language]);
  const stemmers = read.map((language) => stemmerFor(language)).filter((s): s is Stemmer => s !== undefined);
  if (read.length === 0 || stemmers.length === 0) return undefined;
  const forWords = new Set(read.flatMap((language) => GRAMMAR[language]!.for.map((word) => foldWord(word))));
  const andWords = new Set(read.flatMap((language) => GRAMMAR[language]!.and.map((word) => foldWord(word))));
  const stemsOf = (word: string): string[] => (isStemmable(word) ? stemmers.map((stem) => stem(word)) : []);

  const names = new Map<string, { heads: string[]; others: string[] }>();
  const before = new Map<string, number>();
  const targets = new Set<string>();
  const onTarget = (word: string) => addStems(targets, stemsOf(word));
  const namesMadeFor = madeForAttributes(forWords);
  for (const entity of entities) {
    if (entity.type === 'category') names.set(entity.id, readName(entity.title, andWords));
    else if (entity.type !== 'brand') {
      readFor(entity, forWords, before, onTarget);
      for (const word of madeForWords(entity, namesMadeFor)) onTarget(word);
    }
  }
  const holding = countHolding(entities, before);

  const addOns = new Set<string>();
  const byStem = new Map<string, { before: number; holding: number }>();
  for (const [word, count] of before) {
    for (const stem of stemsOf(word)) {
      const sum = byStem.get(stem) ?? { before: 0, holding: 0 };
      sum.before += count;
      sum.holding += holding.get(word) ?? 0;
      byStem.set(stem, sum);
    }
  }
  for (const [stem, { before: count, holding: held }] of byStem)
    if (count >= KIND_MIN_PRODUCTS && count >= KIND_MIN_SHARE * held) addOns.add(stem);

  const headStems = new Set<string>();
  for (const { heads } of names.values()) for (const head of heads) addStems(headStems, stemsOf(head));
  addStems(targets, headStems);
  const categories = new Map<string, CategoryKinds>();
  for (const [id, { heads, others }] of names) {
    const modifiers = new Set(others.flatMap(stemsOf).filter((stem) => headStems.has(stem)));
    // "Monitor Arms" beside "Monitors": an arm is made for a monitor, so "arm" names an add-on anywhere.
    if (modifiers.size > 0) for (const head of heads) addStems(addOns, stemsOf(head));
    categories.set(id, { heads: heads.join(' '), modifiers });
  }
  return {
    forWords,
    categories,
    isAddOn: (word) => stemsOf(word).some((stem) => addOns.has(stem)),
    isTarget: (word) => stemsOf(word).some((stem) => targets.has(stem)),
    namesMadeFor,
    stemsOf,
  };
}

/** Whether an attribute code's last word is a word of "made for" (`suitable_for`), remembered per code. */
function madeForAttributes(forWords: ReadonlySet<string>): (code: string) => boolean {
  const known = new Map<string, boolean>();
  return (code) => {
    let madeFor = known.get(code);
    if (madeFor === undefined) {
      const words = code.toLowerCase().split(NOT_LETTERS);
      madeFor = forWords.has(words.filter((word) => word !== '').at(-1) ?? '');
      known.set(code, madeFor);
    }
    return madeFor;
  };
}
const NOT_LETTERS = /[^\p{L}]+/u;

/** The folded words of an entity's values of attributes named for "made for" (see KindEvidence.namesMadeFor). */
export function madeForWords(entity: CatalogEntity, namesMadeFor: (code: string) => boolean): string[] {
  const words: string[] = [];
  for (const code in entity.attributes) {
    if (!namesMadeFor(code)) continue;
    const value = entity.attributes[code];
    for (const text of Array.isArray(value) ? value : [value])
      if (typeof text === 'string')
        for (const word of analyzeWords(text).words) if (isStemmable(word)) words.push(word);
  }
  return words;
}

function addStems(to: Set<string>, stems: Iterable<string>): void {
  for (const stem of stems) to.add(stem);
}

function foldWord(word: string): string {
  return analyzeWords(word).words.join('');
}

/** A category's name: the last word of each name it joins is a head, the words before them are not. */
function readName(
  title: CatalogEntity['title'],
  andWords: ReadonlySet<string>,
): { heads: string[]; others: string[] } {
  const heads: string[] = [];
  const others: string[] = [];
  const texts = title === undefined ? [] : typeof title === 'string' ? [title] : Object.values(title);
  for (const text of texts) {
    for (const part of text.split(NAME_SEPARATORS)) {
      let name: string[] = [];
      const close = () => {
        const head = name.pop();
        if (head !== undefined && !heads.includes(head)) heads.push(head);
        for (const word of name) if (!others.includes(word)) others.push(word);
        name = [];
      };
      for (const word of analyzeWords(part).words) {
        if (andWords.has(word)) close();
        else if (isStemmable(word)) name.push(word);
      }
      close();
    }
  }
  return { heads, others: others.filter((word) => !heads.includes(word)) };
}

/**
 * Reads an entity's "made for": counts, per folded word, the products that write it just before a
 * word of "made for", and hands `onTarget` each word written up to MODIFIER_REACH after one.
 */
function readFor(
  entity: CatalogEntity,
  forWords: ReadonlySet<string>,
  before: Map<string, number>,
  onTarget: (word: string) => void,
): void {
  const seen = new Set<string>();
  for (const text of textsOf(entity)) {
    const { words } = analyzeWords(text);
    for (let i = 0; i < words.length; i++) {
      if (!forWords.has(words[i]!)) continue;
      const word = words[i - 1];
      if (word !== undefined && isStemmable(word)) seen.add(word);
      for (let after = i + 1; after <= i + MODIFIER_REACH && after < words.length; after++)
        if (isStemmable(words[after]!)) onTarget(words[after]!);
    }
  }
  for (const word of seen) before.set(word, (before.get(word) ?? 0) + 1);
}

/** Per word of `before`, the products whose titles or descriptions hold it. */
function countHolding(
  entities: readonly CatalogEntity[],
  before: ReadonlyMap<string, number>,
): Map<string, number> {
  const holding = new Map<string, number>();
  if (before.size === 0) return holding;
  const seen = new Set<string>();
  for (const entity of entities) {
    if (entity.type === 'category' || entity.type === 'brand') continue;
    seen.clear();
    for (const text of textsOf(entity))
      for (const word of analyzeWords(text).words) if (before.has(word)) seen.add(word);
    for (const word of seen) holding.set(word, (holding.get(word) ?? 0) + 1);
  }
  return holding;
}

function textsOf(entity: CatalogEntity): string[] {
  const texts: string[] = [];
  for (const text of [entity.title, entity.description]) {
    if (typeof text === 'string') texts.push(text);
    else if (text !== undefined) texts.push(...Object.values(text));
  }
  return texts;
}
