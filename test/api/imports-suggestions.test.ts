import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleExport } from '../../src/catalog/testing/exports.js';
import { type GatewayRequest, type StandInGateway, startStandInGateway } from '../support/ai-gateway.js';
import { call } from '../support/http.js';
import { getImport, sendExport } from '../support/imports.js';
import { startTestStack, TEST_KEY, type TestStack } from '../support/stack.js';

/** MR PORTER's products with their column names in German, as a German shop system would export them. */
const GERMAN: Record<string, string> = {
  imageURL: 'Bild-URL',
  id: 'Artikelnummer',
  name: 'Bezeichnung',
  designerName: 'Designer',
  price: 'Preis',
  colour: 'Farbe',
  sizes: 'Größen',
  saleSeason: 'Saison',
  categories: 'Kategorien',
  outOfStock: 'Ausverkauft',
};
const records = JSON.parse(sampleExport('mrporter-fashion/data.json').toString()) as Array<
  Record<string, unknown>
>;
const german = Buffer.from(
  JSON.stringify(
    records.map((record) => Object.fromEntries(Object.entries(record).map(([k, v]) => [GERMAN[k], v]))),
  ),
);

/**
 * The stand-in's model: where a person reading German would send each column, and how sure it is.
 * The season is a guess below the threshold; the columns the rules know by name it answers too.
 */
const READER: Record<string, { destination: string; attribute?: object; probability: number }> = {
  'Bild-URL': { destination: 'image', probability: 0.97 },
  Artikelnummer: { destination: 'id', probability: 0.98 },
  Bezeichnung: { destination: 'title', probability: 0.96 },
  Designer: { destination: 'brand', probability: 0.95 },
  Preis: { destination: 'price', probability: 0.97 },
  Farbe: {
    destination: 'attributes.colour',
    attribute: { code: 'colour', type: 'option' },
    probability: 0.94,
  },
  Größen: {
    destination: 'attributes.sizes',
    attribute: { code: 'sizes', type: 'option' },
    probability: 0.93,
  },
  Saison: {
    destination: 'attributes.season',
    attribute: { code: 'season', type: 'option' },
    probability: 0.6,
  },
  Kategorien: { destination: 'category_path', probability: 0.95 },
  Ausverkauft: { destination: 'availability', probability: 0.92 },
};
const germanReader = (columns: Array<{ name: string }>) => ({
  columns: columns.map(({ name }) => ({ column: name, ...READER[name] })),
});

let gateway: StandInGateway;
let stack: TestStack;
let draft: { id: number; export: { snapshot: string } };

beforeAll(async () => {
  gateway = await startStandInGateway();
  stack = await startTestStack({
    roles: { indexer: false },
    env: {
      AI_GATEWAY_API_KEY: 'gateway-test-key',
      AI_GATEWAY_BASE_URL: gateway.url,
      AI_GATEWAY_MODEL: 'stand-in/mapper-1',
      AI_GATEWAY_TIMEOUT_MS: '1500',
    },
  });
  draft = await sendExport(stack, german, 'produkte.json', 'application/json');
});
afterAll(async () => {
  await stack?.close();
  await gateway?.close();
});

const suggestions = (id: number | string) => stack.manage('GET', `/imports/${id}/suggestions`);

