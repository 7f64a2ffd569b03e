import type { SynonymsFile } from '../../contracts/release-files/index.js';
import { isStemmable, stemmerFor } from '../../engine/analysis/stem.js';
import type { Synonyms } from '../../engine/index.js';
import { wordsFor } from '../../lib/words.js';
import { textIn } from '../localized.js';
import { normalizeQuery } from '../normalize.js';
import type { Scalar } from '../selector.js';
import { compileLocaleSynonyms } from '../synonyms.js';
import type { Vocabulary } from '../vocabulary.js';
import { dimensionOf, findQuantities, parseNumber, startsWithDigit } from './quantities.js';

/** What words named in the vocabulary: a field and a value, and how the words said it. */
export interface Meaning {
  field: string;
  /** A category id, a brand or option value, a group code, `true`, a number, or a comparison. */
  value: Scalar | Readonly<Record<string, unknown>>;
  label: string;
  via: 'title' | 'path' | 'name' | 'id' | 'alias' | 'label' | 'value' | 'group' | 'quantity' | 'rule';
  /** A category that exists only in some channels. */
  channels?: readonly string[];
  /** A quantity typed in the attribute's own unit. */
  sameUnit?: boolean;
  /** How a shopper dismisses it; without a value every detection of the field. */
  dismissValue?: Scalar;
}

/** An option value that is itself a quantity ("128 GB"): a query's "128gb" names it. */
export interface OptionQuantity {
  field: string;
  value: string;
  label: string;
  amount: number;
  unit: string;
}

export interface QuantityAttribute {
  code: string;
  unit: string;
  label: string;
}

/**
 * The vocabulary's phrases in one locale, ready for lookups: by their words as folded, by the
 * stems of the locale's language, and the locale's synonyms to reach a phrase from another word.
 * Built once per locale a release is searched in.
 */
export interface PhraseIndex {
  exact: ReadonlyMap<string, readonly Meaning[]>;
  stems: ReadonlyMap<string, readonly Meaning[]>;
  /** The most words a phrase or a synonym input has. */
  longest: number;
  stem(word: string): string;
  synonyms: Synonyms;
  optionQuantities: ReadonlyMap<string, readonly OptionQuantity[]>;
  quantityAttributes: ReadonlyMap<string, readonly QuantityAttribute[]>;
  /** Fields by the words of their names ("screen size", "price"), keyed as phrases are. */
  fieldNames: ReadonlyMap<string, string>;
}

const NUMBER_WITH_LETTERS = /^(\d+(?:[.,]\d+)?)([a-z]+)$/;

/** A phrase of normalized words as spans are keyed: each word in canonical form. */
export function phraseKey(phrase: string): string {
  return phrase.split(' ').map(canonicalWord).join(' ');
}

/**
 * A word as phrases are keyed: a number glued to its unit splits ("128gb" reads "128 gb") and
 * numbers read alike whatever their decimal mark ("1,5" reads "1.5").
 */
export function canonicalWord(word: string): string {
  if (!startsWithDigit(word)) return word;
  const number = parseNumber(word);
  if (number !== undefined) return String(number);
  const glued = NUMBER_WITH_LETTERS.exec(word);
  if (!glued) return word;
  return `${canonicalWord(glued[1]!)} ${glued[2]}`;
}

