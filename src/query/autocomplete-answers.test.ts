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

describe('autocomplete answers kept per live state', () => {
  const answers = new AutocompleteAnswers();
  const answer = (request: SearchRequest, at: string) => {
    const time = new Date(at);
    const asked: SearchRequest = { on: 'autocomplete', ...request };
    let computed = 0;
    const given = answers.answer(live, asked, time.getTime(), () => {
      computed += 1;
      const target = { index: live.index, files, planner: live.planner, suggester: live.suggester };
      return answerRequest(target, asked, time);
    });
    return { given, computed };
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
    const time = Date.parse('2026-03-02T10:00:00Z');
    for (const request of [{ filters: { price: { gte: 1 } } }, { facets: ['brand'] }, { debug: true }]) {
      let computed = 0;
      const asked: SearchRequest = { on: 'autocomplete', query: 'ket', ...request };
      const fresh = () => {
        computed += 1;
        return answer({ query: 'ket' }, '2026-03-02T10:00:00Z').given;
      };
      answers.answer(live, asked, time, fresh);
      answers.answer(live, asked, time, fresh);
      expect(computed).toBe(2);
    }
  });
});