describe('GET /api/v1/imports/{import}/suggestions', () => {
  it('places the columns of an export named in German that the rules could not read', async () => {
    gateway.behave({ kind: 'answer', answer: germanReader });
    const before = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
    const unplaced = before.columns
      .filter((column: { reason: { code: string } }) => column.reason.code === 'made_attribute')
      .map((column: { name: string }) => column.name);
    // The rules read "Bild-URL" by its parts ("Bild", "URL") and its values (photo addresses).
    expect(unplaced).toEqual(['Farbe', 'Größen', 'Saison', 'Ausverkauft']);

    const response = await suggestions(draft.id);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ model: 'stand-in/mapper-1', threshold: 0.9 });
    const byName = Object.fromEntries(
      answer.columns.map((column: { name: string }) => [column.name, column]),
    );
    expect(byName['Bild-URL']).toMatchObject({
      read: { destination: 'image', reason: { code: 'alias' } },
      suggestion: { destination: 'image' },
      probability: 0.97,
    });
    expect(byName.Farbe).toMatchObject({
      suggestion: { destination: 'attributes.colour', attribute: { code: 'colour', type: 'option' } },
      taken: true,
    });
    // Below the threshold: the column keeps the rules' reading.
    expect(byName.Saison).toMatchObject({ probability: 0.6, taken: false });
    // Placed by the rules with certainty: the model agrees, and the rules' reason stays.
    expect(byName.Preis).toMatchObject({
      read: { destination: 'price', reason: { code: 'alias' } },
      taken: false,
    });
    expect(answer.mapping.columns.slice(0, 3)).toEqual([
      { column: 'Farbe', to: 'attributes.colour' },
      { column: 'Größen', to: 'attributes.sizes' },
      { column: 'Ausverkauft', to: 'availability' },
    ]);
    expect(answer.mapping.columns).toContainEqual({ column: 'Bild-URL', to: 'image' });
    const codes = answer.attributes.attributes.map((attribute: { code: string }) => attribute.code);
    expect(codes).toEqual(expect.arrayContaining(['colour', 'sizes', 'saison']));
    expect(codes).not.toContain('bild_url');
    expect(codes).not.toContain('farbe');

    // The import read with the suggested files: the columns go where the model said.
    const { version } = await getImport(stack, draft.id);
    const patched = await stack.manage('PATCH', `/imports/${draft.id}`, {
      version,
      files: { 'feed.json': answer.mapping, 'attributes.json': answer.attributes },
    });
    expect(patched.status).toBe(200);
    const after = await (await stack.manage('GET', `/imports/${draft.id}/inspection`)).json();
    const placed = Object.fromEntries(
      after.columns.map((column: { name: string; destination: string }) => [column.name, column.destination]),
    );
    expect(placed).toMatchObject({
      'Bild-URL': 'image',
      Farbe: 'attributes.colour',
      Größen: 'attributes.sizes',
      Ausverkauft: 'availability',
      Saison: 'attributes.saison',
    });
    expect(after.products[0].tile).toMatchObject({
      entity: 'product:10163292707229244',
      image: 'https://cache.mrporter.com/variants/images/10163292707229244/in/w300.jpg',
      availability: 'in_stock',
    });
    expect(after.counts.products).toBe(records.length);
  });

  it('shows the model only column names, five values of each and the release’s attribute codes', async () => {
    gateway.behave({ kind: 'answer', answer: germanReader });
    const asked = gateway.requests.length;
    expect((await suggestions(draft.id)).status).toBe(200);
    const request: GatewayRequest = gateway.requests[asked]!;
    expect(request.path).toBe('/language-model');
    expect(request.headers.authorization).toBe('Bearer gateway-test-key');
    expect(request.headers['ai-language-model-id']).toBe('stand-in/mapper-1');
    expect(request.body.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object' } });
    const user = request.body.prompt!.find((message) => message.role === 'user')!;
    const text = typeof user.content === 'string' ? user.content : user.content.map((p) => p.text).join('');
    const shown = JSON.parse(text);
    expect(Object.keys(shown)).toEqual(['columns', 'attribute_codes_the_shop_has']);
    expect(shown.columns.map((column: { name: string }) => column.name)).toEqual(Object.values(GERMAN));
    for (const column of shown.columns) expect(column.samples.length).toBeLessThanOrEqual(5);
    expect(shown.attribute_codes_the_shop_has.sort()).toEqual(['colour', 'saison', 'sizes']);
    const sent = JSON.stringify(request.body);
    expect(sent).not.toContain(TEST_KEY);
    expect(sent).not.toContain('gateway-test-key');
    // Never the whole export: the 60th product's title is no sample.
    expect(sent).not.toContain(String(records[59]!.name));
  });

  it('answers 502 when the gateway does not answer in time, fails, or answers no column mapping', async () => {
    for (const behaviour of [
      { kind: 'silent' as const },
      { kind: 'status' as const, status: 500 },
      { kind: 'text' as const, text: 'I think the first column is the title.' },
      {
        kind: 'text' as const,
        text: JSON.stringify({ columns: [{ column: 'Preis', destination: 'price' }] }),
      },
    ]) {
      gateway.behave(behaviour);
      const response = await suggestions(draft.id);
      expect(response.status, behaviour.kind).toBe(502);
      const problem = await response.json();
      expect(problem.detail, behaviour.kind).toMatch(/AI gateway/);
      expect(problem.detail).not.toContain('gateway-test-key');
    }
  });

  it('answers 401 without the key, 404 for an import there is not', async () => {
    const anonymous = await call(`${stack.urls.management}/api/v1/imports/${draft.id}/suggestions`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect((await suggestions(99_999)).status).toBe(404);
    expect((await suggestions('nope')).status).toBe(404);
  });

  it('answers 422 when the export cannot be read with the draft’s feed.json', async () => {
    const unreadable = await sendExport(stack, 'id;title\n1;Kettle\n', 'export.csv', 'text/csv');
    const { version } = await getImport(stack, unreadable.id);
    await stack.manage('PATCH', `/imports/${unreadable.id}`, {
      version,
      files: { 'feed.json': { encoding: 'klingon' } },
    });
    const response = await suggestions(unreadable.id);
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toContain('klingon');
  });
});

