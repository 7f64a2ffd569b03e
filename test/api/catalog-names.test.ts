import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, generateCatalog } from '../../src/catalog/demo/index.js';
import { demoReleaseFiles } from '../../src/catalog/demo/release.js';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import type { RoutesFile, RulesFile, TestsFile } from '../../src/contracts/release-files/index.js';
import { toJsonLines } from '../support/catalog.js';
import { finishedRun, startDemoStack } from '../support/demo.js';
import type { Answer } from '../support/http.js';
import { searchesRead } from '../support/imports.js';
import type { TestStack } from '../support/stack.js';

/**
 * A catalog that changed under the release written for it: the feed dropped the soundbars
 * category with its products, the pinned best seller P100137 and the recalled kettle P100233 the
 * release hides.
 */
const GONE = new Set(['product:P100137', 'product:P100233']);
const inSoundbars = (entity: CatalogEntity) =>
  (entity.type === 'category' && entity.id === 'soundbars') ||
  (entity.categories ?? []).some((link) => (typeof link === 'string' ? link : link.id) === 'soundbars');
const changedCatalog = [...generateCatalog(DEMO_SHOP)].filter(
  (entity) => !inSoundbars(entity) && !GONE.has(`${entity.type}:${entity.id}`),
);

const demoRules = demoReleaseFiles['rules.json'] as RulesFile;
const demoRoutes = demoReleaseFiles['routes.json'] as RoutesFile;
const demoTests = demoReleaseFiles['tests.json'] as TestsFile;

/**
 * The demo release with a rule filter and an old URL that name the soundbars too, and without the
 * result test that expects the pinned best seller first (which the changed catalog lacks).
 */
const release = {
  ...demoReleaseFiles,
  'rules.json': {
    rules: [
      ...demoRules.rules,
      {
        id: 'soundbar-searches',
        description: 'A search for a soundbar lists the soundbars only.',
        when: { on: 'search', query: { contains: 'soundbar' } },
        then: { filter: { type: 'product', where: { category: { within: 'soundbars' } } } },
      },
      {
        id: 'soundbars-page',
        description: 'A search for "soundbars" opens the soundbars page.',
        when: { on: 'search', query: { is: 'soundbars' } },
        then: { redirect: { to: 'category:soundbars' } },
      },
    ],
  },
  'routes.json': {
    ...demoRoutes,
    legacy: [...(demoRoutes.legacy ?? []), { from: '/shop/soundbars.html', to: 'category:soundbars' }],
  },
  'tests.json': { tests: demoTests.tests.filter((test) => test.id !== 'headphones-page-pins') },
};
const FILTER_RULE = demoRules.rules.length;
const PIN_RULE = demoRules.rules.findIndex((rule) => rule.id === 'pin-headphones');
const HIDE_RULE = demoRules.rules.findIndex((rule) => rule.id === 'hide-recalled');
const nodes = (demoReleaseFiles['categories.json'] as { nodes: Array<{ category: string; where?: unknown }> })
  .nodes;
const SOUNDBARS_NODE = nodes.findIndex((node) => node.category === 'soundbars');
const SMART_NODE = nodes.findIndex((node) => node.where !== undefined);

/** Every name the release gives the changed catalog that it does not hold, as file and pointer. */
const MISSING = [
  `categories.json /nodes/${SOUNDBARS_NODE}/category`,
  `categories.json /nodes/${SMART_NODE}/where/category/is`,
  `rules.json /rules/${HIDE_RULE}/then/hide/0/entities/0`,
  `rules.json /rules/${PIN_RULE}/then/pin/0/entity`,
  `rules.json /rules/${FILTER_RULE}/then/filter/where/category/within`,
  `rules.json /rules/${FILTER_RULE + 1}/then/redirect/to`,
  // The demo's old product URL moves to the pinned best seller the changed catalog lacks.
  `routes.json /legacy/${demoRoutes.legacy!.findIndex((route) => 'to' in route && route.to === 'product:P100137')}/to`,
  `routes.json /legacy/${demoRoutes.legacy!.length}/to`,
];
const where = (violations: Answer[]) => violations.map(({ file, pointer }) => `${file} ${pointer}`);

let stack: TestStack;
beforeAll(async () => {
  stack = await startDemoStack();
}, 120_000);
afterAll(async () => stack.close());

