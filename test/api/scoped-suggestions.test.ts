import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_EXPORTS, wholeOrSample } from '../../src/catalog/testing/exports.js';
import { minimalRelease } from '../support/catalog.js';
import { startDemoStack } from '../support/demo.js';
import type { Answer } from '../support/http.js';
import { publish, searchesRead, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * A scoped suggestion ("kettle" in Kitchen) sends the shopper to its search within its category:
 * that search must find something. Checked for every scoped suggestion a shop offers for what a
 * shopper begins to type: every two letters, and the first four letters of every category title.
 */

/** Everyday starts of words a shopper types, among them those a scope once led nowhere from. */
const EVERYDAY = ['kett', 'head', 'tele', 'sofa', 'lapt', 'lamp', 'moni', 'spea', 'blen', 'tv'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TWO_LETTERS = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second));

async function search(stack: TestStack, body: Record<string, unknown>): Promise<Answer> {
  const response = await stack.search(body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return response.json();
}

/** The listed section's total of a search. */
function listedTotal(answer: Answer): number {
  return answer.sections.find((section: Answer) => section.type === answer.listed)?.total ?? 0;
}

/** The starts to type: every two letters, the everyday ones, and four letters of every category title. */
async function startsOf(stack: TestStack): Promise<string[]> {
  const tree = await (await stack.manage('GET', '/categories')).json();
  const titles = tree.categories.flatMap((node: Answer) =>
    Object.values((node.titles ?? {}) as Record<string, string>),
  );
  const fromTitles = titles.map((title: string) => title.toLowerCase().slice(0, 4));
  return [...new Set([...EVERYDAY, ...TWO_LETTERS, ...fromTitles])];
}

/** Every scoped suggestion the shop offers for the starts, each with its scoped search's total. */
async function scopedSuggestions(
  stack: TestStack,
): Promise<Array<{ typed: string; text: string; category: string; total: number }>> {
  const found: Array<{ typed: string; text: string; category: string; total: number }> = [];
  for (const typed of await startsOf(stack)) {
    const answer = await search(stack, { query: typed, on: 'autocomplete' });
    for (const suggestion of answer.suggestions ?? []) {
      if (suggestion.scope === undefined) continue;
      const scoped = await search(stack, { query: suggestion.text, category: suggestion.scope.category });
      found.push({
        typed,
        text: suggestion.text,
        category: suggestion.scope.category,
        total: listedTotal(scoped),
      });
    }
  }
  return found;
}

describe('the demo shop', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startDemoStack();
  }, 120_000);
  afterAll(async () => stack.close());

  it('scopes "kett" to where kettles are, never to a category without them', async () => {
    const answer = await search(stack, { query: 'kett', on: 'autocomplete' });
    const scopes = answer.suggestions.filter((one: Answer) => one.scope !== undefined);
    expect(scopes).toContainEqual({ text: 'kettle', scope: { category: 'kettles', title: 'Kettles' } });
    expect(scopes.map((one: Answer) => one.scope.category)).not.toContain('keyboards');
  });

  it('offers no scoped suggestion whose search within its category finds nothing', async () => {
    const scoped = await scopedSuggestions(stack);
    expect(scoped.length).toBeGreaterThan(100);
    expect(scoped.filter((one) => one.total === 0)).toEqual([]);
  }, 120_000);
});

/**
 * A real export with a category tree of its own, imported as a shop would: the Open Icecat
 * catalog holds no categories, so it makes no scoped suggestion; Best Buy's products name a path
 * of three categories each.
 */
describe(`a real export with categories (Best Buy, ${WHOLE_EXPORTS ? 'the whole file' : 'the committed sample'})`, () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
    const draft = await sendExport(
      stack,
      wholeOrSample('bestbuy/ecommerce.json', 'bestbuy/ecommerce.json'),
      'ecommerce.json',
      'application/json',
    );
    const { run } = await publish(stack, draft.id, { removing: 1_000_000 });
    expect((await settled(stack, draft.id)).status).toBe('live');
    await searchesRead(stack, run.id);
  }, 300_000);
  afterAll(async () => stack.close());

  it('offers no scoped suggestion whose search within its category finds nothing', async () => {
    const scoped = await scopedSuggestions(stack);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.filter((one) => one.total === 0)).toEqual([]);
  }, 300_000);
});
