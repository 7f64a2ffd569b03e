import type { Schemas } from './api.ts';

export type FeedFile = Schemas['Inspection']['mapping'];

/**
 * feed.json with columns sent to new destinations: an entry naming the column exactly is changed,
 * otherwise one is put first (the first entry that names or matches a column decides, so it wins
 * over a pattern such as `supplier_*`). Returns the file and, per changed column, its entry's index.
 */
export function withDestinations(
  mapping: FeedFile,
  changes: Map<string, string>,
): { file: FeedFile; indexes: Map<string, number> } {
  const columns = (mapping.columns ?? []).map((entry) => ({ ...entry }));
  const added: NonNullable<FeedFile['columns']> = [];
  for (const [column, to] of changes) {
    const entry = columns.find((candidate) => candidate.column === column);
    if (entry) entry.to = to;
    else added.push({ column, to });
  }
  const all = [...added, ...columns];
  const indexes = new Map<string, number>();
  for (const column of changes.keys())
    indexes.set(
      column,
      all.findIndex((entry) => entry.column === column),
    );
  return { file: { ...mapping, columns: all }, indexes };
}

/** The column a feed.json violation points at (`/columns/3/to` → the fourth entry's column). */
export function columnAt(file: FeedFile, pointer: string): string | undefined {
  const match = /^\/columns\/(\d+)/.exec(pointer);
  return match ? file.columns?.[Number(match[1])]?.column : undefined;
}