async function products(request: Record<string, unknown>): Promise<Answer> {
  const answer = await (await stack.search(request)).json();
  return answer.sections.find((section: Answer) => section.type === 'product');
}

describe('a catalog that no longer holds what the release names', () => {
  it('is held back while a result test of tests.json fails with it, naming the test', async () => {
    const live = await (await stack.manage('GET', '/live')).json();
    const upload = await (await stack.manage('PUT', '/catalog', toJsonLines(changedCatalog))).json();
    const run = await finishedRun(stack, upload.run.id, 60_000);
    expect(run).toMatchObject({ status: 'failed', failed_step: 'testing', live: false });
    expect(run.error).toContain('Test "headphones-page-pins": expected "product:P100137" first');
    expect((await (await stack.manage('GET', '/live')).json()).run).toBe(live.run);
  }, 60_000);

  it('builds and goes live with a release whose tests hold, each missing name a warning of the run', async () => {
    // Against the catalog live now, which still holds everything, the release is stored and published.
    const stored = await stack.manage('POST', '/releases', { files: release });
    expect(stored.status).toBe(201);
    const { id } = await stored.json();
    const published = await stack.manage('POST', `/releases/${id}/publish`);
    expect(published.status).toBe(202);
    const run = await finishedRun(stack, (await published.json()).run.id, 60_000);
    expect(run).toMatchObject({ status: 'succeeded', live: true, release: id });
    expect(where(run.report.warnings)).toEqual(MISSING);
    expect(run.report.warnings[4].message).toBe(
      '"soundbars" is no category of the catalog, so this matches nothing: name a category the catalog holds, or remove it.',
    );
    expect(run.report.warnings[3].message).toContain('The catalog holds no "product:P100137"');
    expect(run.report.warnings[5].message).toContain('The catalog holds no "category:soundbars"');
    await searchesRead(stack, run.id);

    // The pins the catalog still holds stand where they were; the rule filter naming the soundbars matches nothing.
    const headphones = (await products({ on: 'category_page', category: 'headphones' })).hits.map(
      (hit: Answer) => hit.entity,
    );
    expect([headphones[1], headphones[3]]).toEqual(['product:P100201', 'product:P101051']);
    expect(headphones).not.toContain('product:P100137');
    expect((await products({ query: 'soundbar', redirect: false })).total).toBe(0);
    // A redirect to the page the catalog lost is not taken: the search answers with its results.
    const soundbars = await (await stack.search({ query: 'soundbars' })).json();
    expect(soundbars.redirect).toBeUndefined();
    expect(soundbars.sections.length).toBeGreaterThan(0);
  }, 60_000);

  it('lists the rules acting only on what the catalog lost as dormant in GET /rules, with the missing names', async () => {
    const list = await (await stack.manage('GET', '/rules')).json();
    const rules = Object.fromEntries(list.rules.map((rule: Answer) => [rule.id, rule]));
    expect(rules['hide-recalled']).toMatchObject({
      state: 'dormant',
      entities: [{ entity: 'product:P100233', gone: true }],
      warnings: [
        {
          file: 'rules.json',
          pointer: `/rules/${HIDE_RULE}/then/hide/0/entities/0`,
          message: expect.any(String),
        },
      ],
    });
    // Its other pins are held, so the headphones rule acts: only the lost one is marked.
    expect(rules['pin-headphones'].state).toBe('active');
    expect(rules['pin-headphones'].entities.map((one: Answer) => one.gone === true)).toEqual([
      true,
      false,
      false,
    ]);
    expect(rules['soundbars-page'].state).toBe('dormant');
    expect(rules['soundbar-searches']).toMatchObject({
      state: 'active',
      warnings: [
        expect.objectContaining({ pointer: `/rules/${FILTER_RULE}/then/filter/where/category/within` }),
      ],
    });
  });

  it('refuses the same release stored or published anew, each missing name with file and pointer', async () => {
    const stored = await stack.manage('POST', '/releases', { files: release });
    expect(stored.status).toBe(422);
    const problem = await stored.json();
    expect(where(problem.violations)).toEqual(MISSING);

    const live = await (await stack.manage('GET', '/live')).json();
    const again = await stack.manage('POST', `/releases/${live.release}/publish`);
    expect(again.status).toBe(422);
    expect(where((await again.json()).violations)).toEqual(MISSING);
  });
});
