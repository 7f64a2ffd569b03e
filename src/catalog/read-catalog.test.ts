import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { readCatalog } from './read-catalog.js';

const encode = (text: string) => new TextEncoder().encode(text);

function refusal(bytes: Uint8Array): AppError {
  try {
    readCatalog(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('readCatalog accepted the bytes');
}

describe('readCatalog', () => {
  it('reads a JSON Lines catalog and reports the rejected lines', () => {
    const read = readCatalog(
      encode('{"type":"product","id":"1","title":"Red shoe"}\nnot json\n{"type":"product","id":"2"}\n'),
    );
    expect(read.format).toBe('jsonl');
    expect(read.entities).toEqual([
      { type: 'product', id: '1', title: 'Red shoe' },
      { type: 'product', id: '2' },
    ]);
    expect(read.rejected).toEqual(new Map([['The line is not valid JSON.', [2]]]));
  });

  it('refuses an empty body as unprocessable', () => {
    const error = refusal(new Uint8Array());
    expect(error.code).toBe('unprocessable');
    expect(error.status).toBe(422);
    expect(error.detail).toMatch(/empty/);
    expect(error.detail).toContain('JSON Lines');
  });

  it('refuses CSV, naming the JSON Lines format as what is read', () => {
    const error = refusal(encode('sku,title,price\nA1,Red shoe,59.90\n'));
    expect(error.code).toBe('unprocessable');
    expect(error.status).toBe(422);
    expect(error.detail).toContain('CSV');
    expect(error.detail).toContain("aisle's own JSON Lines entity format");
  });

  it('refuses a JSON document, saying what it looks like', () => {
    const error = refusal(encode('[{"type":"product","id":"1"}]'));
    expect(error.code).toBe('unprocessable');
    expect(error.detail).toContain('a JSON document');
    expect(error.detail).toContain('JSON Lines');
  });

  it('refuses a gzip body', () => {
    expect(refusal(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00])).code).toBe('unprocessable');
  });

  it('refuses JSON Lines with no valid line, naming the first problem', () => {
    const error = refusal(encode('{"type":"product","title":"No id"}\n{"type":"product"}\n'));
    expect(error.code).toBe('unprocessable');
    expect(error.status).toBe(422);
    expect(error.detail).toContain('no catalog entity');
    expect(error.detail).toContain('first problem: The line is not a catalog entity: /id');
    expect(error.detail).toContain('JSON Lines');
  });

  it('reads a JSON Lines catalog whose first entity is longer than 64 KiB', () => {
    const first = JSON.stringify({ type: 'product', id: '1', description: 'Soft cotton. '.repeat(6000) });
    const read = readCatalog(encode(`${first}\n{"type":"product","id":"2"}\n`));
    expect(read.format).toBe('jsonl');
    expect(read.entities.map((entity) => entity.id)).toEqual(['1', '2']);
  });
});
