import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../contracts/catalog-entity.js';
import type { SearchRequest } from '../contracts/search.js';
import { compileReleaseIndex } from '../control/indexer/release-index.js';
import { loadIndex } from '../engine/index.js';
import { answerRequest } from '../planner/index.js';
import { AutocompleteAnswers } from './autocomplete-answers.js';
import { type LiveState, liveStateOf } from './live-index.js';

const product = (id: string, title: string, offer: Record<string, unknown> = {}): CatalogEntity => ({
  type: 'product',
  id,
  title,
  offers: [{ channel: 'web', price: 100, availability: 'in_stock', ...offer }],
});

const files: Record<string, unknown> = {
  'channels.json': { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] },
  'categories.json': { default: { facets: ['price'] } },
  'rules.json': {
    rules: [
      {
        id: 'kettle-week',
        description: 'The glass kettle first in the kettle week.',
        schedule: { from: '2026-03-02T12:00:00Z', until: '2026-03-09T00:00:00Z' },
        when: { on: 'autocomplete' },
        then: { pin: [{ entity: 'product:glass', position: 1 }] },
      },
    ],
  },
};

let live: LiveState;

beforeAll(async () => {
  const catalog = [
    product('steel', 'Steel kettle', {
      sale_price: 80,
      sale_window: { from: '2026-03-02T15:30:00Z', until: '2026-03-03T00:00:00Z' },
    }),
    product('glass', 'Glass kettle'),
  ];
  const index = loadIndex(await compileReleaseIndex(catalog, files));
  live = liveStateOf(
    {
      runId: 1,
      artifact: 'a',
      release: 'r',
      snapshot: 's',
      releaseFiles: files,
      generation: 0,
      offersApplied: 0,
    },
    index,
  );
});

/** An AutocompleteAnswers whose computations are counted. */
function counted() {
  const counter = { computed: 0 };
  const answers = new AutocompleteAnswers((state, request, arrival) => {
    counter.computed += 1;
    return fresh(state, request, arrival);
  });
  return { answers, counter };
}

function fresh(state: LiveState, request: SearchRequest, arrival: Date) {
  const target = { index: state.index, files, planner: state.planner, suggester: state.suggester };
  return answerRequest(target, request, arrival);
}

describe('autocomplete answers kept per live state', () => {
  const { answers, counter } = counted();
  const answer = (request: SearchRequest, at: string) => {
    const before = counter.computed;
    const given = answers.answer(live, { on: 'autocomplete', ...request }, new Date(at));
    return { given, computed: counter.computed - before };
  };
  const entities = (found: ReturnType<typeof answer>) =>
    found.given.sections.find((section) => section.type === 'product')?.hits.map((hit) => hit.entity);

  it('answers the same request again from what it kept, whatever page view sends it', () => {
    const first = answer({ query: 'ket', page_view: 'a' }, '2026-03-02T10:00:00Z');
    const again = answer({ query: 'ket', page_view: 'b', traffic: 'test' }, '2026-03-02T10:30:00Z');
    expect(first.computed).toBe(1);
    expect(again.computed).toBe(0);
    expect(again.given).toBe(first.given);
    expect(answer({ query: 'kett' }, '2026-03-02T10:30:00Z').computed).toBe(1);
  });

  it('answers afresh once a rule comes into force, a sale starts or the hour changes', () => {
    expect(entities(answer({ query: 'glass' }, '2026-03-02T11:10:00Z'))).toEqual(['product:glass']);
    const before = answer({ query: 'kettle' }, '2026-03-02T11:59:00Z');
    const ruled = answer({ query: 'kettle' }, '2026-03-02T12:00:00Z');
    expect(ruled.computed).toBe(1);
    expect(entities(ruled)?.[0]).toBe('product:glass');
    expect(entities(before)?.[0]).toBe('product:steel');
    expect(answer({ query: 'kettle' }, '2026-03-02T12:30:00Z').computed).toBe(0);
    expect(answer({ query: 'kettle' }, '2026-03-02T13:00:00Z').computed).toBe(1);
    expect(answer({ query: 'kettle' }, '2026-03-02T15:10:00Z').computed).toBe(1);
    expect(answer({ query: 'kettle' }, '2026-03-02T15:20:00Z').computed).toBe(0);
    expect(answer({ query: 'kettle' }, '2026-03-02T15:30:00Z').computed).toBe(1);
  });

  it('does not keep answers with filters, facets or a trace', () => {
    for (const request of [
      { filters: { availability: ['in_stock'] } },
      { facets: ['price'] },
      { debug: true },
    ]) {
      expect(answer({ query: 'ket', ...request }, '2026-03-02T10:00:00Z').computed).toBe(1);
      expect(answer({ query: 'ket', ...request }, '2026-03-02T10:00:00Z').computed).toBe(1);
    }
  });

  it('keeps a request under the same key whatever order its fields come in', () => {
    answer({ query: 'gla', per_page: 2, locale: 'en' }, '2026-03-02T10:00:00Z');
    expect(answer({ locale: 'en', per_page: 2, query: 'gla' }, '2026-03-02T10:00:00Z').computed).toBe(0);
  });
});

