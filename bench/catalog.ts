/**
 * Reading exports: rows per second and peak memory of readExport over the real exports of
 * ../shared/data (the largest is Icecat's part 3, 7.9 MB of JSON once unzipped) and over a 200 MB
 * CSV made of Flipkart's rows repeated, read from a file stream as an upload arrives. Each file is
 * read in a fresh child process, so its peak resident memory is that of the read alone.
 *
 * `npm run bench` runs it with the other sections; `npx tsx bench/catalog.ts` runs it alone.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readExport } from '../src/catalog/index.js';
import { CATALOGS, icecatPart, parseCsv, realExport, toCsv } from '../src/catalog/testing/exports.js';
import type { CatalogEntity } from '../src/contracts/catalog-entity.js';

const LARGE_BYTES = 200 * 1024 * 1024;
const CAPPED_HEAP_MB = 300;

export interface CatalogBenchResult {
  file: string;
  bytes: number;
  kind: string;
  rows: number;
  products: number;
  seconds: number;
  rowsPerSecond: number;
  /** Peak resident memory of the process that read the file, in MB. */
  peakRssMb: number;
  /** Resident memory before reading, in MB: Node and the loaded modules. */
  baseRssMb: number;
}

interface Measured {
  kind: string;
  rows: number;
  products: number;
  seconds: number;
  peakRssMb: number;
  baseRssMb: number;
}

const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;

export async function benchCatalog(): Promise<CatalogBenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-catalog-bench-'));
  try {
    const icecat = join(dir, 'icecat-3.json');
    writeFileSync(icecat, icecatPart(3));
    const files: [name: string, path: string][] = [
      ['Icecat part 3 (JSON)', icecat],
      ['Flipkart (CSV)', realPath('flipkart/flipkart_com-ecommerce_sample.csv')],
      ['BigBasket (CSV)', realPath('bigbasket-grocery/BigBasket Products.csv')],
      ['Best Buy (JSON)', realPath('bestbuy/ecommerce.json')],
      ['MR PORTER (JSON)', realPath('mrporter-fashion/data.json')],
      ['Shopify jewelery (CSV)', realPath('shopify-csv/jewelery.csv')],
    ];
    const large = await largeCsv(dir);
    const runs: [name: string, path: string, streamed: boolean, nodeOptions: string[]][] = [
      ...files.map(([name, path]): [string, string, boolean, string[]] => [name, path, false, []]),
      ['Flipkart × 67 (CSV, streamed)', large, true, []],
      // The same read with the heap capped: what the read keeps alive, rather than what V8 has not yet collected.
      [
        `Flipkart × 67 (CSV, streamed, heap ≤ ${CAPPED_HEAP_MB} MB)`,
        large,
        true,
        [`--max-old-space-size=${CAPPED_HEAP_MB}`],
      ],
    ];
    const results: CatalogBenchResult[] = [];
    for (const [name, path, streamed, nodeOptions] of runs) {
      const measured = measure(path, streamed, nodeOptions);
      const bytes = readFileSync(path).length;
      results.push({
        file: name,
        bytes,
        ...measured,
        rowsPerSecond: Math.round(measured.rows / measured.seconds),
      });
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function realPath(path: string): string {
  return join(CATALOGS, path);
}

/** Flipkart's rows again and again, each copy with its own ids, until the file is 200 MB. */
async function largeCsv(dir: string): Promise<string> {
  const [header, ...rows] = parseCsv(realExport('flipkart/flipkart_com-ecommerce_sample.csv'));
  const path = join(dir, 'flipkart-200mb.csv');
  const out = createWriteStream(path);
  const write = (text: string) =>
    new Promise<void>((done) => (out.write(text) ? done() : out.once('drain', done)));
  let written = 0;
  await write(toCsv([header!]));
  for (let copy = 1; written < LARGE_BYTES; copy++) {
    const text = toCsv(
      rows.map((row) => row.map((cell, column) => (column <= 2 && column !== 1 ? `${cell}-${copy}` : cell))),
    );
    written += Buffer.byteLength(text);
    await write(text);
  }
  await new Promise<void>((done) => out.end(done));
  return path;
}

function measure(path: string, streamed: boolean, nodeOptions: string[]): Measured {
  const child = spawnSync(
    process.execPath,
    [...nodeOptions, ...process.execArgv, SELF, '--measure', path, streamed ? 'stream' : 'bytes'],
    {
      encoding: 'utf8',
      maxBuffer: 16 * MB,
    },
  );
  if (child.status !== 0) throw new Error(`Measuring ${path} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measured;
}

/**
 * In the child: read the file as an upload arrives (a stream of pieces) or as kept bytes, map it,
 * and for a streamed file hand its entities out once, as an index run takes them.
 */
async function measureHere(path: string, mode: string): Promise<void> {
  // One read of a small export first, so the figures are of warm code, as in a running indexer.
  await readExport(realExport('shopify-csv/jewelery.csv'));
  const baseRssMb = process.memoryUsage().rss / MB;
  const started = performance.now();
  const source = mode === 'stream' ? createReadStream(path, { highWaterMark: MB }) : readFileSync(path);
  const read = await readExport(source);
  let products = read.counts.products;
  if (!Array.isArray(read.entities)) {
    products = 0;
    for await (const entity of read.entities as AsyncIterable<CatalogEntity>)
      if (entity.type === 'product') products++;
  }
  const seconds = (performance.now() - started) / 1000;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({ kind: read.how.kind, rows: read.rows, products, seconds, peakRssMb, baseRssMb }),
  );
}

export function catalogTable(results: CatalogBenchResult[]): string {
  const lines = [
    '| export | size | read as | rows | products | time | rows/s | peak RSS | RSS before |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    lines.push(
      `| ${result.file} | ${(result.bytes / MB).toFixed(1)} MB | ${result.kind} | ${result.rows.toLocaleString('en')} | ${result.products.toLocaleString('en')} | ${result.seconds.toFixed(2)} s | ${result.rowsPerSecond.toLocaleString('en')} | ${Math.round(result.peakRssMb)} MB | ${Math.round(result.baseRssMb)} MB |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[2] === '--measure') {
  await measureHere(process.argv[3]!, process.argv[4]!);
} else if (process.argv[1] === SELF) {
  console.log('## Reading exports\n');
  console.log(catalogTable(await benchCatalog()));
}
