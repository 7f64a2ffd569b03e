import type { Suggestion } from '../../contracts/search.js';
import { type EngineIndex, executeSearch, type FacetSpec } from '../../engine/index.js';
import { textIn } from '../localized.js';
import { synonymsOf } from '../synonyms.js';
import type { Vocabulary } from '../vocabulary.js';
import { type CatalogSuggestions, forLocaleOrAny } from './catalog-suggestions.js';
import { LearntIndexes } from './learnt.js';
import { releaseSuggestionsOf } from './release-suggestions.js';
import { type FoundSuggestion, foldedWords, SuggestionIndex, type WeightedText } from './suggestion-index.js';

/** Text suggestions an answer offers at most. */
export const TEXT_SUGGESTIONS = 8;
/** Scoped suggestions at most, one for each of the first text suggestions whose results concentrate. */
export const SCOPED_SUGGESTIONS = 3;
/** A category holding this share of a suggestion's results makes a scoped suggestion. */
export const SCOPE_SHARE = 0.3;
/** Candidates each source offers before they are checked. */
const CANDIDATES = 24;
/** Suggestions not checked before that one answer may check; the rest wait for later answers. */
const CHECKS_PER_ANSWER = 12;
/** Checks remembered per live state; past this, they are forgotten and made again. */
const REMEMBERED_CHECKS = 200_000;

/** Suggestions typedStarts tallies between two of its steps. */
const STARTS_PER_STEP = 2_000;

/** How much each source counts: the release's own first, then what shoppers searched, then the catalog. */
const SOURCE_WEIGHT = { release: 3, learnt: 1.5, catalog: 1 } as const;
/** A suggestion met from a later word (`ear` in `wireless earbuds`) counts for this much. */
const LATER_WORD = 0.6;
/** A suggestion met through a typo in the last word counts for this much. */
const TYPO = 0.5;
/** Category titles and brand names count this much more than title phrases of as many products. */
const NAME_WEIGHT = 2;

/** Where a request asks: its channel, locale (as planned) and time. */
export interface SuggestionPlace {
  typed: string;
  channel: string;
  locale: string;
  /** The request's time, ms. */
  time: number;
  files: Record<string, unknown>;
}

interface Checked {
  total: number;
  /**
   * Categories holding SCOPE_SHARE of the results or more (an ancestor counts what is below it),
   * the deepest first: where a scoped suggestion would send the shopper.
   */
  categories: string[];
}

interface Candidate {
  text: string;
  key: string;
  score: number;
}

/**
 * The suggestions of one live state (an index, its vocabulary and catalog suggestions, and the
 * suggestions learnt from the search log): candidates from each source by what was typed,
 * without what the release never suggests, ranked, and kept only where their search finds
 * something in the channel. Each check is remembered for the life of the state, so the typeahead
 * of many shoppers pays it once.
 */
export class Suggester {
  readonly #catalogByLocale = new Map<string, SuggestionIndex>();
  readonly #checks = new Map<string, Checked>();
  /**
   * Candidates passed over so far because their answer had made CHECKS_PER_ANSWER checks already:
   * an answer during which it grew may lack suggestions a later answer offers, so it is not kept.
   */
  deferred = 0;

  constructor(
    private readonly index: EngineIndex,
    private readonly vocabulary: Vocabulary,
    private readonly catalog: CatalogSuggestions,
    readonly learnt: LearntIndexes = LearntIndexes.EMPTY,
  ) {}

