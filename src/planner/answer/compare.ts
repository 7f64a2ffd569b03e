import type { CompareReason, PreviewCompareAnswer } from '../../contracts/previews.js';
import type { HitTrace, TraceEntry } from '../../contracts/trace.js';
import { AppError } from '../../lib/errors.js';

type Hit = HitTrace;
type WordPart = NonNullable<Hit['parts']>['words'][number];

/**
 * Differences smaller than this share of the larger value are no reason, unless the two differ
 * by nothing larger: then the small differences are what decided.
 */
const NOTICEABLE = 0.005;
/** Scores this close are equal (one computation gives both), so catalog order decides. */
const EQUAL = 1e-12;

/**
 * Why one hit sits above another in a trace's `rank` step, in parts a merchandiser reads: a pin
 * (paid or not) that placed one, the values a sort orders by, and under relevance the query words
 * one lacks, how each word matched (fields, typos, synonyms, stems), proximity, exactness, the
 * ranking signals and the boosts and buries of rules; equal hits keep catalog order. The reasons
 * come in the order they decide. A trace whose rank step holds no hit at a place is a 422.
 */
export function compareHits(
  trace: readonly TraceEntry[],
  type: string | undefined,
  places: readonly [number, number],
): PreviewCompareAnswer {
  if (places[0] === places[1]) {
    throw new AppError('invalid_request', 'The request cannot be answered as sent.', [
      { pointer: '/places/1', message: 'Name two different places to compare.' },
    ]);
  }
  const ranks = trace.filter((entry) => entry.step === 'rank');
  // By default the listed section, as the last plan step (that of the results) names it.
  const plan = trace.findLast((entry) => entry.step === 'plan');
  const section = type ?? (plan?.step === 'plan' ? plan.listed : ranks[0]?.type);
  const rank = ranks.findLast((entry) => entry.type === section);
  if (rank === undefined) {
    throw new AppError(
      'not_in_trace',
      section === undefined
        ? 'The trace has no rank step: compare places of a preview that shows hits.'
        : `The trace has no rank step of section "${section}": name a section it ranks (${ranks.map((entry) => entry.type).join(', ') || 'none'}).`,
    );
  }
  const hitAt = (place: number, at: number): Hit => {
    const hit = rank.hits.find((one) => one.position === place);
    if (hit === undefined) {
      const shown = rank.hits.map((one) => one.position);
      throw new AppError(
        'not_in_trace',
        `The rank step of section "${rank.type}" holds no hit at position ${place}.`,
        [
          {
            pointer: `/places/${at}`,
            message:
              shown.length === 0
                ? `No hit stands at ${place}: the rank step holds none.`
                : `No hit stands at ${place}: the rank step holds positions ${shown[0]} to ${shown.at(-1)}.`,
          },
        ],
      );
    }
    return hit;
  };
  const first = hitAt(places[0], 0);
  const second = hitAt(places[1], 1);
  const [higher, lower] = first.position < second.position ? [first, second] : [second, first];
  const reasons = explain(higher, lower, rank.sort);
  return {
    type: rank.type,
    sort: rank.sort,
    higher: { entity: higher.entity, position: higher.position },
    lower: { entity: lower.entity, position: lower.position },
    summary: summaryOf(higher, lower, reasons),
    reasons,
  };
}

function explain(higher: Hit, lower: Hit, sort: string): CompareReason[] {
  const pins = pinReasons(higher, lower);
  if (pins.some((reason) => reason.favours === 'higher')) return pins;
  if (sort !== 'relevance') return [...pins, ...sortReasons(higher, lower, sort)];
  const noticed = relevanceReasons(higher, lower, NOTICEABLE);
  const decides = noticed.some((reason) => reason.favours === 'higher' || reason.part === 'tie');
  return [...pins, ...(decides ? noticed : relevanceReasons(higher, lower, EQUAL))];
}

/** A pin stands where a rule put it, whatever its score; a pin lower down explains nothing of the order above it. */
function pinReasons(higher: Hit, lower: Hit): CompareReason[] {
  const reasons: CompareReason[] = [];
  for (const [hit, favours] of [
    [higher, 'higher'],
    [lower, 'neither'],
  ] as const) {
    if (hit.pinned === undefined) continue;
    const moved =
      hit.pinned.asked !== hit.position ? `, moved on from ${hit.pinned.asked} by a higher rule's pin` : '';
    reasons.push({
      part: hit.sponsored !== undefined ? 'sponsored' : 'pin',
      favours,
      rule: hit.pinned.rule,
      says:
        favours === 'higher'
          ? `${hit.entity} is ${hit.sponsored !== undefined ? `a paid pin of campaign ${hit.sponsored}` : 'pinned'} at position ${hit.position} by rule ${hit.pinned.rule}${moved}.`
          : `${hit.entity} is pinned lower down, at position ${hit.position}, by rule ${hit.pinned.rule}; ${higher.entity} ranks above that on its own.`,
    });
  }
  return reasons;
}

