import type { Suggestion } from '../../contracts/search.js';
import { timeEpoch } from '../../engine/index.js';
import type { QuerySuggester, SearchTarget, SuggestionPlace } from '../answer/answer.js';
import { textIn } from '../localized.js';
import { scheduleEpoch } from '../rules/schedule-epoch.js';
import type { Vocabulary } from '../vocabulary.js';
import { type CatalogSuggestions, forLocaleOrAny } from './catalog-suggestions.js';
import { LearntIndexes } from './learnt.js';
import { releaseSuggestionsOf } from './release-suggestions.js';
import { countSuggestion } from './suggestion-check.js';
import { type FoundSuggestion, foldedWords, SuggestionIndex, type WeightedText } from './suggestion-index.js';

export type { SuggestionPlace } from '../answer/answer.js';

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
/**
 * Times (see timeKey) whose checks are remembered at once: a node's requests move on in time,
 * and previews ask at times of their own.
 */
const REMEMBERED_TIMES = 4;

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

/** The index, release files and planner suggestions are checked against. */
export type SuggestionTarget = Omit<SearchTarget, 'suggester'>;

interface Checked {
  /** Choosing the suggestion finds something or redirects somewhere. */
  found: boolean;
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
 * The suggestions of one live state (an index, its release and planner, its vocabulary and
 * catalog suggestions, and the suggestions learnt from the search log): candidates from each
 * source by what was typed, without what the release never suggests, ranked, and kept only where
 * choosing them finds something: the search each leads to, planned with the release's rules, in
 * the request's channel and locale at its time. Each check is remembered for the life of the state
 * and as long as the time reads the same rules and offers, so the typeahead of many shoppers pays
 * it once.
 */
export class Suggester implements QuerySuggester {
  readonly #catalogByLocale = new Map<string, SuggestionIndex>();
  /** Checks by the time they hold for (timeKey), the latest asked for last. */
  readonly #checks = new Map<string, Map<string, Checked>>();
  /**
   * Candidates passed over so far because their answer had made CHECKS_PER_ANSWER checks already:
   * an answer during which it grew may lack suggestions a later answer offers, so it is not kept.
   */
  deferred = 0;

  constructor(
    readonly target: SuggestionTarget,
    private readonly vocabulary: Vocabulary,
    private readonly catalog: CatalogSuggestions,
    readonly learnt: LearntIndexes = LearntIndexes.EMPTY,
  ) {}

