import { describe, expect, it } from 'vitest';
import type { TestsFile } from '../../contracts/release-files/index.js';
import type { SearchRequest } from '../../contracts/search.js';
import { AppError } from '../../lib/errors.js';
import { testViolations } from './outcome.js';
import { type ResultAnswer, type ResultIndex, runResultTests } from './result-tests.js';

/** 150 running shoes, every third one red and the others blue; "returns" redirects. */
const SHOES = Array.from({ length: 150 }, (_unused, n) => `product:shoe-${n + 1}`);
const RED = new Set(SHOES.filter((_entity, n) => n % 3 === 0));

function fakeIndex(): ResultIndex & { requests: SearchRequest[] } {
  const requests: SearchRequest[] = [];
  return {
    requests,
    async search(request): Promise<ResultAnswer> {
      requests.push(request);
      if (request.query === 'returns' && request.redirect !== false)
        return { redirect: { url: '/help/returns' } };
      const perPage = request.per_page ?? 24;
      const start = ((request.page ?? 1) - 1) * perPage;
      const hits = SHOES.slice(start, start + perPage).map((entity) => ({ entity }));
      return {
        listed: 'product',
        sections: [
          { type: 'category', hits: [] },
          { type: 'product', hits },
        ],
      };
    },
    async select(selector, entities) {
      const red = JSON.stringify(selector) === '{"color":"Red"}';
      return new Set(entities.filter((entity) => RED.has(entity) === red));
    },
  };
}

describe('runResultTests', () => {
  it("reads the listed section's top hits page after page, marked as test traffic", async () => {
    const index = fakeIndex();
    const tests: TestsFile = {
      tests: [
        {
          id: 'shoes',
          request: { query: 'shoes', time: '2026-06-15T12:00:00Z' },
          expect: {
            results: {
              top: 120,
              first: 'product:shoe-1',
              contains: ['product:shoe-120'],
              excludes: ['product:shoe-121'],
            },
          },
        },
        { id: 'plan-only', request: { query: 'shoes' }, expect: { rules: { applied: [] } } },
      ],
    };
    const outcomes = await runResultTests(tests, index);
    expect(outcomes).toEqual([{ id: 'shoes', index: 0, passed: true, failures: [] }]);
    expect(index.requests).toEqual([
      {
        query: 'shoes',
        time: '2026-06-15T12:00:00Z',
        page: 1,
        per_page: 100,
        count_only: false,
        traffic: 'test',
      },
      {
        query: 'shoes',
        time: '2026-06-15T12:00:00Z',
        page: 2,
        per_page: 100,
        count_only: false,
        traffic: 'test',
      },
    ]);
  });

  it('names each expectation the index did not meet', async () => {
    const tests: TestsFile = {
      tests: [
        {
          id: 'red-first',
          request: { query: 'red shoes' },
          expect: {
            results: {
              first: 'product:shoe-2',
              contains: ['product:shoe-11'],
              excludes: ['product:shoe-4'],
              all: { color: 'Red' },
              none: { color: 'Blue' },
            },
          },
        },
        {
          id: 'returns',
          request: { query: 'returns' },
          expect: { results: { contains: ['product:shoe-1'] } },
        },
      ],
    };
    expect(testViolations(await runResultTests(tests, fakeIndex()))).toEqual([
      {
        file: 'tests.json',
        pointer: '/tests/0/expect/results/first',
        message: 'Test "red-first": expected "product:shoe-2" first, but the first is "product:shoe-1".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/0/expect/results/contains/0',
        message: 'Test "red-first": expected "product:shoe-11" within the top 10, but it is not there.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/0/expect/results/excludes/0',
        message: 'Test "red-first": expected "product:shoe-4" not within the top 10, but it is at 4.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/0/expect/results/all',
        message:
          'Test "red-first": expected every hit within the top 10 to match, but "product:shoe-2", "product:shoe-3", "product:shoe-5", "product:shoe-6", "product:shoe-8" and 1 more do not.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/0/expect/results/none',
        message:
          'Test "red-first": expected no hit within the top 10 to match, but "product:shoe-2", "product:shoe-3", "product:shoe-5", "product:shoe-6", "product:shoe-8" and 1 more do.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/results',
        message:
          'Test "returns": expected results, but the search redirects to /help/returns; add "redirect": false to the request to test its results.',
      },
    ]);
  });

  it('fails a test whose request the catalog cannot answer, naming the test, what it names and what lets the catalog through', async () => {
    const index = fakeIndex();
    const lacking: ResultIndex = {
      ...index,
      async search(request) {
        if (request.category === 'headphones') {
          throw new AppError('unknown_name', 'The request cannot be answered as sent.', [
            {
              pointer: '/category',
              message: '"headphones" is no category of the live catalog: name a category id it holds.',
            },
          ]);
        }
        return index.search(request);
      },
    };
    const tests: TestsFile = {
      tests: [
        {
          id: 'headphones-page',
          request: { on: 'category_page', category: 'headphones' },
          expect: { results: { first: 'product:shoe-1' } },
        },
        { id: 'shoes', request: { query: 'shoes' }, expect: { results: { first: 'product:shoe-1' } } },
      ],
    };
    const outcomes = await runResultTests(tests, lacking);
    expect(outcomes.map((outcome) => outcome.passed)).toEqual([false, true]);
    expect(testViolations(outcomes)).toEqual([
      {
        file: 'tests.json',
        pointer: '/tests/0/request/category',
        message:
          'Test "headphones-page": its request cannot be answered here: "headphones" is no category of the live catalog: name a category id it holds. Change the test\'s request, or drop the test, to let this release and catalog through.',
      },
    ]);
  });
});
