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
  searches: SearchesTable;
  search_events: SearchEventsTable;
  log_dirty_days: LogDirtyDaysTable;
  insight_days: InsightDaysTable;
  insight_queries: InsightQueriesTable;
  insight_filters: InsightFiltersTable;
  insight_categories: InsightCategoriesTable;
  insight_campaigns: InsightCampaignsTable;
  offer_writes: OfferWritesTable;
  offer_overlay: OfferOverlayTable;
  catalog_source: CatalogSourceTable;
  catalog_fetches: CatalogFetchesTable;
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
  /** Counts the catalogs that arrived: offers sent with PUT /offers apply until the next one. */
  generation: Generated<number>;
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
  /** The newer run that made it pointless. */
  superseded_by: number | null;
  /** The catalog generation it builds: offers of that generation and later apply to it. */
  catalog_generation: Generated<number>;
  /** The last offers write folded into its artifact. */
  offers_seq: number | null;
  /** When a decision its artifact took from the time (smart categories over sale prices) changes. */
  rebuild_at: string | null;
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

/** One search answered to a storefront, as the search log keeps it. */
export interface SearchesTable {
  query_id: string;
  /** The UTC day it arrived on (`YYYY-MM-DD`). */
  day: string;
  arrived_at: string;
  typed: string;
  searched: string;
  surface: string;
  channel: string;
  locale: string;
  category: string | null;
  /** The shopper's choices as a JSON array of `{field, value}`. */
  filters: string;
  sort: string | null;
  page: number;
  per_page: number;
  /** 1 for a count-only answer, else 0. */
  count_only: number;
  /** The listed section's total. */
  total: number;
  /** The page's hits as a JSON array of `{entity, position, campaign?}`. */
  hits: string;
  /** The page's banners as a JSON array of `{rule, slot, position?}`. */
  placements: string;
  page_view: string | null;
  traffic: string;
  release_id: string;
}

export interface SearchEventsTable {
  seq: Generated<number>;
  received_at: string;
  /** The UTC day of the search the event names (read from its query id). */
  search_day: string;
  query_id: string;
  type: string;
  entity: string | null;
  placement: string | null;
  position: number | null;
  campaign: string | null;
  surface: string;
  page_view: string | null;
  traffic: string;
}

export interface LogDirtyDaysTable {
  day: string;
}

/** Roll-up rows are keyed by day, channel and locale. */
interface RolledUp {
  day: string;
  channel: string;
  locale: string;
}

export interface InsightDaysTable extends RolledUp {
  searches: number;
  unique_searches: number;
  without_results: number;
  clicked_searches: number;
  clicks: number;
  views: number;
  browses: number;
}

export interface InsightQueriesTable extends RolledUp {
  /** The query as the engine reads it (folded words): what makes two searches one query. */
  query: string;
  /** The query as shoppers wrote it most often that day. */
  text: string;
  page_views: number;
  searches: number;
  unique_searches: number;
  without_results: number;
  clicked_searches: number;
  clicks: number;
  positioned_clicks: number;
  click_positions: number;
  views: number;
}

export interface InsightFiltersTable extends RolledUp {
  field: string;
  value: string;
  uses: number;
}

export interface InsightCategoriesTable extends RolledUp {
  category: string;
  browses: number;
  unique_browses: number;
}

export interface InsightCampaignsTable extends RolledUp {
  campaign: string;
  views: number;
  clicks: number;
}

export interface OfferWritesTable {
  id: Generated<number>;
  generation: number;
  offers: number;
  written_at: string;
}

/** Offers sent with PUT /offers, one row per variant and channel and catalog generation. */
export interface OfferOverlayTable {
  generation: number;
  /** The type, entity, variant and channel as one JSON array: the row's key within its generation. */
  key: string;
  type: string;
  entity: string;
  variant: string;
  channel: string;
  /** The offer fields sent, as JSON; a null ends what the catalog says (a sale price). */
  fields: string;
  /** The offers write that changed it last. */
  seq: number;
}

export interface CatalogSourceTable {
  slot: number;
  url: string;
  auth_kind: string | null;
  /** The user name or header name; not secret. */
  auth_name: string | null;
  /** The password or header value, sealed with the data key. */
  auth_secret: string | null;
  interval_minutes: number;
  on_change: string;
  next_fetch_at: string;
  fetch_requested_at: string | null;
  etag: string | null;
  last_modified: string | null;
  /** The import of a changed feed held back for confirmation. */
  held_import: number | null;
  created_at: string;
  updated_at: string;
}

export interface CatalogFetchesTable {
  id: Generated<number>;
  url: string;
  started_at: string;
  finished_at: string;
  outcome: string;
  detail: string;
  http_status: number | null;
  bytes: BigInteger | null;
  snapshot_id: string | null;
  import_id: number | null;
  run_id: number | null;
}
