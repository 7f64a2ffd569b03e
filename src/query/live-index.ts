import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { applyOffers, type EngineIndex, loadIndex, offerChangeOf } from '../engine/index.js';
import { AppError, unavailableFor } from '../lib/errors.js';
import { ownBytes, type TaskRunner } from '../lib/tasks.js';
import { type ProductRecords, productRecordsOf, Storefront } from '../pages/index.js';
import {
  answerRequest,
  catalogSuggestionsOf,
  compilePlanner,
  LEARNT_SUGGESTIONS_KEY,
  LearntIndexes,
  type Planner,
  type PreparedLearnt,
  Suggester,
  type Vocabulary,
  vocabularyOf,
} from '../planner/index.js';
import type { BlobStore, ChangeFeed, Database } from '../store/index.js';
import type { PrepareInput, PrepareLearntInput, PrepareOutput } from './index-tasks.js';

/** Why a search cannot be answered while no index run has succeeded and none is on its way. */
export const NOTHING_SEARCHABLE =
  'Nothing is searchable yet: no index run has succeeded. Upload a catalog (PUT /api/v1/catalog) and publish a release (POST /api/v1/releases/{release}/publish) on the management API, then wait for the index run.';

/** When a request that found a first index run on its way is asked to come again. */
const FIRST_RUN_RETRY_SECONDS = 5;

/** What searches read now: one loaded index with the release and snapshot it was built from. */
export interface LiveState {
  runId: number;
  /** Blob key of the loaded artifact: a switch names the same one and keeps the loaded index. */
  artifact: string;
  release: string;
  snapshot: string;
  releaseFiles: Record<string, unknown>;
  index: EngineIndex;
  /**
   * What queries can name in the catalog the index was built from, decoded once per artifact
   * from its attachment; empty for an artifact that carries none.
   */
  vocabulary: Vocabulary;
  /** The release files compiled with the vocabulary, on every load, a switch included. */
  planner: Planner;
  /** What product pages read of each product, decoded once per artifact from its attachment. */
  records: ProductRecords;
  /**
   * The release and catalog ready for product pages, resolve, robots, categories and page
   * settings, over `index` (offers updates included).
   */
  storefront: Storefront;
  /** Autocomplete suggestions of the index's catalog and of the suggestions learnt last. */
  suggester: Suggester;
  /** The artifact as loaded, before offers updates were applied over it (`index` holds them). */
  loaded: EngineIndex;
  /** The catalog generation of the run: offers updates of it and later ones apply. */
  generation: number;
  /** The last offers write applied. */
  offersApplied: number;
}

/** Where the live pointer points: the run, its artifact, and the release and snapshot it built. */
export type LivePlace = Pick<
  LiveState,
  'runId' | 'artifact' | 'release' | 'snapshot' | 'releaseFiles' | 'generation' | 'offersApplied'
>;

/** What a state can take over from the one before it instead of making it again. */
export interface KeptParts {
  /** The index's vocabulary, already decoded from it. */
  vocabulary?: Vocabulary;
  /** The index's product records, already decoded from it. */
  records?: ProductRecords;
  /** The suggestions learnt last (none by default). */
  learnt?: LearntIndexes;
}

/**
 * The state searches read for a loaded index and release files: the vocabulary and product
 * records the index carries (unless ones decoded from it already are handed over), the planner of
 * the files with the vocabulary, and the storefront of both.
 */
export function liveStateOf(place: LivePlace, index: EngineIndex, kept: KeptParts = {}): LiveState {
  const vocabulary = kept.vocabulary ?? vocabularyOf(index);
  const records = kept.records ?? productRecordsOf(index);
  const learnt = kept.learnt ?? LearntIndexes.EMPTY;
  const planner = compilePlanner(place.releaseFiles, vocabulary);
  const storefront = new Storefront({
    index,
    files: place.releaseFiles,
    vocabulary,
    planner,
    records,
    release: place.release,
    snapshot: place.snapshot,
  });
  return {
    ...place,
    index,
    loaded: index,
    vocabulary,
    planner,
    records,
    storefront,
    suggester: new Suggester(
      { index, files: place.releaseFiles, planner },
      vocabulary,
      catalogSuggestionsOf(index),
      learnt,
    ),
  };
}

export interface LiveIndexOptions {
  database: Database;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
  /** How often the live pointer is read while no change feed is heard (none, or its connection lost). */
  pollMs: number;
  /**
   * Notices of changes (PostgreSQL): while they are heard, the node reads the pointer when told
   * instead of polling, and polls again only while their connection is lost.
   */
  changes?: ChangeFeed;
  /** Prepares artifacts off the node's thread (indexTasks). */
  tasks: TaskRunner;
  /** Called after each load of a new artifact, with how it ended and how long it took. */
  onLoad?: (outcome: 'loaded' | 'failed', seconds: number) => void;
}

/** Searches run on a new index before it goes live, so the first shoppers' do not pay its warm-up. */
const WARM_UP_REQUESTS = [{}, { query: 'a' }, { query: 'new' }];

