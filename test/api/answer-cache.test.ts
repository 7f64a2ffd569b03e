import { afterEach, describe, expect, it } from 'vitest';
import { isUuidV7 } from '../../src/lib/ids.js';
import { smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, CHROME, call } from '../support/http.js';
import { searchesRead } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * The answer cache over HTTP: a repeated search is answered from it with a query id of its own,
 * anything that changes what is live empties it, and it holds no more than its byte budget.
 */

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const base = {
  'rules.json': { rules: [] },
  'synonyms.json': { dictionaries: { en: { groups: [{ words: ['kettle', 'boiler'] }] } } },
};
const otherSynonyms = {
  ...base,
  'synonyms.json': { dictionaries: { en: { groups: [{ words: ['kettle', 'heater'] }] } } },
};

/** Publishes and waits until searches read the run. */
async function publish(s: TestStack, files: Record<string, unknown>): Promise<void> {
  const release = await (await s.manage('POST', '/releases', { files })).json();
  const { run } = await (await s.manage('POST', `/releases/${release.id}/publish`)).json();
  const ended = await waitFor(`run ${run.id}`, async () => {
    const current = await (await s.manage('GET', `/index-runs/${run.id}`)).json();
    return ['succeeded', 'failed'].includes(current.status) ? current : undefined;
  });
  expect(ended.status).toBe('succeeded');
  await searchesRead(s, ended.id);
}

async function started(env: Record<string, string> = {}): Promise<TestStack> {
  const s = await startTestStack({ env });
  await s.manage('PUT', '/catalog', toJsonLines(smallShop));
  await publish(s, base);
  return s;
}

/** The answer to a search and how the answer cache says it was answered (its trace's first step). */
async function searched(
  s: TestStack,
  body: Record<string, unknown>,
): Promise<{ answer: Answer; cache: Answer }> {
  const response = await s.search({ ...body, debug: true });
  expect(response.status).toBe(200);
  const answer = await response.json();
  return { answer, cache: answer.trace[0] };
}

