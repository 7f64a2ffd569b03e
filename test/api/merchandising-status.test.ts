import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallShop, toJsonLines } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { getImport, searchesRead, sendExport } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * The status codes of the rules, synonyms and search settings endpoints that the demo shop's
 * tests do not meet: nothing live yet (503), the query side gone (502), and a draft whose files no
 * longer make a valid release over what was published since (422).
 */

const shop = toJsonLines(smallShop);

/** A small release: one channel, English synonyms, strengths a boost needs. */
const release = {
  'channels.json': { channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }] },
  'ranking.json': {
    sorts: [],
    strengths: {
      boost: { slight: 1.1, medium: 1.5, strong: 2 },
      bury: { slight: 0.9, medium: 0.6, strong: 0.3 },
    },
  },
  'rules.json': {
    rules: [{ id: 'hide-kettle', description: 'No kettles.', then: { hide: [{ entity: 'product:p3' }] } }],
  },
  'synonyms.json': { dictionaries: { en: { groups: [{ words: ['earbuds', 'earphones'] }] } } },
};

const boostRule = {
  id: 'acme-up',
  description: 'Acme up.',
  then: { boost: [{ where: { brand: 'Acme' }, strength: 'medium' }] },
};

/** Every write to a draft's rules, synonyms and search settings, on `version`. */
function writes(id: number, version: string): Array<[string, string, unknown?]> {
  const query = `?version=${encodeURIComponent(version)}`;
  return [
    ['POST', `/imports/${id}/rules`, { version, rule: boostRule }],
    ['PATCH', `/imports/${id}/rules/hide-kettle`, { version, fields: { description: 'No kettles at all.' } }],
    ['DELETE', `/imports/${id}/rules/hide-kettle${query}`],
    ['PUT', `/imports/${id}/rules/hide-kettle/position`, { version, position: 2 }],
    [
      'POST',
      `/imports/${id}/synonyms`,
      { version, locale: 'en', entries: [{ kind: 'group', words: ['kettle', 'boiler'] }] },
    ],
    [
      'PATCH',
      `/imports/${id}/synonyms/en/groups/0`,
      { version, entry: { kind: 'group', words: ['earbuds', 'in-ears'] } },
    ],
    ['DELETE', `/imports/${id}/synonyms/en/groups/0${query}`],
    ['PATCH', `/imports/${id}/search-settings/product`, { version, prefix: false }],
  ];
}

async function storeAndPublish(stack: TestStack, files: Record<string, unknown>): Promise<Answer> {
  const stored = await stack.manage('POST', '/releases', { files });
  const { id } = await stored.json();
  return (await stack.manage('POST', `/releases/${id}/publish`)).json();
}

