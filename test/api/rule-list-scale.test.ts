import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallShop, toJsonLines } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { manyRules } from '../support/many-rules.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';
import { watchTasks } from '../support/tasks.js';
import { waitFor } from '../support/wait.js';

/**
 * A release of 20,000 rules: listing them (and finding their conflicts) takes seconds, all of it
 * on a read thread, while the node goes on answering searches; a caller that leaves stops it.
 */
const RULES = 20_000;
/** A release of RULES rules: about 3.4 MB of JSON. */
const files = {
  'ranking.json': {
    sorts: [],
    strengths: {
      boost: { slight: 1.2, medium: 1.5, strong: 2.5 },
      bury: { slight: 0.8, medium: 0.6, strong: 0.3 },
    },
  },
  'rules.json': { rules: manyRules(RULES, ['product:p1', 'product:p2', 'product:p3'], ['audio']) },
};
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  expect((await stack.manage('PUT', '/catalog', toJsonLines(smallShop))).status).toBe(202);
  const stored = await stack.manage('POST', '/releases', { files });
  expect(stored.status).toBe(201);
  const release = (await stored.json()).id;
  expect((await stack.manage('POST', `/releases/${release}/publish`)).status).toBe(202);
  await waitFor('searches to read the release', async () => {
    const live = await (await stack.manage('GET', '/live')).json();
    return live.release === release && (await stack.search({ query: 'kettle' })).status === 200
      ? true
      : undefined;
  });
}, 300_000);
afterAll(async () => {
  await stack?.close();
});

/** A search the live index answers, with its first hit. */
async function searchAnswered(): Promise<void> {
  const answer = await stack.search({ query: 'kettle' });
  expect(answer.status).toBe(200);
  expect((await answer.json()).sections[0].hits[0].entity).toBe('product:p3');
}

describe('GET /api/v1/rules with 20,000 rules', () => {
  it('is made on a read thread while searches are answered, and names the conflicts, at most 10 a rule', async () => {
    const tasks = watchTasks(stack.workers.reads);
    let listed = false;
    const listing = stack.manage('GET', '/rules').finally(() => {
      listed = true;
    });
    const task = await waitFor('the list to be made on a read thread', async () =>
      tasks.find((one) => one.name === 'rules:list'),
    );
    // Searches answered one after another while the list is still being made, and pending.
    for (let search = 0; search < 5; search++) {
      await searchAnswered();
      expect(task.finished).toBe(false);
      expect(listed).toBe(false);
    }

    const response = await listing;
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.rules).toHaveLength(RULES);
    const byId = new Map<string, Answer>(list.rules.map((rule: Answer) => [rule.id, rule]));
    // A redirect no other redirect meets; a boost the first boost of its product takes.
    expect(byId.get('rule-0')).toMatchObject({ conflicts: [] });
    expect(byId.get('rule-0').more_conflicts).toBeUndefined();
    expect(byId.get('rule-17').conflicts).toEqual([
      {
        kind: 'weighted_target',
        rule: 'rule-2',
        entity: 'product:p3',
        message:
          "Rule rule-2 boosts or buries Kettle Steel 1.7 l (product:p3) first, so its strength applies there and this rule's does not.",
      },
    ]);
    // A boost every earlier boost of its product meets: ten listed, and more said to be there.
    const last = byId.get(`rule-${RULES - 3}`);
    expect(last.conflicts).toHaveLength(10);
    expect(last.more_conflicts).toBe(true);
    await searchAnswered();
  });

  it('stops making the list when its caller leaves', async () => {
    const tasks = watchTasks(stack.workers.reads);
    const leaving = new AbortController();
    const call = fetch(`${stack.urls.management}/api/v1/rules`, {
      headers: { authorization: `Bearer ${TEST_KEY}` },
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    const task = await waitFor('the list to be made on a read thread', async () =>
      tasks.find((one) => one.name === 'rules:list'),
    );
    leaving.abort();
    expect(await call).toBeInstanceOf(Error);
    await waitFor('the list to stop', async () => (task.finished ? true : undefined));
    expect(task.failure).toMatchObject({ detail: expect.stringContaining('closed its connection') });
    await searchAnswered();
  });
});

describe('POST /api/v1/releases with 20,000 rules', () => {
  it('checks and names the release on a read thread, not on the thread that answers searches', async () => {
    const tasks = watchTasks(stack.workers.reads);
    const stored = await stack.manage('POST', '/releases', { files });
    expect(stored.status).toBe(200);
    expect(tasks.filter((task) => task.name === 'release:validate')).toEqual([
      { name: 'release:validate', finished: true },
    ]);
    await searchAnswered();
  });
});
