import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { compileIndex } from '../compile.js';
import { executeSearch } from '../execute.js';
import { loadIndex } from '../load.js';
import { ArtifactReader, writeArtifact } from './container.js';

const catalog: CatalogEntity[] = Array.from({ length: 300 }, (_, i) => ({
  type: 'product',
  id: `p${i}`,
  title: `Lamp ${i % 7 === 0 ? 'brass' : 'steel'} model ${i}`,
  description: { en: `Light number ${i}`, de: `Leuchte Nummer ${i}` },
  price: i + 0.5,
  availability: i % 3 ? 'in_stock' : 'backorder',
}));

const queries = ['lamp', 'brass lamp', 'leuchte', 'steel 42', '', 'nothing'];

function run(bytes: Uint8Array) {
  const index = loadIndex(bytes);
  return queries.map((text) => executeSearch(index, { text, page: 1, perPage: 10 }));
}

describe('artifact', () => {
  it('compiles the same catalog to the same bytes', async () => {
    expect(await compileIndex(catalog)).toEqual(await compileIndex(catalog));
  });

  it('gives identical results after a round trip through bytes, aligned or not', async () => {
    const bytes = await compileIndex(catalog);
    const expected = run(bytes);
    expect(expected[1]!.sections[0]!.total).toBe(43);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(run(shifted.subarray(3))).toEqual(expected);
    expect(run(Buffer.from(bytes))).toEqual(expected);
  });

  it('keeps offer columns as typed arrays, per channel and row', async () => {
    const [product] = loadIndex(await compileIndex(catalog)).types;
    const channel = product!.structured.channels[0]!;
    expect(channel.id).toBe('default');
    expect(channel.price[3]).toBe(3.5);
    expect(channel.availability[0]).toBe(4); // backorder
    const none = loadIndex(await compileIndex([{ type: 'product', id: 'x' }])).types[0]!;
    expect(none.structured.channels[0]!.price[0]).toBeNaN();
    expect(none.structured.channels[0]!.availability[0]).toBe(0);
  });

  it('rejects bytes that are not an artifact', () => {
    expect(() => loadIndex(new TextEncoder().encode('{"hello":"world"}'))).toThrow(
      /not an aisle index artifact/,
    );
    expect(() => loadIndex(new Uint8Array(0))).toThrow(/not an aisle index artifact/);
  });

  it('rejects a corrupt artifact', async () => {
    const bytes = await compileIndex(catalog);
    const flipped = bytes.slice();
    flipped[Math.floor(bytes.length / 2)]! ^= 0x40;
    expect(() => loadIndex(flipped)).toThrow(/corrupt: checksum mismatch/);
    expect(() => loadIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/truncated/);
  });

  it('rejects another format version', async () => {
    const bytes = (await compileIndex(catalog)).slice();
    new DataView(bytes.buffer).setUint32(8, 99, true);
    expect(() => loadIndex(bytes)).toThrow(/format 99 is not supported/);
  });

  it('rejects a sound container without the index sections', () => {
    const container = writeArtifact([['meta', new TextEncoder().encode('{"fields":[],"types":[]}')]]);
    expect(() => loadIndex(container)).toThrow(/expects title,brand,keywords,description/);
    const empty = writeArtifact([]);
    expect(() => loadIndex(empty)).toThrow(/lacks section "meta"/);
  });

  it('carries attachments as sections the engine hands back by name, unread', async () => {
    const vocabulary = new TextEncoder().encode('{"any":"bytes"}');
    const odd = new Uint8Array([1, 2, 3]);
    const bytes = await compileIndex(catalog, { attachments: { vocabulary, odd } });
    const index = loadIndex(bytes);
    expect(index.attachment('vocabulary')).toEqual(vocabulary);
    expect(index.attachment('odd')).toEqual(odd);
    expect(index.attachment('missing')).toBeUndefined();
    // A view over the artifact, not a copy; the index itself answers as without attachments.
    expect(index.attachment('odd')!.buffer).toBe(index.attachment('vocabulary')!.buffer);
    expect(run(bytes)).toEqual(run(await compileIndex(catalog)));
    // The order they are given in does not change the bytes.
    expect(await compileIndex(catalog, { attachments: { odd, vocabulary } })).toEqual(bytes);
  });

  it('loads an artifact compiled without attachments, which holds none', async () => {
    const index = loadIndex(await compileIndex(catalog));
    expect(index.attachment('vocabulary')).toBeUndefined();
  });

  it('hands out each section as the array kind it was written as', () => {
    const reader = new ArtifactReader(
      writeArtifact([
        ['a', new Float64Array([1.5, Number.NaN])],
        ['b', new Uint16Array([7, 8, 9])],
      ]),
    );
    expect([...reader.float64('a')]).toEqual([1.5, Number.NaN]);
    expect([...reader.uint16('b')]).toEqual([7, 8, 9]);
    expect(() => reader.uint32('b')).toThrow(/not a Uint32Array/);
  });
});
