import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { readCatalog } from './read-catalog.js';

const encode = (text: string) => new TextEncoder().encode(text);

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await readCatalog(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('readCatalog accepted the bytes');
}

/** Every refusal names what aisle reads. */
function expectFormatsNamed(detail: string): void {
  for (const format of ['JSON Lines', 'CSV or TSV', 'xlsx', 'RSS 2.0 or Atom', 'JSON records', 'gzip']) {
    expect(detail).toContain(format);
  }
}

describe('readCatalog', () => {
  it('reads a JSON Lines catalog and reports the rejected lines', async () => {
    const read = await readCatalog(
      encode('{"type":"product","id":"1","title":"Red shoe"}\nnot json\n{"type":"product","id":"2"}\n'),
    );
    expect(read.format).toBe('jsonl');
    expect(read.entities).toEqual([
      { type: 'product', id: '1', title: 'Red shoe' },
      { type: 'product', id: '2' },
    ]);
    expect(read.rejected).toEqual(new Map([['The line is not valid JSON.', [2]]]));
  });

  it('reads CSV into products, with the release feed.json deciding the columns', async () => {
    const csv = encode('sku;title;price\nA1;Red shoe;59,90\nA2;Blue shoe;61,50\n');
    const read = await readCatalog(csv);
    expect(read.format).toBe('csv');
    expect(read.entities).toEqual([
      { type: 'product', id: 'A1', title: 'Red shoe', price: 59.9 },
      { type: 'product', id: 'A2', title: 'Blue shoe', price: 61.5 },
    ]);
    const mapped = await readCatalog(csv, {
      feed: {
        columns: [
          { column: 'sku', to: 'id' },
          { column: 'price', to: 'attributes.list_price' },
        ],
      },
    });
    expect(mapped.entities).toEqual([
      { type: 'product', id: 'A1', attributes: { list_price: 59.9 } },
      { type: 'product', id: 'A2', attributes: { list_price: 61.5 } },
    ]);
  });

  it('reads a gzip-compressed JSON document of records', async () => {
    const read = await readCatalog(
      gzipSync(JSON.stringify({ products: [{ id: 7, name: 'Lamp', price: 20 }] })),
    );
    expect(read.format).toBe('json');
    expect(read.entities).toEqual([{ type: 'product', id: '7', title: 'Lamp', price: 20 }]);
  });

  it('refuses an empty body as unprocessable, naming the formats it reads', async () => {
    const error = await refusal(new Uint8Array());
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toMatch(/empty/);
    expectFormatsNamed(error.detail);
  });

  it('refuses text of no known format', async () => {
    const error = await refusal(encode('just some words\nand more'));
    expectFormatsNamed(error.detail);
  });

  it('refuses a JSON document without records', async () => {
    const error = await refusal(encode('{"shop": "Example", "open": true}'));
    expect(error.detail).toContain('no list of records');
  });

  it('refuses a gzip body that breaks off', async () => {
    const error = await refusal(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00]));
    expect(error.code).toBe('export_unreadable');
  });

  it('refuses JSON Lines with no valid line, naming the first problem and the formats', async () => {
    const error = await refusal(encode('{"type":"product","title":"No id"}\n{"type":"product"}\n'));
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toContain('no catalog entity');
    expect(error.detail).toContain('first problem: The line is not a catalog entity: /id');
    expectFormatsNamed(error.detail);
  });

  it('reads a JSON Lines catalog whose first entity is longer than 64 KiB', async () => {
    const first = JSON.stringify({ type: 'product', id: '1', description: 'Soft cotton. '.repeat(6000) });
    const read = await readCatalog(encode(`${first}\n{"type":"product","id":"2"}\n`));
    expect(read.format).toBe('jsonl');
    expect(read.entities.map((entity) => entity.id)).toEqual(['1', '2']);
  });
});
