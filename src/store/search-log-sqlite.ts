import type BetterSqlite3 from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { SearchEventsTable, SearchesTable } from './schema.js';
import type { WriteStep } from './sqlite-write-thread.js';

export interface LogRows {
  searches: Insertable<SearchesTable>[];
  events: Insertable<SearchEventsTable>[];
  days: string[];
}

const SEARCH_COLUMNS: readonly (keyof SearchesTable)[] = [
  'query_id',
  'day',
  'arrived_at',
  'typed',
  'searched',
  'surface',
  'channel',
  'locale',
  'category',
  'filters',
  'sort',
  'page',
  'per_page',
  'count_only',
  'total',
  'hits',
  'placements',
  'page_view',
  'traffic',
  'release_id',
];

const EVENT_COLUMNS: readonly (keyof SearchEventsTable)[] = [
  'received_at',
  'search_day',
  'query_id',
  'type',
  'entity',
  'placement',
  'position',
  'campaign',
  'surface',
  'page_view',
  'traffic',
];

/**
 * The log's statements, prepared once and run row by row in one transaction: the same rows through
 * a query builder's multi-row insert took about ten times longer, building and parsing the SQL text.
 */
export const LOG_STATEMENTS = {
  search: insertSql('searches', SEARCH_COLUMNS, 'on conflict (query_id) do nothing'),
  event: insertSql('search_events', EVENT_COLUMNS),
  day: 'insert into log_dirty_days (day) values (@day) on conflict (day) do nothing',
} as const;

/** A batch of rows as the steps of one transaction. */
export function logSteps(rows: LogRows): WriteStep[] {
  return [
    ...rows.searches.map((row): WriteStep => ['search', row]),
    ...rows.events.map((row): WriteStep => ['event', row]),
    ...rows.days.map((day): WriteStep => ['day', { day }]),
  ];
}

/** Runs the log's steps on a handle of this thread (a database in memory has no other). */
export function sqliteStepRunner(sqlite: BetterSqlite3.Database): (steps: WriteStep[]) => void {
  const statements = Object.fromEntries(
    Object.entries(LOG_STATEMENTS).map(([name, text]) => [name, sqlite.prepare(text)]),
  );
  return sqlite.transaction((steps: WriteStep[]) => {
    for (const [name, parameters] of steps) statements[name]!.run(parameters);
  });
}

function insertSql(table: string, columns: readonly string[], tail = ''): string {
  const values = columns.map((column) => `@${column}`).join(', ');
  return `insert into ${table} (${columns.join(', ')}) values (${values}) ${tail}`.trim();
}
