import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalRelease, smallShop, toJsonLines } from '../support/catalog.js';
import { type Answer, call, type TestResponse } from '../support/http.js';
import { getImport, sendExport, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * How refusals are answered across the APIs: one rule between 400 (the request is not the shape
 * the endpoint reads) and 422 (the shape is right, a value is not), ids and page numbers read only
 * as whole numbers, and a `code` naming the cause in every problem.
 */

async function problemOf(response: TestResponse, status: number): Promise<Answer> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = JSON.parse(text);
  expect(problem).toMatchObject({ type: 'about:blank', status, code: expect.any(String) });
  return problem;
}

const pointers = (problem: Answer) => problem.violations.map((violation: Answer) => violation.pointer);

describe('with a catalog live and a draft', () => {
  let stack: TestStack;
  let draft: Answer;
  beforeAll(async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', toJsonLines(smallShop));
    await storeAndPublishRelease(stack, {
      ...minimalRelease,
      'channels.json': { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] },
    });
    await waitFor('the catalog to be searchable', async () =>
      (await stack.search({})).status === 200 ? true : undefined,
    );
    draft = await sendExport(stack, toJsonLines(smallShop));
  });
  afterAll(async () => stack.close());

  it('answers 422 invalid_value, with a pointer, for a write whose shape is right and a value is not', async () => {
    const version = draft.version;
    const rule = (then: Record<string, unknown>, description = 'A rule.') => ({
      version,
      rule: { id: 'r', description, then },
    });
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/imports/${draft.id}/rules`, rule({ pin: [{ entity: 'product:p1', position: 0 }] }), '/rule'],
      ['POST', `/imports/${draft.id}/rules`, rule({ sections: ['product'] }, 'x'.repeat(201)), '/rule'],
      [
        'POST',
        `/imports/${draft.id}/rules`,
        {
          version,
          id: 'pin',
          fields: { description: 'Pin.', enabled: true, pins: [{ entity: 'product:p1', position: 0 }] },
        },
        '/fields/pins/0/position',
      ],
      ['PUT', `/imports/${draft.id}/rules/r/position`, { version, position: 0 }, '/position'],
      [
        'PATCH',
        `/imports/${draft.id}/search-settings/product`,
        { version, fields: [{ field: 'title', weight: 0 }] },
        '/fields/0/weight',
      ],
      ['POST', `/imports/${draft.id}/synonyms`, { version, locale: 'en', entries: [] }, '/entries'],
      ['PATCH', `/imports/${draft.id}`, { version, files: 5 }, '/files'],
      ['POST', `/imports/${draft.id}/publish`, { version, removing: -1 }, '/removing'],
      ['PATCH', '/storage', { kept_catalogs: -1 }, '/kept_catalogs'],
      [
        'PUT',
        '/catalog-source',
        { url: 'https://feed.example/x.csv', interval_minutes: 1 },
        '/interval_minutes',
      ],
      ['PUT', '/offers', [{ variant: 'p1', channel: 'web', price: 'cheap' }], '/0/price'],
    ];
    for (const [method, path, body, pointer] of cases) {
      const problem = await problemOf(await stack.manage(method, path, body), 422);
      expect(problem.code, `${method} ${path}`).toMatch(/^(invalid_value|release_violations)$/);
      expect(
        pointers(problem).some((one: string) => one.startsWith(pointer)),
        `${method} ${path}: ${JSON.stringify(problem.violations)}`,
      ).toBe(true);
    }
    expect((await getImport(stack, draft.id)).version).toBe(version);
  });

  it('answers 400 invalid_request for a write whose body is not the shape the endpoint reads', async () => {
    const version = draft.version;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/imports/${draft.id}/publish`, { removing: 1 }, '/version'],
      ['PATCH', `/imports/${draft.id}`, { version, files: {}, extra: true }, '/extra'],
      ['PUT', `/imports/${draft.id}/rules/r/position`, [1], ''],
      ['POST', '/releases', { files: {}, extra: 1 }, '/extra'],
      ['PATCH', '/storage', {}, '/kept_catalogs'],
    ];
    for (const [method, path, body, pointer] of cases) {
      const problem = await problemOf(await stack.manage(method, path, body), 400);
      expect(problem.code, `${method} ${path}`).toBe('invalid_request');
      expect(pointers(problem), `${method} ${path}`).toContain(pointer);
    }
    // As its contract says, the catalog source answers a missing setting 422 too.
    const source = await problemOf(await stack.manage('PUT', '/catalog-source', {}), 422);
    expect(pointers(source)).toEqual(['/url']);
  });

  it('answers 400 for a question it cannot answer as sent, whatever the violation', async () => {
    for (const path of ['/imports?page=0', '/releases?per_page=101', '/rules?time=yesterday']) {
      expect((await problemOf(await stack.manage('GET', path), 400)).code, path).toBe('invalid_request');
    }
    const preview = await stack.manage('POST', '/preview/search', { per_page: 0 });
    expect((await problemOf(preview, 400)).code).toBe('invalid_request');
    const unknown = await problemOf(await stack.manage('GET', '/rules?channel=shop'), 400);
    expect(unknown).toMatchObject({ code: 'unknown_name', violations: [{ pointer: '/channel' }] });
    const search = await problemOf(await stack.search({ per_page: 0 }), 400);
    expect(search).toMatchObject({ code: 'invalid_request', violations: [{ pointer: '/per_page' }] });
  });

  it('reads ids only as whole numbers: 400 naming the id as sent, 404 for one there is none of', async () => {
    for (const path of ['/imports', '/index-runs']) {
      for (const id of ['abc', '01', '1.0', '99999999999999999999', '9007199254740993']) {
        const problem = await problemOf(await stack.manage('GET', `${path}/${id}`), 400);
        expect(problem.code).toBe('invalid_request');
        expect(problem.violations[0].message, `${path}/${id}`).toContain(`"${id}"`);
      }
      const missing = await problemOf(await stack.manage('GET', `${path}/9007199254740991`), 404);
      expect(missing.detail).toContain('9007199254740991');
    }
    expect((await problemOf(await stack.manage('GET', '/index-runs/424242'), 404)).code).toBe(
      'index_run_not_found',
    );
    // A fuzzed DELETE of /imports/01 discarded import 1.
    await problemOf(await stack.manage('DELETE', `/imports/0${draft.id}`), 400);
    expect((await getImport(stack, draft.id)).status).toBe('draft');
  });

  it('answers an empty page past the last one, and 400 for a page that is no whole number', async () => {
    for (const list of ['/imports', '/releases', '/index-runs']) {
      for (const page of ['9999999999999999999', '1e309', 'Infinity', '1.5', '-1']) {
        const problem = await problemOf(await stack.manage('GET', `${list}?page=${page}`), 400);
        expect(pointers(problem), `${list}?page=${page}`).toEqual(['/page']);
      }
      const far = await stack.manage('GET', `${list}?page=9007199254740991&per_page=100`);
      expect(far.status, list).toBe(200);
      const answer = await far.json();
      expect(answer.data).toEqual([]);
      expect(answer.meta.current_page).toBe(9007199254740991);
    }
    for (const page of ['Infinity', '1e309', '01']) {
      const problem = await problemOf(await call(`${stack.urls.public}/v1/search?page=${page}`), 400);
      expect(pointers(problem), page).toEqual(['/page']);
    }
  });

  it('answers a fetch asked for with a JSON content type and no body', async () => {
    await stack.manage('PUT', '/catalog-source', { url: 'https://feed.example/catalog.csv' });
    const fetch = await call(`${stack.urls.management}/api/v1/catalog-source/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
    });
    expect(fetch.status).toBe(202);
    expect((await fetch.json()).fetch_requested_at).toEqual(expect.any(String));
    await stack.manage('DELETE', '/catalog-source');
  });

  it('answers an OPTIONS request that is no CORS preflight with a problem', async () => {
    for (const headers of [{}, { origin: 'https://shop.example' }] as Array<Record<string, string>>) {
      const problem = await problemOf(
        await call(`${stack.urls.public}/v1/search`, { method: 'OPTIONS', headers }),
        400,
      );
      expect(problem.detail).toContain('preflight');
    }
  });

  it('names the cause in every problem: keys, paths, methods, bodies', async () => {
    const management = `${stack.urls.management}/api/v1`;
    const codes = [
      [await call(`${management}/imports`), 401, 'missing_key'],
      [await call(`${management}/imports`, { headers: { authorization: 'Bearer wrong' } }), 401, 'wrong_key'],
      [await stack.manage('GET', '/nothing-here'), 404, 'route_not_found'],
      [await stack.manage('DELETE', '/releases'), 405, 'method_not_allowed'],
      [
        await stack.manage('POST', '/releases', '{"files":', { 'content-type': 'application/json' }),
        400,
        'malformed_json',
      ],
      [await stack.manage('GET', '/imports/424242'), 404, 'import_not_found'],
      [await stack.manage('GET', '/releases/rl_nothing'), 404, 'release_not_found'],
      [await call(`${stack.urls.internal}/internal/categories`), 401, 'missing_key'],
    ] as const;
    for (const [response, status, code] of codes) {
      expect((await problemOf(response, status)).code).toBe(code);
    }
  });
});

describe('a shop with an import but nothing published', () => {
  let stack: TestStack;
  let draft: Answer;
  beforeAll(async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    draft = await sendExport(stack, toJsonLines(smallShop));
  });
  afterAll(async () => stack.close());

  it('shows the draft’s search settings: the default types a change of them starts from', async () => {
    const response = await stack.manage('GET', `/imports/${draft.id}/search-settings`);
    expect(response.status, await response.clone().text()).toBe(200);
    const settings = await response.json();
    expect(settings.version).toBe(draft.version);
    expect(settings.types.map((type: Answer) => type.type)).toContain('product');
  });

  it('answers the draft’s rules and synonyms 503 while nothing is searchable, as the live ones', async () => {
    for (const path of [
      `/imports/${draft.id}/rules`,
      `/imports/${draft.id}/synonyms`,
      '/rules',
      '/synonyms',
    ]) {
      const problem = await problemOf(await stack.manage('GET', path), 503);
      expect(problem.code, path).toBe('not_searchable');
    }
  });

  it('says how publishing the import would go live (its export is the catalog), and 409 where there is no catalog', async () => {
    const publication = await stack.manage('GET', `/imports/${draft.id}/publication`);
    expect(publication.status).toBe(200);
    expect(await publication.json()).toMatchObject({ way: 'rebuild', snapshot: draft.export.snapshot });
    const stored = await (await stack.manage('POST', '/releases', { files: minimalRelease })).json();
    const release = await problemOf(await stack.manage('GET', `/releases/${stored.id}/publication`), 409);
    expect(release.code).toBe('no_catalog_yet');
    expect((await problemOf(await stack.manage('POST', '/index-runs'), 409)).code).toBe('no_catalog_yet');
    await stack.manage('DELETE', `/imports/${draft.id}`);
    const discarded = await problemOf(await stack.manage('GET', `/imports/${draft.id}/publication`), 409);
    expect(discarded.code).toBe('import_discarded');
  });
});