describe('with nothing live', () => {
  let stack: TestStack;
  let draft: Answer;
  beforeAll(async () => {
    stack = await startTestStack({ roles: { indexer: false } });
    await storeAndPublish(stack, release);
    draft = await sendExport(stack, shop);
  });
  afterAll(async () => stack.close());

  it('answers the lists of what searches read 503, saying what is missing', async () => {
    for (const path of [
      '/rules',
      '/synonyms',
      '/search-settings',
      `/imports/${draft.id}/rules`,
      `/imports/${draft.id}/synonyms`,
    ]) {
      const response = await stack.manage('GET', path);
      expect(response.status, path).toBe(503);
      expect((await response.json()).detail, path).toContain('Nothing is searchable yet');
    }
    const check = await stack.manage('POST', `/imports/${draft.id}/synonyms/check`, {
      locale: 'en',
      entry: { kind: 'group', words: ['kettle', 'boiler'] },
    });
    expect(check.status).toBe(503);
  });

  it('answers every write 409 with the draft as it is now on a stale version, 404 for an import there is none of, 400 for a body that is none', async () => {
    const current = await getImport(stack, draft.id);
    for (const [method, path, body] of writes(draft.id, 'dv_stale')) {
      const response = await stack.manage(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(409);
      expect((await response.json()).draft, path).toMatchObject({
        import: draft.id,
        version: current.version,
      });
    }
    for (const [method, path, body] of writes(9999, current.version)) {
      expect((await stack.manage(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    for (const [method, path, body] of writes(draft.id, current.version)) {
      const broken = body === undefined ? path.replace(/\?version=.*$/, '?versions=1') : path;
      const response = await stack.manage(
        method,
        broken,
        body === undefined ? undefined : { ...body, extra: true },
      );
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await response.json()).code).toBe('invalid_request');
    }
    expect((await getImport(stack, draft.id)).version).toBe(current.version);
  });

  it('still writes a draft, its answer listing entities without catalog facts, and shows its search settings', async () => {
    const response = await stack.manage('POST', `/imports/${draft.id}/rules`, {
      version: draft.version,
      id: 'pin-earbuds',
      fields: { description: 'Earbuds first.', enabled: true, pins: [{ entity: 'product:p2', position: 1 }] },
    });
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer.rules.find((rule: Answer) => rule.id === 'pin-earbuds')).toMatchObject({
      state: 'active',
      entities: [{ entity: 'product:p2' }],
    });
    const synonyms = await stack.manage('POST', `/imports/${draft.id}/synonyms`, {
      version: answer.version,
      locale: 'en',
      entries: [{ kind: 'group', words: ['kettle', 'boiler'] }],
    });
    expect(synonyms.status).toBe(201);
    const settings = await stack.manage('GET', `/imports/${draft.id}/search-settings`);
    expect(settings.status).toBe(200);
    expect((await settings.json()).types.map((one: Answer) => one.type)).toEqual([
      'product',
      'category',
      'brand',
      'content',
    ]);
  });
});

describe('without a query side to ask', () => {
  let stack: TestStack;
  let draft: Answer;
  beforeAll(async () => {
    stack = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9' },
    });
    draft = await sendExport(stack, shop);
    // The draft's files are set in storage: checking them through the API needs the query side too.
    const record = await stack.deps.database.imports.get(draft.id);
    await stack.deps.database.imports.changeFiles(draft.id, record!.revision, release);
    draft = await getImport(stack, draft.id);
  });
  afterAll(async () => stack.close());

  it('answers every endpoint 502, writing nothing', async () => {
    const version = encodeURIComponent(draft.version);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/rules'],
      ['GET', `/imports/${draft.id}/rules`],
      ['POST', `/imports/${draft.id}/rules`, { version: draft.version, rule: boostRule }],
      [
        'PATCH',
        `/imports/${draft.id}/rules/hide-kettle`,
        { version: draft.version, fields: { enabled: false } },
      ],
      ['DELETE', `/imports/${draft.id}/rules/hide-kettle?version=${version}`],
      ['PUT', `/imports/${draft.id}/rules/hide-kettle/position`, { version: draft.version, position: 1 }],
      ['GET', '/synonyms'],
      ['GET', `/imports/${draft.id}/synonyms`],
      [
        'POST',
        `/imports/${draft.id}/synonyms`,
        { version: draft.version, locale: 'en', entries: [{ kind: 'group', words: ['kettle', 'boiler'] }] },
      ],
      [
        'PATCH',
        `/imports/${draft.id}/synonyms/en/groups/0`,
        { version: draft.version, entry: { kind: 'group', words: ['earbuds', 'in-ears'] } },
      ],
      ['DELETE', `/imports/${draft.id}/synonyms/en/groups/0?version=${version}`],
      [
        'POST',
        `/imports/${draft.id}/synonyms/check`,
        { locale: 'en', entry: { kind: 'group', words: ['a', 'b'] } },
      ],
      ['GET', '/search-settings'],
      ['GET', `/imports/${draft.id}/search-settings`],
      ['PATCH', `/imports/${draft.id}/search-settings/product`, { version: draft.version, prefix: false }],
    ];
    for (const [method, path, body] of calls) {
      const response = await stack.manage(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(502);
    }
    expect((await getImport(stack, draft.id)).version).toBe(draft.version);
  });
});

describe('a draft whose files no longer make a valid release', () => {
  let stack: TestStack;
  let draft: Answer;
  beforeAll(async () => {
    stack = await startTestStack();
    await stack.manage('PUT', '/catalog', shop);
    const { run } = await storeAndPublish(stack, release);
    await waitFor('the first run', async () => {
      const current = await (await stack.manage('GET', `/index-runs/${run.id}`)).json();
      return current.status === 'succeeded' ? current : undefined;
    });
    await searchesRead(stack, run.id);
    draft = await sendExport(stack, shop);
    const added = await stack.manage('POST', `/imports/${draft.id}/rules`, {
      version: draft.version,
      rule: boostRule,
    });
    expect(added.status).toBe(201);
    // A release without strengths is published under the draft: its boost has none to read.
    const { strengths: _strengths, ...ranking } = release['ranking.json'];
    await storeAndPublish(stack, { ...release, 'ranking.json': ranking });
    draft = await getImport(stack, draft.id);
  }, 60_000);
  afterAll(async () => stack.close());

  it('answers its lists and a check 422, naming the file and pointer', async () => {
    const requests: Array<[string, string, unknown?]> = [
      ['GET', `/imports/${draft.id}/rules`],
      ['GET', `/imports/${draft.id}/synonyms`],
      ['GET', `/imports/${draft.id}/search-settings`],
      [
        'POST',
        `/imports/${draft.id}/synonyms/check`,
        { locale: 'en', entry: { kind: 'group', words: ['a', 'b'] } },
      ],
    ];
    for (const [method, path, body] of requests) {
      const response = await stack.manage(method, path, body);
      expect(response.status, path).toBe(422);
      expect((await response.json()).violations, path).toEqual([
        { file: 'rules.json', pointer: '/rules/1/then/boost', message: expect.stringContaining('strengths') },
      ]);
    }
  });

  it('answers a write that leaves the violation 422 too, and writes it once the change mends it', async () => {
    const version = draft.version;
    const kept = await stack.manage('PATCH', `/imports/${draft.id}/search-settings/product`, {
      version,
      prefix: false,
    });
    expect(kept.status).toBe(422);
    const mended = await stack.manage(
      'DELETE',
      `/imports/${draft.id}/rules/acme-up?version=${encodeURIComponent(version)}`,
    );
    expect(mended.status).toBe(200);
    expect((await mended.json()).rules.map((rule: Answer) => rule.id)).toEqual(['hide-kettle']);
  });
});
