import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type CatalogEntity, CatalogEntity as CatalogEntitySchema } from '../../contracts/catalog-entity.js';
import '../../contracts/formats.js';
import { nestsDeeperThan } from '../../lib/json-depth.js';
import { decodeText } from '../encoding.js';
import type { ByteSource } from '../source.js';
import { textLines } from './lines.js';
import { overLongLine, tooDeepLine } from './record-problems.js';
import { flattenRecord, type Row, type RowReader } from './rows.js';

const checkEntity = TypeCompiler.Compile(CatalogEntitySchema);

/**
 * aisle's own JSON Lines entity format, one entity per line. A line that is not a valid entity is
 * a row with its line number and cause, and reading goes on: one bad line never loses a catalog.
 * Each row carries its entity as it is; its cells (the entity's fields) serve the inspection.
 */
export function openJsonLines(source: ByteSource, encoding: string): RowReader {
  return { how: { kind: 'jsonl', encoding }, rows: () => readLines(source, encoding) };
}

async function* readLines(source: ByteSource, encoding: string): AsyncIterable<Row> {
  const seen = new Set<string>();
  for await (const line of textLines(decodeText(source.open(), encoding), source.limits.lineChars)) {
    const row = line.text === undefined ? overLongLine(line.number) : lineRow(line.number, line.text, seen);
    if (row) yield row;
  }
}

function lineRow(number: number, text: string, seen: Set<string>): Row | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (nestsDeeperThan(trimmed)) return tooDeepLine(number);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { number, cells: new Map(), problem: 'The line is not valid JSON.' };
  }
  if (!checkEntity.Check(value)) {
    const first = checkEntity.Errors(value).First();
    const problem = `The line is not a catalog entity: ${first?.path || '/'} ${first?.message ?? ''}`.trim();
    return { number, cells: new Map(), problem };
  }
  const entity: CatalogEntity = value;
  const key = `${entity.type}:${entity.id}`;
  if (seen.has(key))
    return { number, cells: new Map(), problem: 'The entity repeats an id its type already has.' };
  seen.add(key);
  return { number, cells: flattenRecord(entity), entity };
}
