import type { Clock } from '../../lib/clock.js';
import type { TaskRunner } from '../../lib/tasks.js';
import type { BlobStore, Database } from '../../store/index.js';
import type { QuerySide } from '../query-side.js';

/** What the control plane's use cases work with; chosen by the composition root. */
export interface ControlDeps {
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  querySide: QuerySide;
  /** Reads uploaded exports off the server's thread (uploadTasks). */
  tasks: TaskRunner;
  /** Tells an indexer in this process that a run waits, so it starts without waiting for its poll. */
  runQueued(): void;
}
