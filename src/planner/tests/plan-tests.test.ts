import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog/demo/index.js';
import { demoReleaseFiles } from '../../catalog/demo/release.js';
import type { AttributesFile, Rule, TestsFile } from '../../contracts/release-files/index.js';
import { compilePlanner } from '../planner.js';
import { NOW, shopPlanner } from '../shop.fixture.js';
import { buildVocabulary } from '../vocabulary.js';
import { testViolations } from './outcome.js';
import { runPlanTests } from './plan-tests.js';

describe("the demo release's tests", () => {
  it("every plan expectation passes against the demo catalog's vocabulary", () => {
    const vocabulary = buildVocabulary(
      generateCatalog({ products: 3000, seed: 1 }),
      (demoReleaseFiles['attributes.json'] as AttributesFile).attributes,
    );
    const planner = compilePlanner(demoReleaseFiles, vocabulary);
    const tests = demoReleaseFiles['tests.json'] as TestsFile;
    const outcomes = runPlanTests(tests, planner, NOW);
    expect(testViolations(outcomes)).toEqual([]);
    const planned = tests.tests.filter((test) =>
      ['redirect', 'resolved', 'rules', 'sections'].some((key) => key in test.expect),
    );
    expect(outcomes.map((outcome) => outcome.id)).toEqual(planned.map((test) => test.id));
  });

  it('every rule of the demo release is expected applied or not applied by some test', () => {
    const tests = (demoReleaseFiles['tests.json'] as TestsFile).tests;
    const named = new Set(
      tests.flatMap((test) => [
        ...(test.expect.rules?.applied ?? []),
        ...(test.expect.rules?.not_applied ?? []),
      ]),
    );
    const rules = (demoReleaseFiles['rules.json'] as { rules: Rule[] }).rules.map((rule) => rule.id);
    expect(rules.filter((id) => !named.has(id))).toEqual([]);
  });
});

const rules: Rule[] = [
  {
    id: 'returns',
    description: 'Returns help.',
    when: { on: 'search', query: { is: 'returns' } },
    then: { redirect: { url: '/help/returns' } },
  },
  {
    id: 'typing',
    description: 'Categories first.',
    when: { on: 'autocomplete' },
    then: { sections: ['category'] },
  },
  {
    id: 'iphone',
    description: 'iPhone means Apple smartphones.',
    then: { resolve: [{ term: 'iphone', as: { brand: 'apple', category: 'smartphones' } }] },
  },
];

function run(tests: TestsFile['tests']) {
  return runPlanTests({ tests }, shopPlanner(rules), NOW);
}

describe('runPlanTests', () => {
  it('passes a test whose plan meets every expectation', () => {
    const outcomes = run([
      {
        id: 'iphone-resolves',
        request: { query: 'iphone 16', redirect: false },
        expect: {
          resolved: { category: 'smartphones', filters: { brand: 'Apple' }, text: '16', complete: false },
          rules: { applied: ['iphone'], not_applied: ['returns'] },
          sections: ['product', 'category'],
        },
      },
      { id: 'returns', request: { query: 'Returns' }, expect: { redirect: { url: '/help/returns' } } },
      {
        id: 'typing',
        request: { on: 'autocomplete', query: 'sne' },
        expect: { sections: ['category', 'product'] },
      },
      {
        id: 'page',
        request: { query: 'running shoes' },
        expect: { redirect: { to: 'category:running-shoes' } },
      },
      {
        id: 'results-only',
        request: { query: 'pegasus' },
        expect: { results: { first: 'product:pegasus-41' } },
      },
    ]);
    expect(outcomes.map(({ id, passed }) => [id, passed])).toEqual([
      ['iphone-resolves', true],
      ['returns', true],
      ['typing', true],
      ['page', true],
    ]);
  });

  it('a failing test stops the publish with violations naming the test and the expectation', () => {
    const outcomes = run([
      { id: 'first', request: { query: 'pegasus' }, expect: { results: { first: 'product:pegasus-41' } } },
      {
        id: 'wrong',
        request: { query: 'iphone 16', redirect: false },
        expect: {
          redirect: { url: '/phones' },
          resolved: { category: 'televisions', filters: { color: 'Red' }, complete: true },
          rules: { applied: ['returns'], not_applied: ['iphone'] },
          sections: ['brand'],
        },
      },
      {
        id: 'no-words',
        request: { on: 'category_page', category: 'shoes' },
        expect: { resolved: { complete: true } },
      },
      {
        id: 'redirects',
        request: { query: 'returns' },
        expect: { sections: ['product'], redirect: { to: 'category:shoes' } },
      },
      {
        id: 'unknown-channel',
        request: { query: 'tv', channel: 'fr' },
        expect: { rules: { applied: ['typing'] } },
      },
    ]);
    expect(testViolations(outcomes)).toEqual([
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/redirect',
        message: 'Test "wrong": expected a redirect to "/phones", but the search answers with results.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/resolved/category',
        message: 'Test "wrong": expected the category "televisions", got "smartphones".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/resolved/filters',
        message: 'Test "wrong": expected the filters {"color":"Red"}, got {"brand":"Apple"}.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/resolved/complete',
        message: 'Test "wrong": expected nothing left as text, but "16" was.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/rules/applied/0',
        message: 'Test "wrong": the rule "returns" did not apply; the rules applied were "iphone".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/rules/not_applied/0',
        message: 'Test "wrong": the rule "iphone" applied; the rules applied were "iphone".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/1/expect/sections',
        message:
          'Test "wrong": expected sections beginning "brand", got "product", "category", "brand", "gift_card", "guide".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/2/expect/resolved',
        message: 'Test "no-words": the request has no words, so nothing was resolved.',
      },
      {
        file: 'tests.json',
        pointer: '/tests/3/expect/redirect',
        message: 'Test "redirects": expected a redirect to category:shoes, got one to "/help/returns".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/3/expect/sections',
        message:
          'Test "redirects": expected sections beginning "product", but the search redirects to "/help/returns".',
      },
      {
        file: 'tests.json',
        pointer: '/tests/4/request/channel',
        message:
          'Test "unknown-channel": its request cannot be answered here: "fr" is no channel of this shop: use one of "web", "ch". Change the test\'s request, or drop the test, to let this release and catalog through.',
      },
    ]);
  });

  it('a test fixes the time of its request; the others run at the time given', () => {
    const sale: Rule = {
      id: 'sale',
      description: 'Sale in June.',
      schedule: { from: '2026-06-01T00:00:00Z', until: '2026-07-01T00:00:00Z' },
      then: { boost: [{ where: { on_sale: true }, strength: 'slight' }] } as Rule['then'],
    };
    const planner = shopPlanner([sale]);
    const tests: TestsFile = {
      tests: [
        {
          id: 'june',
          request: { query: 'tv', redirect: false, time: '2026-06-15T00:00:00Z' },
          expect: { rules: { applied: ['sale'] } },
        },
        {
          id: 'now',
          request: { query: 'tv', redirect: false },
          expect: { rules: { not_applied: ['sale'] } },
        },
      ],
    };
    expect(runPlanTests(tests, planner, NOW).every((outcome) => outcome.passed)).toBe(true);
    expect(
      runPlanTests(tests, planner, new Date('2026-06-20T00:00:00Z')).map((outcome) => outcome.passed),
    ).toEqual([true, false]);
  });
});
