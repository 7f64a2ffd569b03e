import type { ColumnType, Generated } from 'kysely';
import type { IndexRunStatus } from './records.js';

/**
 * The tables as Kysely sees them. Times are RFC 3339 text from `Date.toISOString()`: fixed width,
 * so text order is time order on both SQLite and PostgreSQL. JSON columns hold JSON text.
 */
export interface Schema {
  snapshots: SnapshotsTable;
  catalog: CatalogTable;
  releases: ReleasesTable;
  publication: PublicationTable;
  index_runs: IndexRunsTable;
  live: LiveTable;
  settings: SettingsTable;
  imports: ImportsTable;
}

/** PostgreSQL hands `bigint` and `count(*)` back as text; SQLite as numbers. */
type BigInteger = ColumnType<number | string, number, number>;

/** Tables of one row carry `slot = 1` as their key, so writing them is an upsert. */
export const SINGLE_ROW = 1;

export interface SnapshotsTable {
  id: string;
  blob: string;
  format: string;
  bytes: BigInteger;
  entities: number;
  received_at: string;
}

export interface CatalogTable {
  slot: number;
  snapshot_id: string;
  updated_at: string;
}

export interface ReleasesTable {
  /** Insertion order: breaks ties between releases created at the same time. */
  seq: Generated<number>;
  id: string;
  files: string;
  created_at: string;
}

export interface PublicationTable {
  slot: number;
  release_id: string;
  published_at: string;
  /** Counts the publishes, so a draft's version changes with each. */
  revision: Generated<number>;
}

export interface IndexRunsTable {
  id: Generated<number>;
  status: IndexRunStatus;
  trigger: string;
  snapshot_id: string;
  release_id: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  progress: string | null;
  failed_step: string | null;
  error: string | null;
  report: string | null;
  artifact: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface LiveTable {
  slot: number;
  run_id: number;
  snapshot_id: string;
  release_id: string;
  artifact: string;
  since: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ImportsTable {
  id: Generated<number>;
  /** Counts the writes to the row, so a write can name the one it read. */
  revision: Generated<number>;
  /** The export's file name as it arrived. */
  name: string | null;
  snapshot_id: string;
  /** The release files it changes, by name, as canonical JSON. */
  files: string;
  created_at: string;
  discarded_at: string | null;
  published_at: string | null;
  /** The published release it was built on when it was published last. */
  base_release_id: string | null;
  release_id: string | null;
  /** Its latest index run. */
  run_id: number | null;
  /** When the clean-up first saw it replaced; the retention of its export counts from here. */
  replaced_at: string | null;
  export_removed_at: string | null;
}
