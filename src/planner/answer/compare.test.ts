import { describe, expect, it } from 'vitest';
import type { HitTrace, TraceEntry } from '../../contracts/trace.js';
import { AppError } from '../../lib/errors.js';
import { compareHits } from './compare.js';

function word(
  name: string,
  score: number,
  kind = 'exact',
  fields: Record<string, number> = { title: score },
) {
  return { word: name, matched: name, kind, penalty: 1, idf: 1, score, fields };
}

function parts(
  words: NonNullable<HitTrace['parts']>['words'],
  extra: { proximity?: number; exactness?: number } = {},
) {
  const text = words.reduce((sum, one) => sum + ('score' in one ? one.score : 0), 0);
  const completeness = -1000 * words.filter((one) => 'missing' in one).length;
  const proximity = extra.proximity ?? 0;
  const exactness = extra.exactness ?? 0;
  return {
    total: completeness + text + proximity + exactness,
    completeness,
    text,
    proximity,
    exactness,
    words,
  };
}

function rank(hits: HitTrace[], sort = 'relevance', type = 'product'): TraceEntry[] {
  return [{ step: 'rank', type, sort, hits }];
}

function reasonsOf(trace: TraceEntry[], places: [number, number] = [1, 2]) {
  return compareHits(trace, undefined, places).reasons.map((reason) => [reason.part, reason.favours]);
}