function sortReasons(higher: Hit, lower: Hit, sort: string): CompareReason[] {
  const a = higher.sort_value;
  const b = lower.sort_value;
  if (a === undefined && b === undefined) {
    return [tie(higher, lower, `Neither has a value of the sort ${sort}`)];
  }
  if (b === undefined) {
    return [
      {
        part: 'sort',
        favours: 'higher',
        higher: a!,
        says: `Sorted by ${sort}: ${lower.entity} has no value to sort by, so it comes after those that have one.`,
      },
    ];
  }
  if (a === b) return [tie(higher, lower, `Both have the value ${String(a)} under the sort ${sort}`)];
  return [
    {
      part: 'sort',
      favours: 'higher',
      higher: a!,
      lower: b,
      says: `Sorted by ${sort}: ${higher.entity}'s value ${String(a)} comes before ${lower.entity}'s ${String(b)}.`,
    },
  ];
}

function tie(higher: Hit, lower: Hit, why: string): CompareReason {
  return {
    part: 'tie',
    favours: 'neither',
    says: `${why}: ties keep catalog order, and ${higher.entity} comes before ${lower.entity} in the catalog.`,
  };
}

/**
 * Under relevance a hit scores its text (the parts' total) times one plus its signals, times the
 * factors of the rules that boost or bury it. Each part is a reason where the two differ.
 */
function relevanceReasons(higher: Hit, lower: Hit, tolerance: number): CompareReason[] {
  const close = (a: number, b: number) => nearlyEqual(a, b, tolerance);
  const scoreA = higher.score ?? 0;
  const scoreB = lower.score ?? 0;
  if (nearlyEqual(scoreA, scoreB, EQUAL)) return [tie(higher, lower, `Both score ${round(scoreA)}`)];
  const reasons: Array<CompareReason & { weight: number }> = [];
  const partsA = higher.parts;
  const partsB = lower.parts;
  if (partsA !== undefined && partsB !== undefined) {
    reasons.push(...wordReasons(higher, lower, partsA.words, partsB.words, close));
    for (const part of ['proximity', 'exactness'] as const) {
      const a = partsA[part];
      const b = partsB[part];
      if (close(a, b)) continue;
      reasons.push({
        part,
        favours: a > b ? 'higher' : 'lower',
        higher: round(a),
        lower: round(b),
        weight: Math.abs(a - b),
        says:
          part === 'proximity'
            ? `${a > b ? higher.entity : lower.entity} holds the query's words nearer each other (${round(Math.max(a, b))} against ${round(Math.min(a, b))}).`
            : `${a > b ? higher.entity : lower.entity} holds the query's words more alone in its heaviest field (${round(Math.max(a, b))} against ${round(Math.min(a, b))}).`,
      });
    }
  }
  const signalA = signalsOf(higher);
  const signalB = signalsOf(lower);
  if (signalA !== undefined && signalB !== undefined && !close(1 + signalA, 1 + signalB)) {
    const lifted = signalA > signalB ? higher : lower;
    reasons.push({
      part: 'signals',
      favours: signalA > signalB ? 'higher' : 'lower',
      higher: round(signalA),
      lower: round(signalB),
      weight: Math.abs(signalA - signalB) * Math.max(partsA?.total ?? 1, partsB?.total ?? 1, 1),
      says: `Ranking signals lift ${higher.entity} by ${percent(signalA)} and ${lower.entity} by ${percent(signalB)}: ${lifted.entity} sells or rates better.`,
    });
  }
  reasons.push(...factorReasons(higher, lower, close));
  reasons.sort((a, b) => favourRank(a) - favourRank(b) || b.weight - a.weight);
  return reasons.map(({ weight: _weight, ...reason }) => reason);
}

/** Per query word, how each hit matched it: a word one lacks decides most, then how well each matched. */
function wordReasons(
  higher: Hit,
  lower: Hit,
  wordsA: readonly WordPart[],
  wordsB: readonly WordPart[],
  close: (a: number, b: number) => boolean,
): Array<CompareReason & { weight: number }> {
  const reasons: Array<CompareReason & { weight: number }> = [];
  const words = [...new Set([...wordsA, ...wordsB].map((part) => part.word))];
  for (const word of words) {
    const a = wordsA.find((part) => part.word === word);
    const b = wordsB.find((part) => part.word === word);
    const missingA = a === undefined || 'missing' in a;
    const missingB = b === undefined || 'missing' in b;
    if (missingA !== missingB) {
      const lacking = missingA ? higher : lower;
      reasons.push({
        part: 'completeness',
        word,
        favours: missingB ? 'higher' : 'lower',
        weight: 1000,
        says: `${lacking.entity} lacks "${word}": it only fills a short list, after every hit that has all the words.`,
      });
      continue;
    }
    if (missingA || missingB) continue;
    const partA = a as Exclude<WordPart, { missing: true }>;
    const partB = b as Exclude<WordPart, { missing: true }>;
    if (close(partA.score, partB.score)) continue;
    const better = partA.score > partB.score;
    reasons.push({
      part: 'word',
      word,
      favours: better ? 'higher' : 'lower',
      higher: round(partA.score),
      lower: round(partB.score),
      weight: Math.abs(partA.score - partB.score),
      says: `"${word}": ${higher.entity} ${howMatched(partA)}; ${lower.entity} ${howMatched(partB)}.`,
    });
  }
  return reasons;
}

