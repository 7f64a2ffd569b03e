/**
 * Writes openapi-examples.json: for every operation of the API description, a request to the demo
 * shop and the answer aisle gave, which `npm run openapi` puts into openapi.json (and so into the
 * reference page at /docs). Nothing in it is written by hand: a whole stack runs the demo shop in
 * this process, the tour below calls every public and management operation in an order that makes
 * sense of the next (search, then report a click on the answer; keep an import, then change its
 * rules), and a recording proxy between the control plane and the query node keeps what the
 * internal API was asked and answered meanwhile.
 *
 * The examples are the same on every run: the stack's clock stands still at one moment, the demo
 * is dated from it, the release files name their schemas at the default management address, and
 * the query ids (random in their last bits) are renumbered in the order they appear.
 *
 *     npm run openapi:examples
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { DEMO_SHOP, generateCatalog } from '../src/catalog/demo/index.js';
import { readConfig } from '../src/cli/config.js';
import { loadDemoShop } from '../src/cli/demo.js';
import { startStack } from '../src/cli/stack.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';
import {
  DEFAULT_SERVERS,
  type OpenApiDocument,
  type OperationExample,
  readCommittedOpenApi,
} from '../src/http/openapi.js';
import { fixedClock } from '../src/lib/clock.js';
import { PACKAGE_ROOT } from '../src/lib/package-root.js';
import { startStandInGateway } from '../test/support/ai-gateway.js';

/** The moment the demo shop is seen at. */
const MOMENT = '2026-03-02T10:00:00.000Z';
const MANAGEMENT_KEY = 'demo-management-key';
const INTERNAL_KEY = 'demo-internal-key-of-the-roles';
/** A shopper's browser: the search log counts a browser's searches and clicks, not a script's. */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** An index run's duration as the examples show it. */
const RUN_DURATION_MS = 20_000;
/** How many items of a list an example keeps: enough to show its items, few enough to read. */
const LIST_ITEMS = 3;
// biome-ignore lint/suspicious/noExplicitAny: answers are read as the tour needs them
type Answer = any;

const description = readCommittedOpenApi();
const operations = operationsOf(description);
const examples: Record<string, OperationExample> = {};

const dataDir = await mkdtemp(join(tmpdir(), 'aisle-examples-'));
const internal = await recordingProxy();
// Column suggestions ask a language model through the AI gateway; here a stand-in answers as a
// model would: each column where its name says, the one feed.json does not name (`shade`) a colour.
const STAND_IN_READING: Record<string, Record<string, unknown>> = {
  product_id: { destination: 'id', probability: 0.98 },
  title: { destination: 'title', probability: 0.99 },
  brand: { destination: 'brand', probability: 0.98 },
  category_ids: { destination: 'categories', probability: 0.95 },
  price: { destination: 'price', probability: 0.97 },
  currency: { destination: 'currency', probability: 0.99 },
  availability: { destination: 'availability', probability: 0.96 },
  shade: { destination: 'attributes.color', attribute: { code: 'color', type: 'option' }, probability: 0.94 },
};
const gateway = await startStandInGateway();
gateway.behave({
  kind: 'answer',
  answer: (columns) => ({
    columns: columns.map(({ name }) => ({
      column: name,
      destination: 'ignore',
      probability: 0.5,
      ...STAND_IN_READING[name],
    })),
  }),
});
const clock = fixedClock(MOMENT);
const stack = await startStack(
  readConfig({
    AISLE_PUBLIC_PORT: '0',
    AISLE_INTERNAL_PORT: '0',
    AISLE_MANAGEMENT_PORT: '0',
    AISLE_DATA_DIR: dataDir,
    AISLE_LIVE_POLL_MS: '50',
    AISLE_INDEXER_POLL_MS: '50',
    AISLE_INTERNAL_KEY: INTERNAL_KEY,
    AISLE_INTERNAL_URL: internal.url,
    AISLE_SHED_EVENT_LOOP_DELAY_MS: '0',
    AI_GATEWAY_API_KEY: 'stand-in-key',
    AI_GATEWAY_BASE_URL: gateway.url,
    AI_GATEWAY_MODEL: 'stand-in/column-reader',
  }),
  { query: true, control: true, indexer: true },
  pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  MANAGEMENT_KEY,
  { clock },
);
internal.target = stack.urls.internal!;
// Timed work runs when the tour says (the roll-up of the search log), never on its own.
await stack.scheduler!.stop();

try {
  await tour();
} finally {
  await stack.stop();
  await internal.close();
  await gateway.close();
  await rm(dataDir, { recursive: true, force: true });
}