describe('why one hit sits above another', () => {
  it('names the pin that placed the higher, paid or not, and no other reason', () => {
    const trace = rank([
      { entity: 'product:a', position: 1, pinned: { rule: 'pin-a', asked: 1 } },
      { entity: 'product:b', position: 2, score: 9 },
    ]);
    const answer = compareHits(trace, undefined, [2, 1]);
    expect(answer).toMatchObject({ higher: { entity: 'product:a', position: 1 }, lower: { position: 2 } });
    expect(answer.reasons).toEqual([
      {
        part: 'pin',
        favours: 'higher',
        rule: 'pin-a',
        says: 'product:a is pinned at position 1 by rule pin-a.',
      },
    ]);
    expect(answer.summary).toBe(
      'product:a (position 1) sits above product:b (position 2): product:a is pinned at position 1 by rule pin-a.',
    );
    // A paid pin that asked for the first place, taken by a higher rule's pin, stands at the next.
    const moved = rank([
      { entity: 'product:a', position: 1, pinned: { rule: 'pin-a', asked: 1 } },
      { entity: 'product:c', position: 2, pinned: { rule: 'paid', asked: 1 }, sponsored: 'spring' },
      { entity: 'product:b', position: 3, score: 9 },
    ]);
    const paid = compareHits(moved, undefined, [3, 2]);
    expect(paid.reasons[0]).toMatchObject({ part: 'sponsored', favours: 'higher', rule: 'paid' });
    expect(paid.reasons[0]?.says).toBe(
      "product:c is a paid pin of campaign spring at position 2 by rule paid, moved on from 1 by a higher rule's pin.",
    );
  });

  it('says a pin lower down explains nothing of the order above it', () => {
    const trace = rank([
      { entity: 'product:a', position: 1, score: 5, parts: parts([word('tv', 5)]) },
      { entity: 'product:b', position: 2, pinned: { rule: 'pin-b', asked: 2 } },
    ]);
    expect(reasonsOf(trace)[0]).toEqual(['pin', 'neither']);
  });

  it('compares the values a sort orders by, and ties in catalog order', () => {
    const sorted = rank(
      [
        { entity: 'product:a', position: 1, sort_value: 19.99 },
        { entity: 'product:b', position: 2, sort_value: 24.99 },
        { entity: 'product:c', position: 3, sort_value: 24.99 },
        { entity: 'product:d', position: 4 },
      ],
      'price_asc',
    );
    expect(compareHits(sorted, undefined, [1, 2]).reasons).toEqual([
      {
        part: 'sort',
        favours: 'higher',
        higher: 19.99,
        lower: 24.99,
        says: "Sorted by price_asc: product:a's value 19.99 comes before product:b's 24.99.",
      },
    ]);
    expect(reasonsOf(sorted, [2, 3])).toEqual([['tie', 'neither']]);
    expect(compareHits(sorted, undefined, [3, 4]).reasons[0]?.says).toContain('no value to sort by');
  });

  it('names a query word the lower lacks first', () => {
    const trace = rank([
      { entity: 'product:a', position: 1, score: 8, parts: parts([word('oled', 4), word('tv', 4)]) },
      {
        entity: 'product:b',
        position: 2,
        score: -995,
        parts: parts([word('oled', 5), { word: 'tv', missing: true }]),
      },
    ]);
    const answer = compareHits(trace, undefined, [1, 2]);
    expect(answer.reasons[0]).toMatchObject({ part: 'completeness', word: 'tv', favours: 'higher' });
    expect(answer.reasons[0]?.says).toBe(
      'product:b lacks "tv": it only fills a short list, after every hit that has all the words.',
    );
    // The lower matched "oled" better: a reason that favours it, after those that decide.
    expect(answer.reasons[1]).toMatchObject({ part: 'word', word: 'oled', favours: 'lower' });
  });

  it('says how each matched a word: fields, typos, synonyms, stems', () => {
    const trace = rank([
      {
        entity: 'product:a',
        position: 1,
        score: 6,
        parts: parts([word('television', 6, 'synonym', { title: 5, keywords: 1 })]),
      },
      {
        entity: 'product:b',
        position: 2,
        score: 1,
        parts: parts([
          { ...word('television', 1, 'typo', { description: 1 }), matched: 'televison', typos: 1 },
        ]),
      },
    ]);
    const [reason] = compareHits(trace, undefined, [1, 2]).reasons;
    expect(reason).toEqual({
      part: 'word',
      word: 'television',
      favours: 'higher',
      higher: 6,
      lower: 1,
      says: '"television": product:a has it by a synonym in title, keywords (6); product:b has it with a typo ("televison") in description (1).',
    });
  });

  it('weighs proximity, exactness and signals, and orders the reasons by how much they decide', () => {
    const a = parts([word('oled', 2), word('tv', 2)], { proximity: 3, exactness: 0.5 });
    const b = parts([word('oled', 2), word('tv', 2)], { proximity: 1, exactness: 1 });
    const trace = rank([
      { entity: 'product:a', position: 1, score: a.total * 1.2, parts: a },
      { entity: 'product:b', position: 2, score: b.total * 1.1, parts: b },
    ]);
    expect(reasonsOf(trace)).toEqual([
      ['proximity', 'higher'],
      ['signals', 'higher'],
      ['exactness', 'lower'],
    ]);
    const signals = compareHits(trace, undefined, [1, 2]).reasons[1];
    expect(signals).toMatchObject({ higher: 0.2, lower: 0.1 });
    expect(signals?.says).toContain('by 20 %');
  });

  it('names the rules that boost the higher or bury the lower', () => {
    const text = parts([word('tv', 4)]);
    const trace = rank([
      {
        entity: 'product:a',
        position: 1,
        score: 6,
        parts: text,
        factor: 1.5,
        factors: [{ rule: 'partner', kind: 'boost', factor: 1.5 }],
      },
      { entity: 'product:b', position: 2, score: 4, parts: text },
      {
        entity: 'product:c',
        position: 3,
        score: 3.2,
        parts: text,
        factor: 0.8,
        factors: [{ rule: 'backorders', kind: 'bury', factor: 0.8 }],
      },
    ]);
    expect(compareHits(trace, undefined, [1, 2]).reasons).toEqual([
      {
        part: 'boost',
        rule: 'partner',
        favours: 'higher',
        higher: 1.5,
        lower: 1,
        says: 'Rule partner boosts product:a (relevance × 1.5).',
      },
    ]);
    expect(reasonsOf(trace, [2, 3])).toEqual([['bury', 'higher']]);
  });

  it('reads the listed section unless told another, though sections beside it rank first', () => {
    const trace: TraceEntry[] = [
      {
        step: 'plan',
        listed: 'product',
        sections: [],
        sections_from: 'release',
        filters: [],
        hides: [],
        pins: [],
        weights: [],
        placements: [],
        sort: { code: 'relevance', from: 'words' },
      },
      ...rank(
        [
          { entity: 'category:x', position: 1, score: 2 },
          { entity: 'category:y', position: 2, score: 1 },
        ],
        'relevance',
        'category',
      ),
      ...rank([
        { entity: 'product:a', position: 1, score: 2 },
        { entity: 'product:b', position: 2, score: 1 },
      ]),
    ];
    expect(compareHits(trace, undefined, [1, 2]).higher.entity).toBe('product:a');
    expect(compareHits(trace, 'category', [1, 2]).higher.entity).toBe('category:x');
  });

  it('reads a section by its type', () => {
    const trace: TraceEntry[] = [
      ...rank([{ entity: 'product:a', position: 1, score: 1 }]),
      ...rank(
        [
          { entity: 'brand:x', position: 1, score: 2 },
          { entity: 'brand:y', position: 2, score: 1 },
        ],
        'relevance',
        'brand',
      ),
    ];
    expect(compareHits(trace, 'brand', [1, 2])).toMatchObject({
      type: 'brand',
      higher: { entity: 'brand:x' },
    });
  });
});

describe('places it cannot compare', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return [error.code, error.violations?.map((one) => one.pointer)];
    }
    return undefined;
  };
  const trace = rank([
    { entity: 'product:a', position: 1, score: 2 },
    { entity: 'product:b', position: 2, score: 1 },
  ]);

  it('refuses one place named twice', () => {
    expect(refusal(() => compareHits(trace, undefined, [1, 1]))).toEqual(['invalid_request', ['/places/1']]);
  });

  it('answers 422 where the rank step holds no hit at a place, or no rank step of the section', () => {
    expect(refusal(() => compareHits(trace, undefined, [1, 7]))).toEqual(['not_in_trace', ['/places/1']]);
    expect(refusal(() => compareHits(trace, 'brand', [1, 2]))).toEqual(['not_in_trace', undefined]);
    expect(refusal(() => compareHits([], undefined, [1, 2]))).toEqual(['not_in_trace', undefined]);
  });
});
