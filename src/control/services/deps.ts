import type { ExportLimits } from '../../catalog/index.js';
import type { Clock } from '../../lib/clock.js';
import type { TaskRunner } from '../../lib/tasks.js';
import type { BlobStore, Database } from '../../store/index.js';
import type { FeedLimits } from '../feeds/fetch-feed.js';
import type { QuerySide } from '../query-side.js';

/** What the control plane's use cases work with; chosen by the composition root. */
export interface ControlDeps {
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  querySide: QuerySide;
  /** Tells an indexer in this process that a run waits, so it starts without waiting for its poll. */
  runQueued(): void;
  /** The read threads uploads are parsed on (uploadTasks), never the event loop. */
  reads: TaskRunner;
  /** Seals the catalog source's credentials at rest (AISLE_SECRET_KEY, or the data dir's key). */
  secretKey: Buffer;
  /** Bounds of a feed fetch, and whether private addresses may be fetched. */
  feeds: FeedLimits;
  /** Tells a query node in this process that offers were written, so it applies them at once. */
  offersWritten(): void;
  /** Runs the scheduler's jobs within seconds: a fetch of the catalog source was asked for, or a clean-up. */
  wakeScheduler(): void;
  /** How much an uploaded export may make the readers read; by default DEFAULT_EXPORT_LIMITS. */
  exportLimits?: ExportLimits;
}