  /** The same catalog and learnt suggestions over an index with other offers; checks are made anew. */
  withIndex(index: EngineIndex): Suggester {
    const next = new Suggester(index, this.vocabulary, this.catalog, this.learnt);
    for (const [locale, catalogIndex] of this.#catalogByLocale)
      next.#catalogByLocale.set(locale, catalogIndex);
    return next;
  }

  /** The same index and catalog with other learnt suggestions; the checks made are kept. */
  withLearnt(learnt: LearntIndexes): Suggester {
    const next = new Suggester(this.index, this.vocabulary, this.catalog, learnt);
    for (const [locale, index] of this.#catalogByLocale) next.#catalogByLocale.set(locale, index);
    for (const [key, checked] of this.#checks) next.#checks.set(key, checked);
    return next;
  }

  suggest(place: SuggestionPlace): Suggestion[] {
    const candidates = this.#candidates(place);
    const texts: Array<Candidate & Checked> = [];
    let checks = CHECKS_PER_ANSWER;
    for (const candidate of candidates) {
      if (texts.length >= TEXT_SUGGESTIONS) break;
      const checkKey = `${place.channel}\u0000${place.locale}\u0000${candidate.key}`;
      let checked = this.#checks.get(checkKey);
      if (!checked) {
        if (checks-- <= 0) {
          this.deferred += 1;
          continue;
        }
        checked = this.#check(candidate.key, place);
        if (this.#checks.size >= REMEMBERED_CHECKS) this.#checks.clear();
        this.#checks.set(checkKey, checked);
      }
      if (checked.total > 0) texts.push({ ...candidate, ...checked });
    }
    const scoped: Suggestion[] = [];
    for (const text of texts) {
      if (scoped.length >= SCOPED_SUGGESTIONS) break;
      for (const id of text.categories) {
        const title = textIn(this.vocabulary.categories.get(id)?.title, place.locale);
        // "headphones in Headphones" says nothing the text suggestion does not: one level up says more.
        if (title === undefined || foldedWords(title).join(' ') === text.key) continue;
        scoped.push({ text: text.text, scope: { category: id, title } });
        break;
      }
    }
    return [...texts.map((text) => ({ text: text.text })), ...scoped];
  }

  /**
   * What shoppers begin to type in a place: the first 1 to `letters` letters of every suggestion
   * of every source, lower-cased as typed and folded as searched, at most `limit`, the shortest
   * first and among as long ones those of the heaviest suggestions first (a source's weights
   * relative to its heaviest, as candidates are ranked). Tens of thousands of suggestions take
   * tens of milliseconds: the tally yields every STARTS_PER_STEP of them, so a caller on the event
   * loop answers requests between steps; the texts are its return value.
   */
  *typedStarts(
    place: Omit<SuggestionPlace, 'typed' | 'time'>,
    letters: number,
    limit: number,
  ): Generator<void, string[]> {
    const release = releaseSuggestionsOf(place.files, place.locale);
    const sources: Array<[SuggestionIndex | undefined, number]> = [
      [release.added, SOURCE_WEIGHT.release],
      [this.learnt.of(place.channel, place.locale), SOURCE_WEIGHT.learnt],
      [this.#catalogIndex(place.locale), SOURCE_WEIGHT.catalog],
    ];
    const weights = new Map<string, number>();
    for (const [index, sourceWeight] of sources) {
      if (!index || index.size === 0) continue;
      const top = Math.log1p(index.topWeight());
      let tallied = 0;
      for (const { text, key, weight } of index.entries()) {
        if (++tallied % STARTS_PER_STEP === 0) yield;
        const score = (sourceWeight * Math.log1p(weight)) / top;
        const lower = [...text.slice(0, 2 * letters).toLocaleLowerCase(place.locale)];
        const folded = [...key.slice(0, 2 * letters)];
        for (let length = 1; length <= letters; length++) {
          for (const start of [lower.slice(0, length).join(''), folded.slice(0, length).join('')]) {
            if (start.trim().length < length) continue;
            weights.set(start, (weights.get(start) ?? 0) + score);
          }
        }
      }
    }
    return [...weights]
      .sort(([a, left], [b, right]) => [...a].length - [...b].length || right - left || (a < b ? -1 : 1))
      .slice(0, limit)
      .map(([start]) => start);
  }

  /** Candidates of every source for what was typed, merged by their folded words, best first. */
  #candidates(place: SuggestionPlace): Candidate[] {
    const words = foldedWords(place.typed);
    const complete = /\s$/u.test(place.typed);
    const release = releaseSuggestionsOf(place.files, place.locale);
    const sources: Array<[SuggestionIndex | undefined, number]> = [
      [release.added, SOURCE_WEIGHT.release],
      [this.learnt.of(place.channel, place.locale), SOURCE_WEIGHT.learnt],
      [this.#catalogIndex(place.locale), SOURCE_WEIGHT.catalog],
    ];
    const merged = new Map<string, Candidate>();
    const add = (found: FoundSuggestion, index: SuggestionIndex, sourceWeight: number) => {
      if (release.refused(found.key)) return;
      const top = index.topWeight();
      let score = sourceWeight * (Math.log1p(found.weight) / Math.log1p(top));
      if (!found.fromStart) score *= LATER_WORD;
      if (found.typo) score *= TYPO;
      const known = merged.get(found.key);
      if (known) known.score += score;
      else merged.set(found.key, { text: found.text, key: found.key, score });
    };
    const typed = words.join(' ');
    for (const [index, weight] of sources) {
      if (!index || index.size === 0) continue;
      if (complete && typed !== '') {
        const exact = index.exact(typed);
        if (exact) add(exact, index, weight);
        for (const found of index.lookup(`${typed} `, CANDIDATES)) add(found, index, weight);
      } else {
        for (const found of index.lookup(typed, CANDIDATES)) add(found, index, weight);
      }
    }
    const last = words[words.length - 1];
    if (!complete && last !== undefined && merged.size < TEXT_SUGGESTIONS) {
      const before = words.slice(0, -1).join(' ');
      for (const [index, weight] of sources) {
        if (!index || index.size === 0) continue;
        for (const found of index.lookupTypos(before, last, CANDIDATES)) add(found, index, weight);
      }
    }
    return [...merged.values()].sort(
      (a, b) => b.score - a.score || a.key.length - b.key.length || (a.key < b.key ? -1 : 1),
    );
  }

  /** The catalog's suggestions in a locale: category titles, brand names and title phrases. */
  #catalogIndex(locale: string): SuggestionIndex {
    const wanted = locale.toLowerCase();
    let index = this.#catalogByLocale.get(wanted);
    if (index) return index;
    const texts: WeightedText[] = [];
    for (const [text, count] of forLocaleOrAny(this.catalog.phrases, locale) ?? []) {
      texts.push({ text, weight: count });
    }
    const products = this.#productsPerCategory();
    for (const category of this.vocabulary.categories.values()) {
      const title = textIn(category.title, locale);
      const count = products.get(category.id) ?? 0;
      if (title !== undefined && count > 0) texts.push({ text: title, weight: count * NAME_WEIGHT });
    }
    for (const brand of this.vocabulary.brands.values()) {
      const count = this.catalog.brands[brand.value] ?? 0;
      if (count > 0) texts.push({ text: brand.name, weight: count * NAME_WEIGHT });
    }
    index = SuggestionIndex.of(texts);
    this.#catalogByLocale.set(wanted, index);
    return index;
  }

  /** Products in each category or below it. */
  #productsPerCategory(): Map<string, number> {
    const products = new Map<string, number>();
    for (const [id, count] of Object.entries(this.catalog.categories)) {
      const seen = new Set<string>();
      for (let at: string | undefined = id; at !== undefined && !seen.has(at); ) {
        seen.add(at);
        products.set(at, (products.get(at) ?? 0) + count);
        at = this.vocabulary.categories.get(at)?.parent;
      }
    }
    return products;
  }

  /** Whether a suggestion's search finds something in the channel, and where most of it is. */
  #check(key: string, place: SuggestionPlace): Checked {
    const result = executeSearch(this.index, {
      text: key,
      page: 1,
      perPage: 1,
      countOnly: true,
      channel: place.channel,
      locale: place.locale,
      time: place.time,
      synonyms: synonymsOf(place.files, place.locale),
      facets: [CATEGORY_FACET],
    });
    const listed = result.sections.find((section) => section.facets !== undefined) ?? result.sections[0];
    const total = listed?.total ?? 0;
    const values = listed?.facets?.find((facet) => facet.field === 'category')?.values ?? [];
    const categories = values
      .filter((value) => typeof value.value === 'string' && value.count >= total * SCOPE_SHARE)
      .map((value) => ({
        id: value.value as string,
        count: value.count,
        depth: this.#depth(value.value as string),
      }))
      .sort((a, b) => b.depth - a.depth || b.count - a.count)
      .slice(0, 4)
      .map((value) => value.id);
    return { total, categories: total > 0 ? categories : [] };
  }

  #depth(id: string): number {
    let depth = 0;
    for (let at = this.vocabulary.categories.get(id)?.parent; at !== undefined && depth < 64; depth++) {
      at = this.vocabulary.categories.get(at)?.parent;
    }
    return depth;
  }
}

/** The category facet a check counts: every category with results, its ancestors too. */
const CATEGORY_FACET: FacetSpec = { field: 'category', kind: 'list', label: 'category' };
