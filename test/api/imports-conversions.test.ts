import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bestBuyFeedItems,
  icecatPart,
  parseCsv,
  sampleExport,
  type Table,
  toCsv,
  toMerchantFeed,
  toTsv,
  toWindows1252,
  toXlsx,
  WHOLE_EXPORTS,
  wholeOrSample,
} from '../../src/catalog/testing/exports.js';
import { minimalRelease } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { publish, searchesRead, sendExport, settled, storeAndPublishRelease } from '../support/imports.js';
import { startTestStack, type TestStack } from '../support/stack.js';

/** The first rows of a table: enough to find a product, few enough to keep the suite quick. */
const head = (table: Table, rows: number): Table => table.slice(0, rows + 1);

interface Converted {
  label: string;
  name: string;
  contentType: string;
  kind: string;
  bytes: () => Promise<Buffer>;
  query: string;
  title: RegExp;
  encoding?: string;
}

/** The whole exports of ../shared/data when they are there, else the committed samples. */
const bigBasket = () =>
  parseCsv(wholeOrSample('bigbasket-grocery/BigBasket Products.csv', 'bigbasket-grocery/sample.csv'));
const flipkart = () =>
  parseCsv(wholeOrSample('flipkart/flipkart_com-ecommerce_sample.csv', 'flipkart/sample.csv'));
const bestBuy = JSON.parse(
  wholeOrSample('bestbuy/ecommerce.json', 'bestbuy/ecommerce.json').toString('utf8'),
) as Array<{
  name: string;
  description: string;
  image: string;
  brand: string;
  price: number;
  categories: string[];
}>;

const converted: Converted[] = [
  {
    label: `Icecat JSON (${WHOLE_EXPORTS ? 'a whole part' : 'a sample'}, prices in cents)`,
    name: 'icecat-1.json',
    contentType: 'application/json',
    kind: 'json_records',
    bytes: async () => (WHOLE_EXPORTS ? icecatPart(1) : sampleExport('icecat-electronics/sample.json')),
    query: 'xerox toner cartridge 006r90321',
    title: /006R90321/,
  },
  {
    label: 'BigBasket as a spreadsheet workbook',
    name: 'bigbasket.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'workbook',
    bytes: () => toXlsx(head(bigBasket(), 2000)),
    query: 'garlic oil capsule',
    title: /Garlic Oil/,
  },
  {
    label: 'Flipkart as tab-separated text',
    name: 'flipkart.tsv',
    contentType: 'text/tab-separated-values',
    kind: 'delimited',
    bytes: async () => toTsv(head(flipkart(), 2000)),
    query: 'cycling shorts',
    title: /Cycling Shorts/,
  },
  {
    label: 'BigBasket as Windows-1252 with semicolons',
    name: 'bigbasket-1252.csv',
    contentType: 'text/csv',
    kind: 'delimited',
    encoding: 'windows-1252',
    bytes: async () => toWindows1252(toCsv(head(bigBasket(), 2000), ';')),
    query: 'garlic oil capsule',
    title: /Garlic Oil/,
  },
  {
    label: 'Best Buy as a merchant product feed (RSS with g:)',
    name: 'bestbuy-feed.xml',
    contentType: 'application/xml',
    kind: 'merchant_feed',
    bytes: async () => toMerchantFeed(bestBuyFeedItems(bestBuy)),
    query: 'galaxy express prepaid',
    title: /Galaxy Express/,
  },
];

describe('real exports converted: imported without a feed.json, published and searched', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
    await storeAndPublishRelease(stack, minimalRelease);
  });
  afterAll(() => stack?.close());

  for (const entry of converted) {
    it(entry.label, { timeout: 150_000 }, async () => {
      const bytes = await entry.bytes();
      const draft = await sendExport(stack, bytes, entry.name, entry.contentType);
      const inspected: Answer = await (
        await stack.manage('GET', `/imports/${draft.id}/inspection?sample=true`)
      ).json();
      expect(inspected.how.kind).toBe(entry.kind);
      if (entry.encoding) expect(inspected.how.encoding).toBe(entry.encoding);
      expect(inspected.counts.products).toBeGreaterThan(0);
      expect(inspected.counts.brands).toBeGreaterThan(0);
      // Every column is explained: a destination or a reason it was left out.
      for (const column of inspected.columns) expect(column.reason.sentence, column.name).toMatch(/\S/);

      const { run } = await publish(stack, draft.id, { removing: 1_000_000 });
      // A whole Icecat part is tens of thousands of products: its run takes a while on two busy cores.
      const live = await settled(stack, draft.id, 100_000);
      expect(live.status, JSON.stringify(live.run)).toBe('live');
      await searchesRead(stack, run.id);
      const answer = await (await stack.search({ query: entry.query })).json();
      const products = answer.sections.find((section: { type: string }) => section.type === 'product');
      const titles = (products?.hits ?? []).map((hit: { fields: { title?: unknown } }) =>
        String(hit.fields.title),
      );
      expect(
        titles.some((title: string) => entry.title.test(title)),
        titles.join(' | '),
      ).toBe(true);
      const priced = (products?.hits ?? []).filter(
        (hit: { fields: { price?: unknown } }) => typeof hit.fields.price === 'number',
      );
      expect(priced.length).toBeGreaterThan(0);
    });
  }
});
