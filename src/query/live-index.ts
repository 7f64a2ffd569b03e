import type { FastifyBaseLogger } from 'fastify';
import { type EngineIndex, loadIndex } from '../engine/index.js';
import type { BlobStore, Database } from '../store/index.js';

/** What searches read now: one loaded index with the release and snapshot it was built from. */
export interface LiveState {
  runId: number;
  /** Blob key of the loaded artifact: a switch names the same one and keeps the loaded index. */
  artifact: string;
  release: string;
  snapshot: string;
  releaseFiles: Record<string, unknown>;
  index: EngineIndex;
}

export interface LiveIndexOptions {
  database: Database;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  pollMs: number;
}

/**
 * Follows the live pointer. When it moves, the new artifact is loaded completely before the
 * reference is swapped, so no request ever reads a half-loaded index; a load that fails keeps
 * the index that was live.
 */
export class LiveIndex {
  #state: LiveState | undefined;
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<void> | undefined;
  #stopped = false;

  constructor(private readonly options: LiveIndexOptions) {}

  current(): LiveState | undefined {
    return this.#state;
  }

  /** Whether this node serves what the live pointer names now (nothing live counts as served). */
  async isUpToDate(): Promise<boolean> {
    const live = await this.options.database.live.get();
    return live === undefined || live.runId === this.#state?.runId;
  }

  /** Reads the pointer once and loads what it names if that is new. Concurrent calls share one read. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#load().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  async start(): Promise<void> {
    this.#stopped = false;
    await this.refresh();
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      void this.refresh().finally(() => this.#schedule());
    }, this.options.pollMs);
    this.#timer.unref();
  }

  async #load(): Promise<void> {
    const { database, blobs, logger } = this.options;
    try {
      const live = await database.live.get();
      if (!live || live.runId === this.#state?.runId) return;
      const release = await database.releases.get(live.releaseId);
      // A switch keeps the artifact: the index already loaded serves the new release files.
      const index =
        live.artifact === this.#state?.artifact
          ? this.#state.index
          : loadIndex(await blobs.get(live.artifact));
      this.#state = {
        runId: live.runId,
        artifact: live.artifact,
        release: live.releaseId,
        snapshot: live.snapshotId,
        releaseFiles: release?.files ?? {},
        index,
      };
      logger.info(
        { run: live.runId, release: live.releaseId, snapshot: live.snapshotId },
        'live index loaded',
      );
    } catch (error) {
      logger.error({ err: error }, 'the live index could not be loaded; the previous one stays live');
    }
  }
}