/** A metric's value as /metrics on the internal port shows it. */
async function metric(s: TestStack, name: string): Promise<number> {
  const text = await (await call(`${s.urls.internal}/metrics`)).text();
  const line = text.split('\n').find((one) => one.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

const productIds = (answer: Answer): string[] =>
  answer.sections
    .find((section: { type: string }) => section.type === 'product')
    .hits.map((hit: { entity: string }) => hit.entity);

describe('the answer cache', () => {
  it('answers a repeated search from the cache, the same answer with a query id of its own', async () => {
    stack = await started();
    const plain = () =>
      call(`${stack!.urls.public}/v1/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        body: JSON.stringify({ query: 'acme', page_view: 'pv-1' }),
      });
    const hitsBefore = await metric(stack, 'aisle_answer_cache_hits_total');
    const first = await plain();
    const second = await plain();
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const [one, two] = [await first.json(), await second.json()];
    expect(isUuidV7(one.query_id) && isUuidV7(two.query_id)).toBe(true);
    expect(two.query_id).not.toBe(one.query_id);
    expect({ ...two, query_id: undefined }).toEqual({ ...one, query_id: undefined });
    // The same request by URL, with its defaults named and another page view, is the same request.
    const byUrl = await call(`${stack.urls.public}/v1/search?query=acme&page=1&redirect=true&page_view=pv-2`);
    expect({ ...(await byUrl.json()), query_id: undefined }).toEqual({ ...one, query_id: undefined });
    expect(await metric(stack, 'aisle_answer_cache_hits_total')).toBe(hitsBefore + 2);
    expect(await metric(stack, 'aisle_answer_cache_bytes')).toBeGreaterThan(0);

    // The debug trace says so: kept when computed, served from the cache when repeated.
    const computed = await searched(stack, { query: 'kettle' });
    expect(computed.cache).toEqual({ step: 'answer_cache', outcome: 'kept' });
    const repeated = await searched(stack, { query: 'kettle' });
    expect(repeated.cache).toEqual({
      step: 'answer_cache',
      outcome: 'hit',
      answered_at: computed.answer.trace[1].time,
    });
    expect(repeated.answer.trace.slice(1)).toEqual(computed.answer.trace.slice(1));

    // Each answer is logged under its own query id, so a click names the answer the shopper saw.
    await stack.searchLog?.flush();
    const day = new Date().toISOString().slice(0, 10);
    const logged = (await stack.deps.database.searchLog.searchesOfDay(day, '', 100)).map(
      (row) => row.queryId,
    );
    expect(logged).toEqual(expect.arrayContaining([one.query_id, two.query_id]));
  });

  it('is emptied by a switch of release, an offers update and a new catalog', async () => {
    stack = await started();
    await searched(stack, { query: 'heater' });
    expect((await searched(stack, { query: 'heater' })).cache.outcome).toBe('hit');
    expect(productIds((await searched(stack, { query: 'heater' })).answer)).toEqual([]);

    // A switch: only synonyms change, the artifact stays, and the new release answers at once.
    await publish(stack, otherSynonyms);
    const switched = await searched(stack, { query: 'heater' });
    expect(switched.cache.outcome).toBe('kept');
    expect(productIds(switched.answer)).toEqual(['product:p3']);

    // An offers update.
    const price = async () => {
      const { answer } = await searched(stack!, { query: 'headphones' });
      return answer.sections.find((section: { type: string }) => section.type === 'product').hits[0].fields
        .price;
    };
    expect(await price()).toBe(99.5);
    expect((await searched(stack, { query: 'headphones' })).cache.outcome).toBe('hit');
    expect(
      (await stack.manage('PUT', '/offers', [{ variant: 'p1', channel: 'default', price: 79 }])).status,
    ).toBe(202);
    await waitFor('the new price to answer', async () => ((await price()) === 79 ? true : undefined));

    // A new catalog.
    expect((await searched(stack, { query: 'kettle' })).cache.outcome).not.toBe('not_kept');
    expect((await searched(stack, { query: 'kettle' })).cache.outcome).toBe('hit');
    const withoutKettle = smallShop.filter((entity) => entity.id !== 'p3');
    const { run } = await (await stack.manage('PUT', '/catalog', toJsonLines(withoutKettle))).json();
    await waitFor(`run ${run.id}`, async () => {
      const current = await (await stack!.manage('GET', `/index-runs/${run.id}`)).json();
      return current.status === 'succeeded' ? current : undefined;
    });
    await searchesRead(stack, run.id);
    const rebuilt = await searched(stack, { query: 'kettle' });
    expect(rebuilt.cache.outcome).toBe('kept');
    expect(productIds(rebuilt.answer)).toEqual([]);
  });

  it('holds no more than its byte budget, forgetting the least recently used answers', async () => {
    stack = await started({ AISLE_ANSWER_CACHE_KB: '24' });
    const budget = 24 * 1024;
    const queries = ['acme', 'headphones', 'earbuds', 'kettle', 'wireless', 'wired', 'steel', 'boiler'];
    for (let round = 0; round < 3; round++) {
      for (const query of queries) {
        for (const page of [1, 2]) {
          expect((await stack.search({ query, page })).status).toBe(200);
          expect(await metric(stack, 'aisle_answer_cache_bytes')).toBeLessThanOrEqual(budget);
        }
      }
    }
    const entries = await metric(stack, 'aisle_answer_cache_entries');
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(queries.length * 2);
    // The search asked last is kept; the first of the last round was forgotten to make room.
    const last = queries.at(-1)!;
    const hits = await metric(stack, 'aisle_answer_cache_hits_total');
    await stack.search({ query: last, page: 2 });
    expect(await metric(stack, 'aisle_answer_cache_hits_total')).toBe(hits + 1);
    const misses = await metric(stack, 'aisle_answer_cache_misses_total');
    await stack.search({ query: queries[0], page: 1 });
    expect(await metric(stack, 'aisle_answer_cache_misses_total')).toBe(misses + 1);
  });

  it('keeps no answer of a catalog with date attributes, whose relative dates count from each arrival', async () => {
    stack = await started();
    await publish(stack, {
      ...base,
      'attributes.json': { attributes: [{ code: 'released', label: 'Released', type: 'date' }] },
    });
    await searched(stack, { query: 'acme' });
    const again = await searched(stack, { query: 'acme' });
    expect(again.cache).toMatchObject({ step: 'answer_cache', outcome: 'not_kept' });
    expect(again.cache.reason).toContain('date attributes');
  });

  it('keeps nothing when switched off, and the trace says why', async () => {
    stack = await started({ AISLE_ANSWER_CACHE_KB: '0' });
    await searched(stack, { query: 'acme' });
    const again = await searched(stack, { query: 'acme' });
    expect(again.cache).toMatchObject({ step: 'answer_cache', outcome: 'not_kept' });
    expect(again.cache.reason).toContain('AISLE_ANSWER_CACHE_KB=0');
    expect(await metric(stack, 'aisle_answer_cache_hits_total')).toBe(0);
  });
});