/**
 * Follows the live pointer, told of its moves by the database's notices where it sends them, else
 * (and while their connection is lost) by polling. When it moves, the new artifact is loaded completely before the
 * reference is swapped, so no request ever reads a half-loaded index; a load that fails keeps
 * the index that was live. Loading never holds searches up for long: the file is read
 * asynchronously, the work over all of its bytes (checksum, per-posting tables) is done on a worker
 * thread, the rest in steps with searches answered between them, and the new index answers a few
 * warm-up searches before the swap.
 */
export class LiveIndex {
  #state: LiveState | undefined;
  /** While nothing is live: the index run that will make something live, as the last poll saw it. */
  #coming: { id: number; status: string } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<void> | undefined;
  #stopped = false;
  #subscription: { close(): Promise<void> } | undefined;
  /** Whether the change feed is heard now: then nothing is polled, unless the last read failed. */
  #listening = false;
  /**
   * The last read of what is live, or its load, failed (the database or the blob store away): no
   * notice will come for what already changed, so the node polls until a read succeeds.
   */
  #failed = false;
  /** When what is served now went live (the live pointer's time). */
  #since: string | undefined;
  /** The blob of the learnt suggestions served now, and those suggestions indexed. */
  #learnt: { key: string; indexes: LearntIndexes } | undefined;

  constructor(private readonly options: LiveIndexOptions) {}

  current(): LiveState | undefined {
    return this.#state;
  }