const missing = Object.keys(operations).filter((id) => !examples[id]);
if (missing.length > 0) throw new Error(`No example for ${missing.join(', ')}.`);
const written = steadied(shortened(sortKeys(examples)));
await writeFile(join(PACKAGE_ROOT, 'openapi-examples.json'), `${JSON.stringify(written, null, 2)}\n`);
console.log(`openapi-examples.json written: ${Object.keys(written).length} operations`);

/** Every call of the tour, in order. */
async function tour(): Promise<void> {
  const schemas = `${DEFAULT_SERVERS[1]!.url}/schemas`;
  const { runId } = await loadDemoShop(stack.deps, schemas);
  await runEnds(runId!);

  // The storefront's day: searches, a page, a product, a click; then the roll-up of the search log.
  await call('getHealth', {});
  const searched = await call('search', {
    body: { query: 'wireless headphones', per_page: 2, page_view: 'pv-1' },
  });
  const hit = searched.sections[0].hits[0];
  await call('searchByUrl', { query: { query: 'kettle', per_page: 2, page_view: 'pv-2' } });
  await call('resolve', {
    query: { url: '/c/electronics/audio/headphones', per_page: 2, page_view: 'pv-3' },
  });
  await call('product', { query: { id: hit.entity.split(':')[1] } });
  await call('robots', {});
  await call('reportEvents', {
    body: {
      page_view: 'pv-1',
      events: [{ type: 'click', query_id: searched.query_id, entity: hit.entity, position: 1 }],
    },
  });
  for (const pageView of ['pv-4', 'pv-5']) {
    await call('search', { body: { query: 'wireless headphones', per_page: 2, page_view: pageView } });
  }
  await stack.searchLog!.flush();
  await stack.scheduler!.runOnce();
  await call('getInsights', { query: { from: MOMENT.slice(0, 10), to: MOMENT.slice(0, 10), limit: 3 } });
  await call('getCampaignInsights', { query: { from: MOMENT.slice(0, 10), to: MOMENT.slice(0, 10) } });

  // What is live, and what the operators look at.
  await call('getLive', {});
  await call('listIndexRuns', { query: { per_page: 2 } });
  await call('getIndexRun', { path: { index_run: runId! } });
  const releases = await call('listReleases', { query: { per_page: 2 } });
  const live = releases.data[0].id;
  await call('getRelease', { path: { release: live } });
  await call('getReleasePublication', { path: { release: live } });
  await call('listCategories', {});
  await call('listRules', {});
  await call('listSynonyms', {});
  await call('getSearchSettings', {});
  await call('pageSettings', { body: { category: 'headphones' } });
  await call('getReleaseFileSchema', { path: { file: 'channels.json' } });
  await call('getStorage', {});
  await call('changeStorage', { body: { kept_catalogs: 3 } });

  // Previews: what a shopper would get, and why one hit sits above another.
  const preview = await call('previewSearch', {
    body: { query: 'headphones', on: 'category_page', category: 'headphones', per_page: 3 },
  });
  await call('previewCompare', { body: { trace: preview.trace, places: [1, 2] } });
  await call('previewFind', { body: { query: 'headphones', per_page: 3, entity: hit.entity } });
  await call('previewPage', { body: { url: '/c/electronics/audio/headphones', per_page: 2 } });

  // Offers change without a rebuild.
  await call('putOffers', {
    body: [{ variant: hit.entity.split(':')[1], channel: 'web', sale_price: 49.99 }],
  });

  // A release stored again (the same files: the same release) and published again.
  const files = (await call('getRelease', { path: { release: live }, record: false })).files;
  await call('createRelease', { body: { files } });
  const republished = await call('publishRelease', { path: { release: live } });
  if (republished.run) await runEnds(republished.run.id);
  const rebuilt = await call('rebuildIndex', {});
  await runEnds(rebuilt.run.id);

  // An export kept as a draft: its inspection, changes, merchandising, and publishing it.
  const csv = shopCsv(demoProducts(3));
  const kept = await call('createImport', {
    query: { name: 'shop-export.csv' },
    body: csv,
    contentType: 'text/csv',
  });
  const id = kept.import.id;
  await call('listImports', { query: { per_page: 2 } });
  let draft = await call('getImport', { path: { import: id } });
  await call('inspectImport', { path: { import: id } });
  const changes = await call('getImportChanges', { path: { import: id } });
  await call('suggestImportColumns', { path: { import: id } });
  draft = await call('changeImport', {
    path: { import: id },
    body: {
      version: draft.version,
      files: { 'synonyms.json': { dictionaries: { en: { groups: [{ words: ['earbuds', 'in-ears'] }] } } } },
    },
  });
  const version = async () => (await call('getImport', { path: { import: id }, record: false })).version;
  await call('listDraftRules', { path: { import: id } });
  const kettlesFirst = {
    id: 'kettles-first',
    description: 'Kettles lead the kitchen page.',
    when: { on: 'category_page', category: { is: 'kitchen' } },
    then: { boost: [{ where: { category: { within: 'kettles' } }, strength: 'strong' }] },
  };
  await call('createDraftRule', {
    path: { import: id },
    body: { version: await version(), rule: kettlesFirst },
  });
  await call('changeDraftRule', {
    path: { import: id, rule: 'kettles-first' },
    body: {
      version: await version(),
      rule: { ...kettlesFirst, description: 'Kettles lead the kitchen page in winter.' },
    },
  });
  await call('moveDraftRule', {
    path: { import: id, rule: 'kettles-first' },
    body: { version: await version(), position: 1 },
  });
  await call('deleteDraftRule', {
    path: { import: id, rule: 'kettles-first' },
    query: { version: await version() },
  });
  await call('getDraftSearchSettings', { path: { import: id } });
  await call('changeDraftSearchSettings', {
    path: { import: id, type: 'product' },
    body: { version: await version(), prefix: false },
  });
  await call('listDraftSynonyms', { path: { import: id } });
  await call('checkDraftSynonym', {
    path: { import: id },
    body: { locale: 'en', entry: { kind: 'group', words: ['kettle', 'boiler'] } },
  });
  await call('addDraftSynonyms', {
    path: { import: id },
    body: {
      version: await version(),
      locale: 'en',
      entries: [{ kind: 'group', words: ['kettle', 'boiler'] }],
    },
  });
  await call('changeDraftSynonym', {
    path: { import: id, locale: 'en', kind: 'groups', index: 0 },
    body: { version: await version(), entry: { kind: 'group', words: ['earbuds', 'in-ears', 'earphones'] } },
  });
  await call('deleteDraftSynonym', {
    path: { import: id, locale: 'en', kind: 'groups', index: 1 },
    query: { version: await version() },
  });
  await call('getImportPublication', { path: { import: id } });
  const other = await call('createImport', {
    query: { name: 'shop-export-2.csv' },
    body: shopCsv(demoProducts(4)),
    contentType: 'text/csv',
    record: false,
  });
  await call('discardImport', { path: { import: other.import.id } });
  // It replaces the whole demo catalog with three products: said so, as publishing asks.
  const published = await call('publishImport', {
    path: { import: id },
    body: { version: await version(), removing: changes.products.removed.count },
  });
  await runEnds(published.run.id, true);

  // The catalog replaced by an upload, and fetched from a feed from now on.
  const upload = await call('putCatalog', {
    body: `${demoProducts(2)
      .map((entity) => JSON.stringify(entity))
      .join('\n')}\n`,
    contentType: 'application/x-ndjson',
  });
  if (upload.run) await runEnds(upload.run.id, true);
  const source = {
    url: 'https://shop.example.com/feeds/products.jsonl',
    interval_minutes: 60,
    on_change: 'draft',
  };
  await call('putCatalogSource', { body: source });
  await call('getCatalogSource', {});
  await call('fetchCatalogSource', {});
  await call('deleteCatalogSource', {});
}

