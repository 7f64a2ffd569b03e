import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, writeCatalogJsonl } from '../../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../../src/catalog/demo/release.js';
import { loadDemoShop } from '../../src/cli/demo.js';
import type { TestsFile } from '../../src/contracts/release-files/index.js';
import { getImport, searchesRead, sendExport } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

type Test = TestsFile['tests'][number];

const demoTests = (demoReleaseFiles['tests.json'] as TestsFile).tests;
/** Where tests added after the demo release's own stand in tests.json. */
const ADDED_AT = demoTests.length;

/** The demo release with these tests after its own. */
function withTests(...tests: Test[]): Record<string, unknown> {
  return { ...demoReleaseFiles, 'tests.json': { tests: [...demoTests, ...tests] } };
}

/** What resolution must find in "red kettle": the kettles, in red, nothing left as text. */
const redKettle = (category: string): Test => ({
  id: 'red-kettle',
  description: '"red kettle" lists the red kettles.',
  request: { query: 'red kettle', redirect: false },
  expect: { resolved: { category, filters: { color: 'Red' }, complete: true } },
});

/** Which rules a search for Sonora televisions under 500 applies. */
const sonoraTv = (applied: string[]): Test => ({
  id: 'sonora-tv-under-500',
  description: 'Sonora televisions under 500 stay within televisions and favour the partner brand.',
  request: { query: 'sonora tv under 500', redirect: false },
  expect: { resolved: { category: 'televisions', complete: true }, rules: { applied } },
});

async function releaseCount(stack: TestStack): Promise<number> {
  return (await (await stack.manage('GET', '/releases')).json()).meta.total;
}

describe('plan tests against the live demo shop', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    const { runId } = await loadDemoShop(stack.deps);
    await searchesRead(stack, runId!);
  }, 120_000);
  afterAll(async () => stack.close());

  it('POST /api/v1/releases answers 422 naming each failing test and keeps nothing', async () => {
    const before = await releaseCount(stack);
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('coffee-machines'), sonoraTv(['tv-partner-brand', 'rewrite-cheap'])),
    });
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.violations).toEqual([
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT}/expect/resolved/category`,
        message: 'Test "red-kettle": expected the category "coffee-machines", got "kettles".',
      },
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT + 1}/expect/rules/applied/1`,
        message: expect.stringMatching(
          /^Test "sonora-tv-under-500": the rule "rewrite-cheap" did not apply; /,
        ),
      },
    ]);
    expect(await releaseCount(stack)).toBe(before);
  });

  it('POST /api/v1/releases stores the same release when its expectations hold for the live catalog', async () => {
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('kettles'), sonoraTv(['tv-partner-brand'])),
    });
    expect(response.status).toBe(201);
    const release = await response.json();
    expect(release.files['tests.json'].tests.map((test: Test) => test.id).slice(ADDED_AT)).toEqual([
      'red-kettle',
      'sonora-tv-under-500',
    ]);
  });

  it('PATCH /api/v1/imports/{import} refuses tests that fail with 422 and keeps the draft as it was', async () => {
    const draft = await sendExport(stack, writeCatalogJsonl(DEMO_SHOP), 'shop.jsonl');
    const failing = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'tests.json': { tests: [...demoTests, redKettle('coffee-machines')] } },
    });
    expect(failing.status).toBe(422);
    expect((await failing.json()).violations).toEqual([
      {
        file: 'tests.json',
        pointer: `/tests/${ADDED_AT}/expect/resolved/category`,
        message: 'Test "red-kettle": expected the category "coffee-machines", got "kettles".',
      },
    ]);
    const unchanged = await getImport(stack, draft.id);
    expect(unchanged.files).toEqual({});
    expect(unchanged.version).toBe(draft.version);

    const passing = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version: draft.version,
      files: { 'tests.json': { tests: [...demoTests, redKettle('kettles')] } },
    });
    expect(passing.status).toBe(200);
    expect((await getImport(stack, draft.id)).files['tests.json'].tests.at(-1).id).toBe('red-kettle');
  });
});

describe('plan tests with nothing live', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ roles: { indexer: false } });
  });
  afterAll(async () => stack.close());

  it('are left to the index run: with no catalog to resolve against, the release is stored', async () => {
    const response = await stack.manage('POST', '/releases', {
      files: withTests(redKettle('coffee-machines')),
    });
    expect(response.status).toBe(201);
  });
});