  /** The same catalog and learnt suggestions over an index with other offers; checks are made anew. */
  withIndex(index: SuggestionTarget['index']): Suggester {
    const next = new Suggester({ ...this.target, index }, this.vocabulary, this.catalog, this.learnt);
    for (const [locale, catalogIndex] of this.#catalogByLocale)
      next.#catalogByLocale.set(locale, catalogIndex);
    return next;
  }

  /**
   * The same index, catalog and learnt suggestions read with other release files and their
   * planner (a draft's, for previews); checks are made anew.
   */
  withRelease(files: SuggestionTarget['files'], planner: SuggestionTarget['planner']): Suggester {
    const next = new Suggester(
      { ...this.target, files, planner },
      this.vocabulary,
      this.catalog,
      this.learnt,
    );
    for (const [locale, catalogIndex] of this.#catalogByLocale)
      next.#catalogByLocale.set(locale, catalogIndex);
    return next;
  }

  /** The same index and catalog with other learnt suggestions; the checks made are kept. */
  withLearnt(learnt: LearntIndexes): Suggester {
    const next = new Suggester(this.target, this.vocabulary, this.catalog, learnt);
    for (const [locale, index] of this.#catalogByLocale) next.#catalogByLocale.set(locale, index);
    for (const [time, checks] of this.#checks) next.#checks.set(time, new Map(checks));
    return next;
  }

  suggest(place: SuggestionPlace): Suggestion[] {
    const candidates = this.#candidates(place);
    const checks = this.#checksAt(place.time);
    const texts: Array<Candidate & Checked> = [];
    let budget = CHECKS_PER_ANSWER;
    for (const candidate of candidates) {
      if (texts.length >= TEXT_SUGGESTIONS) break;
      const checkKey = `${place.channel}\u0000${place.locale}\u0000${candidate.key}`;
      let checked = checks.get(checkKey);
      if (!checked) {
        if (budget-- <= 0) {
          this.deferred += 1;
          continue;
        }
        checked = this.#check(candidate.key, place);
        if (checks.size >= REMEMBERED_CHECKS) checks.clear();
        checks.set(checkKey, checked);
      }
      if (checked.found) texts.push({ ...candidate, ...checked });
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
    place: Pick<SuggestionPlace, 'channel' | 'locale'>,
    letters: number,
    limit: number,
  ): Generator<void, string[]> {
    const release = releaseSuggestionsOf(this.target.files, place.locale);
    const sources = this.#sources(place, release.added);
    const weights = new Map<string, number>();
    for (const [index, sourceWeight] of sources) {
      if (!index || index.size === 0) continue;
      const top = Math.log1p(index.topWeight());
      let tallied = 0;
      for (const { text, key, weight } of index.entries()) {
        if (++tallied % STARTS_PER_STEP === 0) yield;
        if (release.refused(key)) continue;
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

  /**
   * The checks that hold at a time: those made at a time that reads the same of the release and
   * the index (timeKey). Checks of the oldest time asked for are forgotten first.
   */
  #checksAt(time: number): Map<string, Checked> {
    const key = timeKey(this.target, time);
    let checks = this.#checks.get(key);
    if (checks) {
      this.#checks.delete(key);
    } else {
      checks = new Map();
      if (this.#checks.size >= REMEMBERED_TIMES) this.#checks.delete(this.#checks.keys().next().value!);
    }
    this.#checks.set(key, checks);
    return checks;
  }

  /** The sources of a place, each with how much it counts: the release's own, learnt, catalog. */
  #sources(
    place: Pick<SuggestionPlace, 'channel' | 'locale'>,
    added: SuggestionIndex | undefined,
  ): Array<[SuggestionIndex | undefined, number]> {
    return [
      [added, SOURCE_WEIGHT.release],
      [this.learnt.of(place.channel, place.locale), SOURCE_WEIGHT.learnt],
      [this.#catalogIndex(place.locale), SOURCE_WEIGHT.catalog],
    ];
  }

  /** Candidates of every source for what was typed, merged by their folded words, best first. */
  #candidates(place: SuggestionPlace): Candidate[] {
    const words = foldedWords(place.typed);
    const complete = /\s$/u.test(place.typed);
    const release = releaseSuggestionsOf(this.target.files, place.locale);
    const sources = this.#sources(place, release.added);
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

  /** Whether choosing a suggestion finds something (or redirects), and where most of what it finds is. */
  #check(key: string, place: SuggestionPlace): Checked {
    const outcome = countSuggestion(this.target, key, place);
    const { total } = outcome;
    const categories = outcome.categories
      .filter((value) => value.count >= total * SCOPE_SHARE)
      .map((value) => ({ ...value, depth: this.#depth(value.id) }))
      .sort((a, b) => b.depth - a.depth || b.count - a.count)
      .slice(0, 4)
      .map((value) => value.id);
    return { found: outcome.redirects || total > 0, categories: total > 0 ? categories : [] };
  }

  #depth(id: string): number {
    let depth = 0;
    for (let at = this.vocabulary.categories.get(id)?.parent; at !== undefined && depth < 64; depth++) {
      at = this.vocabulary.categories.get(at)?.parent;
    }
    return depth;
  }
}

/**
 * What of a time a suggestion's check reads, as one key: how many ends of rules' schedules have
 * passed (which rules are in force) and the index's time epoch (each channel's offers, and the
 * hour, which also moves relative dates in rules' selectors along). Two times with the same key
 * check alike.
 */
function timeKey(target: SuggestionTarget, time: number): string {
  return `${scheduleEpoch(target.files, time)};${timeEpoch(target.index, time)}`;
}