interface CallOptions {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  contentType?: string;
  /** Keep the call as the operation's example: the first successful one is, unless told not to. */
  record?: boolean;
}

/** Calls an operation by its id, keeps it as its example, and answers its body. */
async function call(operationId: string, options: CallOptions): Promise<Answer> {
  const operation = operations[operationId];
  if (!operation) throw new Error(`${operationId} is no operation of openapi.json.`);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) throw new Error(`${operationId} needs the path parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(options.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  const base = operation.tag === 'management' ? stack.urls.management : stack.urls.public;
  const isText = typeof options.body === 'string';
  const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
    method: operation.method.toUpperCase(),
    headers: {
      'user-agent': BROWSER,
      ...(operation.tag === 'management' ? { authorization: `Bearer ${MANAGEMENT_KEY}` } : {}),
      ...(options.body === undefined
        ? {}
        : { 'content-type': options.contentType ?? (isText ? 'text/plain' : 'application/json') }),
    },
    ...(options.body === undefined
      ? {}
      : { body: isText ? (options.body as string) : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const answer = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (!response.ok) {
    throw new Error(`${operationId} ${path}?${query} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  if (options.record !== false && !examples[operationId]) {
    examples[operationId] = {
      request: {
        ...(options.path ? { path: options.path } : {}),
        ...(options.query ? { query: options.query } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.contentType ? { content_type: options.contentType } : {}),
      },
      status: response.status,
      answer,
    };
  }
  return answer;
}

/**
 * Waits until an index run has ended, and its catalog is the one searches read. The runs of the
 * tour's last catalogs (a few products) fail the demo release's checks, and what was live stays.
 */
