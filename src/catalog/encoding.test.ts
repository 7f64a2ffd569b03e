import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeAll, decodeText, detectEncoding, encodingOfHead } from './encoding.js';

async function* pieces(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const detect = (bytes: Uint8Array, piece = 1 << 20) =>
  detectEncoding(bytes.subarray(0, 65536), () => pieces(bytes, piece));

async function decode(bytes: Uint8Array, encoding: string, piece: number): Promise<string> {
  let text = '';
  for await (const part of decodeText(pieces(bytes, piece), encoding)) text += part;
  return text;
}

describe('detectEncoding', () => {
  it('takes a byte order mark at its word', async () => {
    expect(await detect(Buffer.from('\uFEFFsku;Größe\n', 'utf8'))).toBe('utf-8');
    expect(await detect(iconv.encode('sku;Größe\n', 'utf-16le', { addBOM: true }))).toBe('utf-16le');
    expect(await detect(iconv.encode('sku;Größe\n', 'utf-16be', { addBOM: true }))).toBe('utf-16be');
  });

  it('knows UTF-16 without a byte order mark by its zero bytes', async () => {
    expect(await detect(iconv.encode('sku\ttitle\nA1\tRed shoe\n', 'utf-16le'))).toBe('utf-16le');
    expect(encodingOfHead(iconv.encode('sku\ttitle\n', 'utf-16be'))).toBe('utf-16be');
  });

  it('reads UTF-8 when every byte of the file is, also across pieces', async () => {
    const text = `${'a'.repeat(100_000)}Größe €\n`;
    expect(await detect(Buffer.from(text), 7)).toBe('utf-8');
  });

  it('finds Windows-1252 even when the first 64 KiB are plain ASCII', async () => {
    const bytes = iconv.encode(`${'sku,title\n'.repeat(10_000)}A1,“Größe” – 9 €\n`, 'windows-1252');
    expect(await detect(bytes)).toBe('windows-1252');
  });

  it('calls accented text without Windows-only signs Latin-1', async () => {
    expect(await detect(iconv.encode('marque;prix\nHermès;12\nÉtoile;9\n', 'latin1'))).toBe('iso-8859-1');
  });
});

describe('decodeText', () => {
  it('decodes characters split between pieces and drops the byte order mark', async () => {
    const bytes = Buffer.from('\uFEFFGröße – 9 €', 'utf8');
    expect(await decode(bytes, 'utf-8', 1)).toBe('Größe – 9 €');
    expect(await decode(iconv.encode('Größe', 'utf-16le', { addBOM: true }), 'utf-16le', 3)).toBe('Größe');
    expect(decodeAll(iconv.encode('“Größe”', 'windows-1252'), 'windows-1252')).toBe('“Größe”');
  });
});
