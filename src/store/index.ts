export { openLocation } from './blob-location.js';
export {
  assertBlobKey,
  type BlobLocation,
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  type FileLocation,
  type ObjectLocation,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.js';
export {
  type CatalogFetchRecord,
  type CatalogSourceRecord,
  type CatalogSourceRepository,
  FETCHES_KEPT,
  type FetchOutcome,
  type NewCatalogFetch,
} from './catalog-source-repository.js';
export type { ConnectOptions, DialectName } from './connect.js';
export { type Database, type OpenDatabaseOptions, openDatabase } from './database.js';
export { DirectoryBlobStore } from './directory-blob-store.js';
export type { ImportPublication, ImportsRepository, NewImport } from './imports-repository.js';
export type { ClaimRequest } from './index-run-claim.js';
export { GIVEN_UP_ERROR, MAX_ATTEMPTS } from './index-run-rows.js';
export type { RunOutcome, RunSuccess } from './index-run-success.js';
export type { IndexRunsRepository, NewIndexRun, RunFailure } from './index-runs-repository.js';
export type {
  CampaignFigures,
  CategoryBrowses,
  DayFigures,
  DayRollup,
  FilterUses,
  Place,
  QueryFigures,
  ReportScope,
} from './insight-records.js';
export type { InsightsRepository, QueryList, QueryOfDay } from './insights-repository.js';
export type { LiveRepository } from './live-repository.js';
export { type ObjectPlace, parseObjectStoreUrl } from './object-store-url.js';
export type { OfferRow, OffersRepository, StoredOfferRow } from './offers-repository.js';
export { type OpenBlobStoreOptions, openBlobStore } from './open-blob-store.js';
export type { ChangeFeed, ChangeListener } from './postgres-changes.js';
export {
  type ImportRecord,
  type IndexRunRecord,
  type IndexRunStatus,
  type IndexRunTrigger,
  type IndexRunTriggerKind,
  type Instant,
  indexRunStatuses,
  type JsonObject,
  type LiveRecord,
  type PublishedRelease,
  type ReleaseRecord,
  type SnapshotRecord,
} from './records.js';
export type { NewRelease, ReleasesRepository } from './releases-repository.js';
export type {
  ChosenFilter,
  JoinedEvent,
  LogBatch,
  LoggedEvent,
  LoggedHit,
  LoggedPlacement,
  LoggedSearch,
  SearchLogSize,
} from './search-log-records.js';
export type { CountedSearch, SearchLogRepository } from './search-log-repository.js';
export type { SettingsRepository } from './settings-repository.js';
export type { NewSnapshot, SnapshotsRepository } from './snapshots-repository.js';
export { createScratchSchema, openScratchDatabase, type ScratchSchema } from './testing.js';