async function runEnds(id: number, mayFail = false): Promise<void> {
  for (;;) {
    const run = await stack.deps.database.indexRuns.get(id);
    if (run && ['succeeded', 'failed', 'superseded'].includes(run.status)) {
      if (run.status === 'failed' && !mayFail) throw new Error(`Index run ${id} failed: ${run.error}`);
      await stack.live!.refresh();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first products of the demo catalog, as the demo generates them for the moment. */
function demoProducts(count: number): CatalogEntity[] {
  const products: CatalogEntity[] = [];
  for (const entity of generateCatalog({ ...DEMO_SHOP, today: new Date(MOMENT) })) {
    if (entity.type === 'product') products.push(entity);
    if (products.length === count) break;
  }
  return products;
}

/**
 * Products as a shop's CSV export, in the columns the demo release's feed.json reads, and one it
 * does not (`shade`, the colour) that column suggestions place.
 */
function shopCsv(products: CatalogEntity[]): string {
  const columns = [
    'product_id',
    'title',
    'brand',
    'category_ids',
    'price',
    'currency',
    'availability',
    'shade',
  ];
  const cell = (value: unknown) => {
    const text = value === undefined ? '' : String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = products.map((product) => {
    const entity = product as CatalogEntity & Record<string, unknown>;
    const offer = (entity.offers as Array<Record<string, unknown>> | undefined)?.[0] ?? {};
    return [
      entity.id,
      entity.title,
      entity.brand,
      (entity.categories as string[] | undefined)?.join('|'),
      offer.price,
      offer.currency,
      offer.availability,
      (entity.attributes as Record<string, unknown> | undefined)?.color,
    ]
      .map(cell)
      .join(',');
  });
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

interface Operation {
  method: string;
  path: string;
  tag: string;
}

function operationsOf(document: OpenApiDocument): Record<string, Operation> {
  const found: Record<string, Operation> = {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const { operationId, tags } = operation as { operationId: string; tags: string[] };
      found[operationId] = { method, path, tag: tags[0]! };
    }
  }
  return found;
}

/**
 * A stand-in for the internal port the control plane is pointed at: it passes every request on to
 * the query node and keeps the first successful request and answer of each internal operation.
 */
async function recordingProxy() {
  const byRoute = new Map(
    Object.entries(operations)
      .filter(([, operation]) => operation.tag === 'internal')
      .map(([id, operation]) => [`${operation.method.toUpperCase()} ${operation.path}`, id]),
  );
  const proxy = {
    url: '',
    target: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const answer = await fetch(`${proxy.target}${request.url}`, {
        method: request.method!,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
          ),
        ),
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await answer.text();
      const url = new URL(request.url!, 'http://internal');
      const id = byRoute.get(`${request.method} ${url.pathname}`);
      if (id && answer.ok && !examples[id]) {
        examples[id] = {
          request: {
            ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}),
            ...(body.length > 0 ? { body: JSON.parse(body.toString()) } : {}),
          },
          status: answer.status,
          answer: JSON.parse(text),
        };
      }
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      });
      response.end(text);
    })().catch((error: unknown) => {
      response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The examples with every list cut to its first items, at every depth: the demo's answers hold
 * whole category trees, release files and traces, which no reader of an example reads through.
 */
function shortened<T>(value: T): T {
  if (Array.isArray(value)) return value.slice(0, LIST_ITEMS).map(shortened) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, shortened(member)])) as T;
  }
  return value;
}

/**
 * What differs between two runs of the tour written the same: the query ids (below), the stack's
 * addresses (its ports are free ones; written as the default ports the description names), and
 * index runs' measured durations (written as one the demo's first run takes on a laptop).
 */
function steadied<T>(value: T): T {
  let text = JSON.stringify(renumberQueryIds(value));
  for (const [role, server] of [
    ['public', DEFAULT_SERVERS[0]!],
    ['management', DEFAULT_SERVERS[1]!],
  ] as const) {
    text = text.replaceAll(stack.urls[role]!, server.url);
  }
  return JSON.parse(text.replace(/"duration_ms":\d+/g, `"duration_ms":${RUN_DURATION_MS}`)) as T;
}

/**
 * Query ids are UUIDv7s: their time is the stack's moment, their last bits random. Each is written
 * as a UUIDv7 of the same moment numbered in the order the ids first appear, everywhere it appears.
 */
function renumberQueryIds<T>(value: T): T {
  const text = JSON.stringify(value);
  const numbers = new Map<string, string>();
  const time = Date.parse(MOMENT).toString(16).padStart(12, '0');
  const prefix = `${time.slice(0, 8)}-${time.slice(8)}-7000`;
  const renumbered = text.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g,
    (id) => {
      let number = numbers.get(id);
      if (!number) {
        number = `${prefix}-8000-${String(numbers.size + 1).padStart(12, '0')}`;
        numbers.set(id, number);
      }
      return number;
    },
  );
  return JSON.parse(renumbered) as T;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