export function buildPhraseIndex(
  vocabulary: Vocabulary,
  locale: string,
  synonyms: SynonymsFile,
): PhraseIndex {
  const stemmer = stemmerFor(locale);
  const stem = (word: string) => (stemmer !== undefined && isStemmable(word) ? stemmer(word) : word);
  const exact = new Map<string, Meaning[]>();
  const stems = new Map<string, Meaning[]>();
  let longest = 1;
  const add = (phrase: string | undefined, meaning: Meaning) => {
    if (phrase === undefined) return;
    const words = normalizeQuery(phrase).words.map(canonicalWord).join(' ').split(' ');
    if (words[0] === '') return;
    longest = Math.max(longest, words.length);
    addMeaning(exact, words.join(' '), meaning);
    addMeaning(stems, words.map(stem).join(' '), meaning);
  };

  for (const category of vocabulary.categories.values()) {
    const label = textIn(category.title, locale) ?? category.id;
    const meaning = (via: Meaning['via']): Meaning => ({
      field: 'category',
      value: category.id,
      label,
      via,
      dismissValue: category.id,
      ...(category.channels !== undefined ? { channels: category.channels } : {}),
    });
    add(textIn(category.title, locale), meaning('title'));
    add(lastSegment(textIn(category.path, locale)), meaning('path'));
  }
  for (const brand of vocabulary.brands.values()) {
    const meaning = (via: Meaning['via']): Meaning => ({
      field: 'brand',
      value: brand.value,
      label: brand.name,
      via,
      dismissValue: brand.value,
    });
    add(brand.name, meaning('name'));
    add(brand.id, meaning('id'));
    for (const alias of brand.aliases) add(alias, meaning('alias'));
  }
  const fieldNames = new Map<string, string>();
  const name = (label: string, field: string) => {
    const key = normalizeQuery(label).words.map(canonicalWord).join(' ');
    if (key !== '' && !fieldNames.has(key)) fieldNames.set(key, field);
  };
  for (const [field, label] of Object.entries(wordsFor(locale).fields)) name(label, field);
  const optionQuantities = new Map<string, OptionQuantity[]>();
  const quantityAttributes = new Map<string, QuantityAttribute[]>();
  for (const attribute of vocabulary.attributes.values()) {
    const field = attribute.code;
    const attributeLabel = textIn(attribute.label, locale) ?? field;
    name(attributeLabel, field);
    if (attribute.type === 'boolean') {
      if (attribute.labelNamesKind !== true)
        add(attributeLabel, { field, value: true, label: attributeLabel, via: 'label', dismissValue: true });
    } else if (attribute.type === 'quantity' && attribute.unit !== undefined) {
      const dimension = dimensionOf(attribute.unit);
      if (dimension !== undefined) {
        push(quantityAttributes, dimension, { code: field, unit: attribute.unit, label: attributeLabel });
      }
    }
    for (const option of attribute.options) {
      const label = textIn(option.label, locale) ?? option.value;
      const meaning = (via: Meaning['via']): Meaning => ({
        field,
        value: option.value,
        label,
        via,
        dismissValue: option.value,
      });
      // A value whose words name a kind of product (see KIND_NAME_SHARE) is named by its aliases alone.
      if (option.namesKind !== true) {
        add(option.value, meaning('value'));
        add(label, meaning('label'));
      }
      for (const alias of option.aliases) add(alias, meaning('alias'));
      const quantity = wholeQuantity(option.value);
      if (quantity !== undefined) {
        push(optionQuantities, quantity.dimension, { field, value: option.value, label, ...quantity });
      }
    }
    for (const group of attribute.groups) {
      const label = textIn(group.label, locale) ?? group.code;
      add(label, { field, value: group.code, label, via: 'group', dismissValue: group.code });
    }
  }
  const compiled = compileLocaleSynonyms(synonyms, locale);
  return {
    exact,
    stems,
    longest: Math.max(longest, compiled.longestInput),
    stem,
    synonyms: compiled,
    optionQuantities,
    quantityAttributes,
    fieldNames,
  };
}

/** One meaning per field and value under a key: the first way of saying it is kept. */
function addMeaning(map: Map<string, Meaning[]>, key: string, meaning: Meaning): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [meaning]);
  else if (!list.some((one) => one.field === meaning.field && one.value === meaning.value))
    list.push(meaning);
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** A category path's own segment reads as words: `/c/home/office-chairs` is "office chairs". */
function lastSegment(path: string | undefined): string | undefined {
  const segment = path
    ?.split('/')
    .filter((part) => part !== '')
    .pop();
  return segment?.replace(/[-_]+/g, ' ');
}

/** An option value that is a number and a unit and nothing else ("128 GB", "1.5 l"). */
function wholeQuantity(value: string): { amount: number; unit: string; dimension: string } | undefined {
  const words = normalizeQuery(value).words;
  const [match] = findQuantities(words, '');
  if (match === undefined || match.count !== words.length || match.operator !== 'eq') return undefined;
  const dimension = match.unit !== undefined ? dimensionOf(match.unit) : undefined;
  if (dimension === undefined || match.unit === undefined) return undefined;
  return { amount: match.values[0]!, unit: match.unit, dimension };
}