  /** What searches read now, or 503 saying why nothing is live (see nothingLive). */
  searchable(): LiveState {
    if (!this.#state) throw this.nothingLive();
    return this.#state;
  }

  /**
   * The 503 of a request that needs something live: while a first run is on its way it asks to be
   * sent again (`Retry-After`); with none, nothing changes until someone publishes.
   */
  nothingLive(): AppError {
    const sentence = this.nothingLiveSentence();
    return this.#coming
      ? unavailableFor(FIRST_RUN_RETRY_SECONDS, sentence)
      : new AppError('unavailable', sentence);
  }

  /** Why a search cannot be answered while nothing is live: a first run on its way, or none yet. */
  nothingLiveSentence(): string {
    const coming = this.#coming;
    if (!coming) return NOTHING_SEARCHABLE;
    return `Nothing is searchable yet: the first index run (${coming.id}) is ${coming.status === 'queued' ? 'queued' : 'in progress'}. Searches are answered as soon as it goes live; ask again in a moment.`;
  }

  /** When what is served now went live, as the live pointer says; undefined before a load. */
  liveSince(): Date | undefined {
    return this.#since === undefined ? undefined : new Date(this.#since);
  }

  /** Whether this node serves what the live pointer names now (nothing live counts as served). */
  async isUpToDate(): Promise<boolean> {
    const live = await this.options.database.live.get();
    return live === undefined || live.runId === this.#state?.runId;
  }

  /** What this node serves, once it serves what the live pointer names; 503 until then. */
  async upToDate(): Promise<LiveState | undefined> {
    if (!(await this.isUpToDate())) {
      throw unavailableFor(1, 'This query node has not loaded the live index yet; ask again in a moment.');
    }
    return this.current();
  }

  /** Reads the pointer once and loads what it names if that is new. Concurrent calls share one read. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#load()
      .then(() => this.#followLearnt())
      .finally(() => {
        this.#refreshing = undefined;
      });
    return this.#refreshing;
  }

  /** Whether changes are heard as they commit (true) or polled for (false). */
  isListening(): boolean {
    return this.#listening;
  }

  async start(): Promise<void> {
    this.#stopped = false;
    await this.refresh();
    this.#subscription = this.options.changes?.listen({
      onChange: () => this.#changed(),
      onListening: (listening) => {
        this.#listening = listening;
        const { logger } = this.options;
        if (listening) logger.info('changes are heard as they commit: the live pointer is not polled');
        else logger.warn('the connection that hears changes was lost: the live pointer is polled meanwhile');
        // What changed while nobody listened is read now.
        if (listening) this.#changed();
        this.#schedule();
      },
    });
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#subscription?.close();
  }

  /** A change was told: read what is live, once more after a read under way (it may have read before the change). */
  #changed(): void {
    const underWay = this.#refreshing;
    void (underWay ? underWay.finally(() => this.refresh()) : this.refresh()).finally(() => this.#schedule());
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#stopped || (this.#listening && !this.#failed)) return;
    this.#timer = setTimeout(() => {
      void this.refresh().finally(() => this.#schedule());
    }, this.options.pollMs);
    this.#timer.unref();
  }

  async #load(): Promise<void> {
    const { database, blobs, logger } = this.options;
    const startedAt = performance.now();
    let loading = false;
    try {
      const [live, latestOffers] = await Promise.all([database.live.get(), database.offers.latest()]);
      if (!live) {
        const [run] = await database.indexRuns.unfinished();
        this.#coming = run && { id: run.id, status: run.status };
        this.#failed = false;
        return;
      }
      this.#coming = undefined;
      const kept = this.#state;
      if (live.runId === kept?.runId) {
        if (latestOffers > kept.offersApplied) this.#state = await this.#withOffers(kept, latestOffers);
        this.#failed = false;
        return;
      }
      loading = true;
      const [release, run] = await Promise.all([
        database.releases.get(live.releaseId),
        database.indexRuns.get(live.runId),
      ]);
      const place: LivePlace = {
        runId: live.runId,
        artifact: live.artifact,
        release: live.releaseId,
        snapshot: live.snapshotId,
        releaseFiles: release?.files ?? {},
        generation: run?.catalogGeneration ?? 0,
        // Offers updates folded into the artifact when it was built are in it already.
        offersApplied: run?.offersSeq ?? 0,
      };
      // A switch keeps the artifact: the index and vocabulary already loaded serve the new
      // release files, which only need a planner of their own. Offers are applied anew, since
      // the catalog generation may have changed with the run.
      const loaded =
        live.artifact === kept?.artifact
          ? liveStateOf(place, kept.loaded, {
              vocabulary: kept.vocabulary,
              records: kept.records,
              learnt: this.#learnt?.indexes,
            })
          : await this.#loadState(place, blobs);
      this.#state = await this.#withOffers(loaded, latestOffers);
      this.#since = live.since;
      this.#failed = false;
      this.options.onLoad?.('loaded', (performance.now() - startedAt) / 1000);
      logger.info(
        { run: live.runId, release: live.releaseId, snapshot: live.snapshotId },
        'live index loaded',
      );
    } catch (error) {
      this.#failed = true;
      logger.error({ err: error }, 'the live index could not be loaded; the previous one stays live');
      if (loading) this.options.onLoad?.('failed', (performance.now() - startedAt) / 1000);
    }
  }

  /**
   * Loads the suggestions the roll-up learnt last when it names new ones, indexes them, and swaps
   * them in with one reference, as an index is; a load that fails keeps those served now.
   */
  async #followLearnt(): Promise<void> {
    const { database, blobs, logger } = this.options;
    try {
      const key = await database.settings.get(LEARNT_SUGGESTIONS_KEY);
      if (key === undefined || key === this.#learnt?.key) return;
      const bytes = ownBytes(await blobs.get(key));
      const input: PrepareLearntInput = { bytes };
      const prepared = await this.options.tasks.run<PreparedLearnt>('suggestions:prepare', input, {
        transfer: [bytes.buffer as ArrayBuffer],
      });
      await turn();
      const indexes = new LearntIndexes(prepared);
      this.#learnt = { key, indexes };
      const state = this.#state;
      if (state) this.#state = { ...state, suggester: state.suggester.withLearnt(indexes) };
      logger.info(
        { places: prepared.places.length, learntAt: prepared.learntAt },
        'learnt suggestions loaded',
      );
    } catch (error) {
      logger.error({ err: error }, 'the learnt suggestions could not be loaded; those served now stay');
    }
  }

  async #loadState(place: LivePlace, blobs: BlobStore): Promise<LiveState> {
    const bytes = ownBytes(await blobs.get(place.artifact));
    const input: PrepareInput = { bytes };
    const prepared = await this.options.tasks.run<PrepareOutput>('index:prepare', input, {
      transfer: [bytes.buffer as ArrayBuffer],
    });
    await turn();
    const index = loadIndex(prepared.bytes, prepared.prepared);
    await turn();
    const state = liveStateOf(place, index, { learnt: this.#learnt?.indexes });
    for (const request of WARM_UP_REQUESTS) {
      await turn();
      try {
        answerRequest({ index, files: state.releaseFiles, planner: state.planner }, request, new Date());
      } catch (error) {
        this.options.logger.debug({ err: error }, 'a warm-up search of a new index failed');
      }
    }
    return state;
  }

  /**
   * The state with the offers updates written since it was made applied over its index. `latest`
   * (the last write, read before the rows) is applied too when none of its rows apply here.
   */
  async #withOffers(state: LiveState, latest: number): Promise<LiveState> {
    const rows = await this.options.database.offers.changedSince(state.generation, state.offersApplied);
    if (rows.length === 0) return { ...state, offersApplied: Math.max(state.offersApplied, latest) };
    const { index, applied, missing } = applyOffers(state.index, rows.map(offerChangeOf));
    const offersApplied = Math.max(rows.at(-1)!.seq, latest);
    this.options.logger.info({ run: state.runId, applied, missing, write: offersApplied }, 'offers applied');
    // Product pages read offers from the index too: the storefront reads the updated one.
    const storefront = new Storefront({ ...state.storefront.source, index });
    // Offers decide what a suggestion finds in a channel: its checks are made anew on them.
    return { ...state, index, storefront, offersApplied, suggester: state.suggester.withIndex(index) };
  }
}
