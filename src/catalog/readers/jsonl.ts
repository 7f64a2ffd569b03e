import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type CatalogEntity, CatalogEntity as CatalogEntitySchema } from '../../contracts/catalog-entity.js';
import '../../contracts/formats.js';
import type { RejectedRows } from '../report.js';

const checkEntity = TypeCompiler.Compile(CatalogEntitySchema);

export interface JsonLinesRead {
  entities: CatalogEntity[];
  rejected: RejectedRows;
}

/**
 * Reads aisle's own JSON Lines entity format. A line that is not a valid entity goes into the
 * report with its line number and cause, and reading goes on: one bad line never loses a catalog.
 */
export function readJsonLines(bytes: Uint8Array): JsonLinesRead {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const entities: CatalogEntity[] = [];
  const rejected: RejectedRows = new Map();
  const seen = new Set<string>();
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber += 1;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      reject(rejected, 'The line is not valid JSON.', lineNumber);
      continue;
    }
    if (!checkEntity.Check(value)) {
      const first = checkEntity.Errors(value).First();
      reject(
        rejected,
        `The line is not a catalog entity: ${first?.path || '/'} ${first?.message ?? ''}`.trim(),
        lineNumber,
      );
      continue;
    }
    const key = `${value.type}:${value.id}`;
    if (seen.has(key)) {
      reject(rejected, 'The entity repeats an id its type already has.', lineNumber);
      continue;
    }
    seen.add(key);
    entities.push(value);
  }
  return { entities, rejected };
}

function reject(rejected: RejectedRows, cause: string, line: number): void {
  const lines = rejected.get(cause);
  if (lines) lines.push(line);
  else rejected.set(cause, [line]);
}
