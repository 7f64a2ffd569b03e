import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { DEFAULT_EXPORT_LIMITS } from '../limits.js';
import type { ByteSource } from '../source.js';
import { findRecordsKey, openJsonRecords } from './json-records.js';
import type { Row } from './rows.js';

/** A source that hands the text out a few bytes at a time, so records span pieces. */
function source(text: string, piece = 3, limits = DEFAULT_EXPORT_LIMITS): ByteSource {
  const bytes = Buffer.from(text);
  return {
    gzip: false,
    size: bytes.length,
    limits,
    handedOut: 0,
    async *open() {
      for (let start = 0; start < bytes.length; start += piece) yield bytes.subarray(start, start + piece);
    },
  };
}

async function rows(text: string, lines = false): Promise<Row[]> {
  const all: Row[] = [];
  for await (const row of openJsonRecords(source(text), 'utf-8', lines).rows()) all.push(row);
  return all;
}

describe('json records', () => {
  it('reads a top-level array record by record, flattening nested objects', async () => {
    const read = await rows(
      '[{"id": 1, "name": "Lamp [big]", "price": {"amount": "9.5", "currency": "EUR"}, "tags": ["a", "b"]}, {"id": 2, "name": "Say \\"hi\\" {"}]',
    );
    expect(read.map((row) => [row.number, Object.fromEntries(row.cells)])).toEqual([
      [1, { id: 1, name: 'Lamp [big]', 'price.amount': '9.5', 'price.currency': 'EUR', tags: ['a', 'b'] }],
      [2, { id: 2, name: 'Say "hi" {' }],
    ]);
  });

  it('finds the array of records inside an object, skipping what comes before it', async () => {
    const text = '{"meta": {"count": 2, "pages": [1, 2]}, "data": {"products": [{"id": "a"}, {"id": "b"}]}}';
    expect(await findRecordsKey(source(text), 'utf-8')).toBe('data.products');
    expect((await rows(text)).map((row) => row.cells.get('id'))).toEqual(['a', 'b']);
  });

  it('names elements that are not objects, and a file that ends inside a record', async () => {
    const read = await rows('[{"id": 1}, 42, "text", {"id": 2');
    expect(read.map((row) => row.problem)).toEqual([
      undefined,
      'The record is not a JSON object.',
      'The record is not a JSON object.',
      'The file ends inside a record.',
    ]);
  });

  it('reads records one per line', async () => {
    const read = await rows('{"id": 1}\n\n{"id": 2}\nnot json\n', true);
    expect(read.map((row) => [row.number, row.problem ?? row.cells.get('id')])).toEqual([
      [1, 1],
      [3, 2],
      [4, 'The record is not valid JSON.'],
    ]);
  });

  it('refuses a document without an array of records', async () => {
    await expect(findRecordsKey(source('{"shop": "x", "tags": ["a"]}'), 'utf-8')).rejects.toBeInstanceOf(
      AppError,
    );
  });
});
