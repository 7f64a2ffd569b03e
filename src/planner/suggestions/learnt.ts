import { buildSuggestionParts, SuggestionIndex, type SuggestionParts } from './suggestion-index.js';

/** A query shoppers searched, as a suggestion in one channel and locale. */
export interface LearntSuggestion {
  channel: string;
  locale: string;
  text: string;
  /** Page views that typed it, each day's counting for less the older the day (HALF_LIFE_DAYS). */
  weight: number;
}

/** What the roll-up learnt: written as one small artifact that query nodes swap in like an index. */
export interface LearntSuggestions {
  /** When it was learnt (RFC 3339). */
  learntAt: string;
  suggestions: LearntSuggestion[];
}

/** One day's figures of a query, as the roll-up kept them (queries two page views typed that day). */
export interface LearntQueryDay {
  day: string;
  channel: string;
  locale: string;
  /** The query normalized: what the day's figures are kept by. */
  query: string;
  /** The query as shoppers wrote it most often that day. */
  text: string;
  pageViews: number;
  searches: number;
  withoutResults: number;
}

/** The settings key naming the blob of the suggestions the roll-up learnt last. */
export const LEARNT_SUGGESTIONS_KEY = 'suggestions.learnt';

/** A day's page views count half as much this many days later. */
export const HALF_LIFE_DAYS = 14;
/** Days of the roll-up read back: older days weigh less than a sixty-fourth. */
export const LEARNT_DAYS = 6 * HALF_LIFE_DAYS;
/** Suggestions kept per channel and locale, the heaviest first. */
export const LEARNT_PER_PLACE = 50_000;

const FORMAT = 1;
const DAY_MS = 86_400_000;

/**
 * Weighs the days of each query: the page views that typed it on each day, halved every
 * HALF_LIFE_DAYS before `today`, summed per channel, locale and query. Only days on which the
 * query found something count (most of its searches had results): a query that finds nothing is
 * no suggestion. The roll-up already left out test, bench and bot traffic and the queries fewer
 * than two page views typed on a day.
 */
export function weighLearnt(days: Iterable<LearntQueryDay>, today: string): LearntSuggestion[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const byQuery = new Map<string, LearntSuggestion & { heaviestDay: number }>();
  for (const row of days) {
    if (row.withoutResults * 2 >= row.searches) continue;
    const age = Math.max(0, (todayMs - Date.parse(`${row.day}T00:00:00Z`)) / DAY_MS);
    const weight = row.pageViews * 0.5 ** (age / HALF_LIFE_DAYS);
    const key = `${row.channel}\u0000${row.locale}\u0000${row.query}`;
    const known = byQuery.get(key);
    if (known) {
      known.weight += weight;
      // Written as shoppers wrote it on its heaviest day.
      if (weight > known.heaviestDay) {
        known.heaviestDay = weight;
        known.text = row.text;
      }
    } else {
      byQuery.set(key, {
        channel: row.channel,
        locale: row.locale,
        text: row.text,
        weight,
        heaviestDay: weight,
      });
    }
  }
  const perPlace = new Map<string, LearntSuggestion[]>();
  for (const { heaviestDay: _, ...suggestion } of byQuery.values()) {
    const place = `${suggestion.channel}\u0000${suggestion.locale}`;
    let list = perPlace.get(place);
    if (!list) {
      list = [];
      perPlace.set(place, list);
    }
    list.push(suggestion);
  }
  return [...perPlace.values()].flatMap((list) =>
    list.sort((a, b) => b.weight - a.weight || (a.text < b.text ? -1 : 1)).slice(0, LEARNT_PER_PLACE),
  );
}

export function encodeLearnt(learnt: LearntSuggestions): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ format: FORMAT, ...learnt }));
}

/** Decodes what encodeLearnt wrote; throws on another format, so a node keeps what it had. */
export function decodeLearnt(bytes: Uint8Array): LearntSuggestions {
  const decoded = JSON.parse(new TextDecoder().decode(bytes)) as LearntSuggestions & { format: number };
  if (decoded.format !== FORMAT)
    throw new Error(`learnt suggestions of format ${decoded.format}, not ${FORMAT}`);
  return { learntAt: decoded.learntAt, suggestions: decoded.suggestions };
}

/** Learnt suggestions as indexes are made of, per channel and locale: what a worker thread prepares. */
export interface PreparedLearnt {
  learntAt: string;
  places: Array<[string, SuggestionParts]>;
}

/** Groups learnt suggestions per channel and locale and builds each place's index parts. */
export function prepareLearnt(learnt: LearntSuggestions): PreparedLearnt {
  const grouped = new Map<string, LearntSuggestion[]>();
  for (const suggestion of learnt.suggestions) {
    const place = placeKey(suggestion.channel, suggestion.locale);
    let list = grouped.get(place);
    if (!list) {
      list = [];
      grouped.set(place, list);
    }
    list.push(suggestion);
  }
  return {
    learntAt: learnt.learntAt,
    places: [...grouped].map(([place, list]) => [place, buildSuggestionParts(list)]),
  };
}

/** Learnt suggestions indexed per channel and locale, as a query node looks them up. */
export class LearntIndexes {
  static readonly EMPTY = new LearntIndexes({ learntAt: '', places: [] });
  readonly learntAt: string;
  readonly #byPlace = new Map<string, SuggestionIndex>();

  /** Indexes learnt suggestions here and now (prepareLearnt does the work on another thread). */
  static of(learnt: LearntSuggestions): LearntIndexes {
    return new LearntIndexes(prepareLearnt(learnt));
  }

  constructor(prepared: PreparedLearnt) {
    this.learntAt = prepared.learntAt;
    for (const [place, parts] of prepared.places) this.#byPlace.set(place, new SuggestionIndex(parts));
  }

  of(channel: string, locale: string): SuggestionIndex | undefined {
    return this.#byPlace.get(placeKey(channel, locale));
  }
}

function placeKey(channel: string, locale: string): string {
  return `${channel}\u0000${locale.toLowerCase()}`;
}
