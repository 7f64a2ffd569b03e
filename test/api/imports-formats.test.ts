import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_EXPORTS, wholeOrSample } from '../../src/catalog/testing/exports.js';
import { minimalRelease } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { publish, searchesRead, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/**
 * Real exports nobody on the team wrote: the whole files of ../shared/data when they are there,
 * else the committed samples of the same formats.
 */
interface RealExport {
  label: string;
  path: string;
  sample: string;
  name: string;
  contentType: string;
  /** How the inspection says the file was read. */
  kind: string;
  /** Words of one product's title, and that title. */
  query: string;
  title: RegExp;
  /** The bytes as sent, when the file is sent other than as it lies. */
  transform?: (bytes: Buffer) => Buffer;
  compression?: 'gzip';
}

const exports: RealExport[] = [
  {
    label: 'Shopify product CSV (variants as rows)',
    path: 'shopify-csv/apparel.csv',
    sample: 'shopify-csv/sample.csv',
    name: 'apparel.csv',
    contentType: 'text/csv',
    kind: 'delimited',
    query: 'shirt',
    title: /(Ocean Blue|Linen Summer) Shirt/,
  },
  {
    label: 'BigBasket grocery CSV',
    path: 'bigbasket-grocery/BigBasket Products.csv',
    sample: 'bigbasket-grocery/sample.csv',
    name: 'BigBasket Products.csv',
    contentType: 'text/csv',
    kind: 'delimited',
    query: 'garlic oil capsule',
    title: /Garlic Oil/,
  },
  {
    label: 'Flipkart CSV',
    path: 'flipkart/flipkart_com-ecommerce_sample.csv',
    sample: 'flipkart/sample.csv',
    name: 'flipkart.csv',
    contentType: 'text/csv',
    kind: 'delimited',
    query: 'cycling shorts',
    title: /Cycling Shorts/,
  },
  {
    label: 'Best Buy JSON records',
    path: 'bestbuy/ecommerce.json',
    sample: 'bestbuy/ecommerce.json',
    name: 'ecommerce.json',
    contentType: 'application/json',
    kind: 'json_records',
    query: 'galaxy express prepaid',
    title: /Galaxy Express/,
  },
  {
    label: 'MR PORTER JSON records',
    path: 'mrporter-fashion/data.json',
    sample: 'mrporter-fashion/data.json',
    name: 'data.json',
    contentType: 'application/json',
    kind: 'json_records',
    query: 'jacquard polo shirt',
    title: /Polo Shirt/,
  },
  {
    label: 'Shopify product CSV, gzip-compressed',
    path: 'shopify-csv/jewelery.csv',
    sample: 'shopify-csv/sample.csv',
    name: 'jewelery.csv.gz',
    contentType: 'application/gzip',
    kind: 'delimited',
    query: 'necklace',
    title: /Necklace/i,
    transform: (bytes) => gzipSync(bytes),
    compression: 'gzip',
  },
];

describe(`real exports (${WHOLE_EXPORTS ? 'whole files' : 'samples'}): one import per format, inspected, published and searched`, () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
  });
  afterAll(() => stack?.close());

  for (const real of exports) {
    it(real.label, async () => {
      const raw = wholeOrSample(real.path, real.sample);
      const bytes = real.transform ? real.transform(raw) : raw;
      const draft = await sendExport(stack, bytes, real.name, real.contentType);
      expect(draft.export).toMatchObject({ name: real.name, bytes: bytes.length });

      const inspection = await stack.manage('GET', `/imports/${draft.id}/inspection?sample=true`);
      expect(inspection.status).toBe(200);
      const inspected: Answer = await inspection.json();
      expect(inspected.how.kind).toBe(real.kind);
      expect(inspected.how.compression).toBe(real.compression);
      expect(inspected.counts.products).toBeGreaterThan(0);
      expect(inspected.columns.length).toBeGreaterThan(0);
      expect(inspected.products.length).toBeGreaterThan(0);

      const changes = await (await stack.manage('GET', `/imports/${draft.id}/changes`)).json();
      expect(changes.products.added.count).toBeGreaterThan(0);

      // Each export replaces the one before, all of its products: the caller accepts as many.
      const { run } = await publish(stack, draft.id, { removing: 1_000_000 });
      const live = await settled(stack, draft.id);
      expect(live.status, JSON.stringify(live.run)).toBe('live');
      expect(live.run.report.entities).toBeGreaterThan(0);
      await searchesRead(stack, run.id);
      const answer = await (await stack.search({ query: real.query })).json();
      const products = answer.sections.find((section: { type: string }) => section.type === 'product');
      const titles = (products?.hits ?? []).map((hit: { fields: { title?: unknown } }) =>
        String(hit.fields.title ?? ''),
      );
      expect(
        titles.some((title: string) => real.title.test(title)),
        titles.join(' | '),
      ).toBe(true);
    });
  }
});