const KINDS: Readonly<Record<string, string>> = {
  exact: 'as typed',
  identifier: 'as an identifier',
  join: 'with the next word joined',
  split: 'split in two',
  synonym: 'by a synonym',
  stem: 'by another form of the word',
  prefix: 'as the start of a longer word',
  typo: 'with a typo',
};

/** How a hit matched one word: the term, the way, the fields it scored in. */
function howMatched(part: Exclude<WordPart, { missing: true }>): string {
  const kind =
    part.kind === 'typo' && part.typos !== undefined && part.typos > 1
      ? `with ${part.typos} typos`
      : (KINDS[part.kind] ?? part.kind);
  const fields = Object.entries(part.fields)
    .sort((x, y) => y[1] - x[1])
    .map(([field]) => field);
  const term = part.matched !== part.word ? ` ("${part.matched}")` : '';
  return `has it ${kind}${term} in ${fields.length > 0 ? fields.join(', ') : 'no weighted field'} (${round(part.score)})`;
}

/** Boosts and buries of rules on one hit and not the other, or of different strength. */
function factorReasons(
  higher: Hit,
  lower: Hit,
  close: (a: number, b: number) => boolean,
): Array<CompareReason & { weight: number }> {
  const reasons: Array<CompareReason & { weight: number }> = [];
  const factorsA = higher.factors ?? [];
  const factorsB = lower.factors ?? [];
  const rules = [
    ...new Set([...factorsA, ...factorsB].map((factor) => `${factor.kind}\u0000${factor.rule}`)),
  ];
  for (const key of rules) {
    const [kind, rule] = key.split('\u0000') as ['boost' | 'bury', string];
    const a = factorsA.find((factor) => factor.rule === rule && factor.kind === kind)?.factor ?? 1;
    const b = factorsB.find((factor) => factor.rule === rule && factor.kind === kind)?.factor ?? 1;
    if (close(a, b)) continue;
    const moved = a !== 1 ? higher : lower;
    const factor = a !== 1 ? a : b;
    // A boost of the higher or a bury of the lower favours the higher.
    const favours = a > b ? 'higher' : 'lower';
    reasons.push({
      part: kind,
      rule,
      favours,
      higher: a,
      lower: b,
      weight: Math.abs(Math.log(a / b)) * 10,
      says: `Rule ${rule} ${kind === 'boost' ? 'boosts' : 'buries'} ${moved.entity} (relevance × ${factor}).`,
    });
  }
  return reasons;
}

/**
 * The weighted signals of a hit, read back from its score: with words the score is the parts'
 * total × (1 + signals) × factor (a total below zero for a hit lacking a word included); without
 * words it is (1 + signals) × factor − 1, the signals alone where no rule moved it.
 */
function signalsOf(hit: Hit): number | undefined {
  if (hit.score === undefined) return undefined;
  const factor = hit.factor ?? 1;
  const total = hit.parts?.total;
  if (total === undefined || total === 0) return (hit.score + 1) / factor - 1;
  return hit.score / (total * factor) - 1;
}

function favourRank(reason: CompareReason): number {
  return reason.favours === 'higher' ? 0 : reason.favours === 'lower' ? 1 : 2;
}

function summaryOf(higher: Hit, lower: Hit, reasons: readonly CompareReason[]): string {
  const deciding = reasons.find((reason) => reason.favours === 'higher') ?? reasons[0];
  const head = `${higher.entity} (position ${higher.position}) sits above ${lower.entity} (position ${lower.position})`;
  if (deciding === undefined) return `${head}.`;
  if (deciding.part === 'tie') return `${head}: they are equal, and catalog order puts it first.`;
  return `${head}: ${lowerFirst(deciding.says)}`;
}

function lowerFirst(sentence: string): string {
  return /^[A-Z][a-z]/.test(sentence) ? sentence[0]!.toLowerCase() + sentence.slice(1) : sentence;
}

function nearlyEqual(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10} %`;
}
