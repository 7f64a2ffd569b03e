import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import type { RejectedRows } from '../report.js';
import { keepSource } from '../source.js';
import { openJsonLines } from './jsonl.js';

/** The entities and the rejected lines by cause, as the reader hands them out. */
async function readJsonLines(
  bytes: Uint8Array,
): Promise<{ entities: CatalogEntity[]; rejected: RejectedRows }> {
  const entities: CatalogEntity[] = [];
  const rejected: RejectedRows = new Map();
  for await (const row of openJsonLines(await keepSource(bytes), 'utf-8').rows()) {
    if (row.entity) entities.push(row.entity);
    if (row.problem) rejected.set(row.problem, [...(rejected.get(row.problem) ?? []), row.number]);
  }
  return { entities, rejected };
}

const encode = (text: string) => new TextEncoder().encode(text);
const lines = (...rows: string[]) => encode(`${rows.join('\n')}\n`);

describe('openJsonLines', () => {
  it('reads every valid line as an entity, in order', async () => {
    const { entities, rejected } = await readJsonLines(
      lines(
        '{"type":"product","id":"sku-1","title":"Red shoe","price":59.9,"currency":"EUR"}',
        '{"type":"product","id":"sku-2","title":{"en":"Blue shoe","de":"Blauer Schuh"}}',
        '{"type":"category","id":"shoes","title":"Shoes"}',
      ),
    );
    expect(entities).toEqual([
      { type: 'product', id: 'sku-1', title: 'Red shoe', price: 59.9, currency: 'EUR' },
      { type: 'product', id: 'sku-2', title: { en: 'Blue shoe', de: 'Blauer Schuh' } },
      { type: 'category', id: 'shoes', title: 'Shoes' },
    ]);
    expect(rejected.size).toBe(0);
  });

  it('ignores blank lines but keeps counting them', async () => {
    const { entities, rejected } = await readJsonLines(
      encode('\n{"type":"product","id":"1"}\n   \n\r\n{not json}\n\n'),
    );
    expect(entities.map((e) => e.id)).toEqual(['1']);
    expect([...rejected.values()]).toEqual([[5]]);
  });

  it('reads a file with CRLF line ends and no final newline', async () => {
    const { entities, rejected } = await readJsonLines(
      encode('{"type":"product","id":"1"}\r\n{"type":"product","id":"2"}'),
    );
    expect(entities.map((e) => e.id)).toEqual(['1', '2']);
    expect(rejected.size).toBe(0);
  });

  it('reads past a UTF-8 byte order mark', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...lines('{"type":"product","id":"1"}')]);
    const { entities, rejected } = await readJsonLines(bytes);
    expect(entities).toEqual([{ type: 'product', id: '1' }]);
    expect(rejected.size).toBe(0);
  });

  it('rejects lines that are not JSON, with their line numbers', async () => {
    const { entities, rejected } = await readJsonLines(
      lines(
        '{"type":"product","id":"1"}',
        '{"type":"product","id":',
        '{"type":"product","id":"2"}',
        'sku,title',
      ),
    );
    expect(entities.map((e) => e.id)).toEqual(['1', '2']);
    expect(rejected).toEqual(new Map([['The line is not valid JSON.', [2, 4]]]));
  });

  it('rejects JSON that is not a catalog entity, saying where it fails', async () => {
    const { entities, rejected } = await readJsonLines(
      lines(
        '{"type":"product","title":"No id"}',
        '{"type":"product","id":"1","colour":"red"}',
        '[1,2]',
        '{"type":"product","id":"2"}',
      ),
    );
    expect(entities.map((e) => e.id)).toEqual(['2']);
    const causes = [...rejected.keys()];
    expect(causes).toHaveLength(3);
    for (const cause of causes) expect(cause).toMatch(/^The line is not a catalog entity: /);
    expect(causes[0]).toContain('/id');
    expect(causes[1]).toContain('/colour');
    expect([...rejected.values()]).toEqual([[1], [2], [3]]);
  });

  it('groups lines with the same cause together', async () => {
    const { rejected } = await readJsonLines(
      lines(
        '{"type":"product"}',
        'oops',
        '{"type":"product"}',
        '{"type":"product","id":"1"}',
        'oops again',
        '{"type":"product"}',
      ),
    );
    expect(rejected.get('The line is not valid JSON.')).toEqual([2, 5]);
    const missingId = [...rejected.entries()].find(([cause]) => cause.includes('/id'));
    expect(missingId?.[1]).toEqual([1, 3, 6]);
    expect(rejected.size).toBe(2);
  });

  it('rejects an id its type already has, keeping the first', async () => {
    const { entities, rejected } = await readJsonLines(
      lines(
        '{"type":"product","id":"1","title":"First"}',
        '{"type":"product","id":"1","title":"Second"}',
        '{"type":"product","id":"1","title":"Third"}',
      ),
    );
    expect(entities).toEqual([{ type: 'product', id: '1', title: 'First' }]);
    expect(rejected).toEqual(new Map([['The entity repeats an id its type already has.', [2, 3]]]));
  });

  it('allows the same id under different types', async () => {
    const { entities, rejected } = await readJsonLines(
      lines(
        '{"type":"product","id":"shoes"}',
        '{"type":"category","id":"shoes"}',
        '{"type":"brand","id":"shoes"}',
      ),
    );
    expect(entities).toHaveLength(3);
    expect(rejected.size).toBe(0);
  });

  it('reads nothing from an empty file', async () => {
    expect(await readJsonLines(new Uint8Array())).toEqual({ entities: [], rejected: new Map() });
  });
});
