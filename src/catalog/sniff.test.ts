import { describe, expect, it } from 'vitest';
import { formatNames, sniffFormat } from './sniff.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('sniffFormat', () => {
  it('recognizes gzip by its magic bytes', () => {
    expect(sniffFormat(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00]))).toBe('gzip');
  });

  it('recognizes a spreadsheet workbook by the zip magic bytes', () => {
    expect(sniffFormat(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toBe('xlsx');
  });

  it('does not take the first zip bytes alone for a workbook', () => {
    expect(sniffFormat(encode('PK'))).not.toBe('xlsx');
  });

  it('recognizes JSON Lines by a whole object on the first line', () => {
    const lines =
      '{"type":"product","id":"1","title":"Red shoe"}\n{"type":"product","id":"2","title":"Blue shoe"}\n';
    expect(sniffFormat(encode(lines))).toBe('jsonl');
  });

  it('recognizes JSON Lines with CRLF line ends and leading blank lines', () => {
    expect(
      sniffFormat(encode('\r\n\r\n{"type":"product","id":"1"}\r\n{"type":"product","id":"2"}\r\n')),
    ).toBe('jsonl');
  });

  it('recognizes JSON Lines after a UTF-8 byte order mark', () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf]);
    const body = encode('{"type":"product","id":"1"}\n{"type":"product","id":"2"}\n');
    expect(sniffFormat(Uint8Array.from([...bom, ...body]))).toBe('jsonl');
  });

  it('takes a JSON array for a JSON document', () => {
    expect(sniffFormat(encode('[{"type":"product","id":"1"},{"type":"product","id":"2"}]'))).toBe('json');
    expect(sniffFormat(encode('  \n[\n  {"id": "1"}\n]\n'))).toBe('json');
  });

  it('takes an object spanning several lines for a JSON document', () => {
    expect(sniffFormat(encode('{\n  "products": [\n    {"id": "1"}\n  ]\n}\n'))).toBe('json');
  });

  it('recognizes CSV by a comma or semicolon in the first line', () => {
    expect(sniffFormat(encode('sku,title,price\nA1,Red shoe,59.90\n'))).toBe('csv');
    expect(sniffFormat(encode('sku;title;price\nA1;Red shoe;59,90\n'))).toBe('csv');
  });

  it('recognizes TSV by a tab in the first line', () => {
    expect(sniffFormat(encode('sku\ttitle\tprice\nA1\tRed shoe, size 42\t59.90\n'))).toBe('tsv');
  });

  it('recognizes XML', () => {
    expect(sniffFormat(encode('<?xml version="1.0" encoding="UTF-8"?>\n<rss><channel/></rss>'))).toBe('xml');
    expect(sniffFormat(encode('\n  <products><product id="1"/></products>'))).toBe('xml');
  });

  it('calls no bytes, or only whitespace, empty', () => {
    expect(sniffFormat(new Uint8Array())).toBe('empty');
    expect(sniffFormat(encode('  \n\t\r\n'))).toBe('empty');
    expect(sniffFormat(Uint8Array.from([0xef, 0xbb, 0xbf]))).toBe('empty');
  });

  it('calls text of no known shape unknown', () => {
    expect(sniffFormat(encode('just some words\nand more'))).toBe('unknown');
  });

  it('recognizes JSON Lines whose first entity is longer than 64 KiB', () => {
    // A product with many variants or long localized descriptions easily makes a long line.
    const first = JSON.stringify({ type: 'product', id: '1', description: 'Soft cotton. '.repeat(6000) });
    const second = JSON.stringify({ type: 'product', id: '2', title: 'Blue shoe' });
    expect(first.length).toBeGreaterThan(64 * 1024);
    expect(sniffFormat(encode(`${first}\n${second}\n`))).toBe('jsonl');
  });
});

describe('formatNames', () => {
  it('names every format for a sentence', () => {
    for (const format of [
      'jsonl',
      'json',
      'csv',
      'tsv',
      'xml',
      'xlsx',
      'gzip',
      'empty',
      'unknown',
    ] as const) {
      expect(formatNames[format].length).toBeGreaterThan(0);
    }
    expect(formatNames.jsonl).toContain('JSON Lines');
    expect(formatNames.csv).toContain('CSV');
  });
});