describe('POST /internal/imports/suggest', () => {
  const internal = (body: unknown) => stack.internal('/internal/imports/suggest', body);

  it('answers the suggestions, 400 for a body that is no request, 404 for a snapshot not kept', async () => {
    // Behind the internal key, as every internal route.
    const anonymous = await call(`${stack.urls.internal}/internal/imports/suggest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ snapshot: draft.export.snapshot, files: {} }),
    });
    expect(anonymous.status).toBe(401);
    gateway.behave({ kind: 'answer', answer: germanReader });
    const answered = await internal({ snapshot: draft.export.snapshot, files: {} });
    expect(answered.status).toBe(200);
    expect((await answered.json()).columns).toHaveLength(10);
    expect((await internal({ files: {} })).status).toBe(400);
    expect((await internal({ snapshot: 'sn_nope', files: {} })).status).toBe(404);
    const invalid = await internal({
      snapshot: draft.export.snapshot,
      files: { 'categories.json': { default: { facets: ['nothing_such'] } } },
    });
    expect(invalid.status).toBe(422);
    gateway.behave({ kind: 'status', status: 503 });
    expect((await internal({ snapshot: draft.export.snapshot, files: {} })).status).toBe(502);
  });
});

describe('without a query node to ask', () => {
  it('answers 502 naming the query side', async () => {
    const alone = await startTestStack({
      roles: { query: false, indexer: false },
      env: { AISLE_INTERNAL_URL: 'http://127.0.0.1:9', AI_GATEWAY_API_KEY: 'gateway-test-key' },
    });
    try {
      const own = await sendExport(alone, german, 'produkte.json', 'application/json');
      const response = await alone.manage('GET', `/imports/${own.id}/suggestions`);
      expect(response.status).toBe(502);
      expect((await response.json()).detail).toContain('query side');
    } finally {
      await alone.close();
    }
  });
});

describe('without an AI gateway key', () => {
  it('answers 503 on the management API and the internal API, saying how to turn suggestions on', async () => {
    const keyless = await startTestStack({ roles: { indexer: false } });
    try {
      const own = await sendExport(keyless, german, 'produkte.json', 'application/json');
      const response = await keyless.manage('GET', `/imports/${own.id}/suggestions`);
      expect(response.status).toBe(503);
      expect((await response.json()).detail).toContain('AI_GATEWAY_API_KEY');
      const internal = await keyless.internal('/internal/imports/suggest', {
        snapshot: own.export.snapshot,
        files: {},
      });
      expect(internal.status).toBe(503);
    } finally {
      await keyless.close();
    }
  });
});
