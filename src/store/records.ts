/**
 * The records the repositories hand out. Times are RFC 3339 text; absent fields are `undefined`,
 * never `null`, so serializers can drop them.
 */

/** A time as callers give it: a Date, or RFC 3339 text with any offset. */
export type Instant = Date | string;

/** A JSON object kept as it was given (triggers, progress, reports). */
export type JsonObject = Record<string, unknown>;

/** An uploaded catalog, kept byte for byte in the blob store and named by its content. */
export interface SnapshotRecord {
  id: string;
  /** Key of its bytes in the blob store. */
  blob: string;
  format: string;
  bytes: number;
  entities: number;
  receivedAt: string;
}

/** A set of release files by name, named by its canonical content. */
export interface ReleaseRecord {
  id: string;
  /** File name to its content (parsed JSON, or text). */
  files: Record<string, unknown>;
  createdAt: string;
}

export interface PublishedRelease {
  release: ReleaseRecord;
  publishedAt: string;
  /** How many publishes there were: every publish counts one more. */
  revision: number;
}

export const indexRunStatuses = ['queued', 'running', 'succeeded', 'failed', 'superseded'] as const;
export type IndexRunStatus = (typeof indexRunStatuses)[number];

export type IndexRunTriggerKind = 'catalog' | 'release' | 'rebuild' | 'import' | 'indexer' | 'fetch';

/** What queued a run; details beyond `kind` (an import id, a reason) ride along. */
export interface IndexRunTrigger {
  kind: IndexRunTriggerKind;
  [detail: string]: unknown;
}

export interface IndexRunRecord {
  id: number;
  status: IndexRunStatus;
  trigger: IndexRunTrigger;
  snapshotId: string;
  releaseId: string;
  /** How many times an indexer took it up. */
  attempts: number;
  leaseOwner?: string;
  leaseExpiresAt?: string;
  progress?: JsonObject;
  failedStep?: string;
  /** Why it failed, as a sentence. */
  error?: string;
  report?: JsonObject;
  /** Blob key of the built indexes; only on a run that went live. */
  artifact?: string;
  queuedAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** The newer run that made it pointless. */
  supersededBy?: number;
  /** The catalog generation it builds. */
  catalogGeneration: number;
  /** The last offers write folded into its artifact. */
  offersSeq?: number;
  /** When a decision its artifact took from the time changes, so that it is built again. */
  rebuildAt?: string;
}

/** What searches read now. */
export interface LiveRecord {
  runId: number;
  snapshotId: string;
  releaseId: string;
  artifact: string;
  since: string;
}

/** An export kept as a draft with the release files it changes; its state comes with its run. */
export interface ImportRecord {
  id: number;
  /** Counts the writes to the import: a write names the revision it read. */
  revision: number;
  /** The export's file name as it arrived. */
  name?: string;
  snapshotId: string;
  /** The release files it changes, by name, in canonical form. */
  files: Record<string, unknown>;
  createdAt: string;
  discardedAt?: string;
  /** When it was published last. */
  publishedAt?: string;
  /** The release it was built on when published (a draft builds on the one published now). */
  baseReleaseId?: string;
  releaseId?: string;
  /** Its latest index run. */
  runId?: number;
  /** When the clean-up first saw another catalog or release go live in its place. */
  replacedAt?: string;
  /** When the clean-up removed the export's bytes. */
  exportRemovedAt?: string;
}