describe('autocomplete answers computed ahead of time', () => {
  const at = (time: string) => new Date(time);
  /** The texts of 1 to 3 letters the catalog's suggestions begin with: "kettle", which two titles hold. */
  const starts = ['k', 'ke', 'ket'];

  it('answers the first letters shoppers type, in a shape a storefront asked once, before anyone types them', async () => {
    const { answers, counter } = counted();
    const shape: SearchRequest = { on: 'autocomplete', per_page: 3 };
    answers.answer(live, { ...shape, query: 'steel k' }, at('2026-03-02T10:00:00Z'));
    await answers.answerAhead(live, Date.parse('2026-03-02T10:00:00Z'));
    const computed = counter.computed;
    for (const query of starts) {
      const given = answers.answer(live, { ...shape, query, page_view: 'v' }, at('2026-03-02T10:20:00Z'));
      // The answer computed beforehand is the one computing it now gives.
      expect(given).toEqual(fresh(live, { ...shape, query }, at('2026-03-02T10:20:00Z')));
    }
    expect(counter.computed).toBe(computed);
    // A text no suggestion begins with, and a shape not asked before, are computed when asked.
    answers.answer(live, { ...shape, query: 'gla' }, at('2026-03-02T10:20:00Z'));
    expect(counter.computed).toBe(computed + 1);
    answers.answer(live, { on: 'autocomplete', per_page: 4, query: 'ket' }, at('2026-03-02T10:20:00Z'));
    expect(counter.computed).toBe(computed + 2);
  });

  it('answers them again once the time the answers read moves on (a rule comes into force)', async () => {
    const { answers, counter } = counted();
    const shape: SearchRequest = { on: 'autocomplete' };
    answers.answer(live, { ...shape, query: 'kettle' }, at('2026-03-02T11:00:00Z'));
    await answers.answerAhead(live, Date.parse('2026-03-02T11:00:00Z'));
    // At noon the kettle week's pin comes into force: the first request after it is computed,
    // and the answers of the first letters are made again for the new time.
    answers.answer(live, { ...shape, query: 'kettle' }, at('2026-03-02T12:00:00Z'));
    await answers.answerAhead(live, Date.parse('2026-03-02T12:00:00Z'));
    const computed = counter.computed;
    const ket = answers.answer(live, { ...shape, query: 'ket' }, at('2026-03-02T12:10:00Z'));
    expect(counter.computed).toBe(computed);
    expect(ket.sections[0]?.hits[0]?.entity).toBe('product:glass');
  });

  it('lets requests in between answers ahead that take their slice of the event loop', async () => {
    let computed = 0;
    const answers = new AutocompleteAnswers((state, request, arrival) => {
      computed += 1;
      // Each computation takes longer than a slice, so a turn of the event loop follows each.
      const until = performance.now() + 3;
      while (performance.now() < until) {}
      return fresh(state, request, arrival);
    });
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    answers.answer(live, { on: 'autocomplete', per_page: 2, query: 'steel k' }, at('2026-03-02T10:00:00Z'));
    const before = { computed, turns };
    await answers.answerAhead(live, Date.parse('2026-03-02T10:00:00Z'));
    ticking = false;
    expect(computed - before.computed).toBe(starts.length);
    expect(turns - before.turns).toBeGreaterThanOrEqual(starts.length);
  });

  it('stops answering ahead for a state once a newer one is served', async () => {
    const { answers, counter } = counted();
    const shape: SearchRequest = { on: 'autocomplete', per_page: 5 };
    const older = { ...live };
    answers.answer(older, { ...shape, query: 'steel k' }, at('2026-03-02T10:00:00Z'));
    // The newer state is served before the older one's pass had its first turn.
    answers.answer(live, { ...shape, query: 'steel k' }, at('2026-03-02T10:00:00Z'));
    await answers.answerAhead(live, Date.parse('2026-03-02T10:00:00Z'));
    const computed = counter.computed;
    answers.answer(older, { ...shape, query: 'ket' }, at('2026-03-02T10:00:00Z'));
    expect(counter.computed).toBe(computed + 1);
    answers.answer(live, { ...shape, query: 'ket' }, at('2026-03-02T10:00:00Z'));
    expect(counter.computed).toBe(computed + 1);
  });
});
