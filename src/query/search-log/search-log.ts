import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { LogBatch, LoggedEvent, LoggedSearch } from '../../store/index.js';
import { trafficOf } from './bots.js';

export interface SearchLogOptions {
  /** Writes one batch to the metadata database. */
  write(batch: LogBatch): Promise<void>;
  logger: FastifyBaseLogger;
  /** Searches and events waiting at most; beyond it new ones are refused, said and counted. */
  capacity: number;
  /** Searches and events written together at most. */
  batchSize: number;
  /** How long a search or event waits at most before its batch is written. */
  flushMs: number;
}

/** What the log did since it started: for the logs and the metrics. */
export interface SearchLogStats {
  /** Searches and events waiting to be written (including those being written now). */
  queued: number;
  written: number;
  /** Refused because the queue was full, or not written when the log closed. */
  dropped: number;
  /** Writes that failed (their searches and events are written again). */
  failedWrites: number;
}

/** A search or events as handed over, with the user agent whose bot test waits for the write. */
interface Pending<T> {
  record: T;
  userAgent: string | undefined;
}

/** How long a failed write waits before the next try, at first and at most. */
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5_000;
/** A closing log tries this often, and this long at most, to write what waits before it gives up on it. */
const CLOSING_ATTEMPTS = 3;
const CLOSING_TIMEOUT_MS = 10_000;
/** Drops are logged at once, then summed up at most this often. */
const DROP_REPORT_MS = 10_000;

/**
 * The search log's queue: searches and events wait in memory and are written in batches, one write
 * at a time, never on a request's path. It is bounded: when it is full, what does not fit is
 * refused, logged and counted, never lost unseen. A failed write keeps its batch and tries again.
 * `close` writes everything that waits: the stack's graceful stop calls it.
 */
export class SearchLog {
  #searches: Pending<LoggedSearch>[] = [];
  #events: Pending<LoggedEvent>[] = [];
  /** Records of the write under way (they still count as queued). */
  #writing = 0;
  #written = 0;
  #dropped = 0;
  #failedWrites = 0;
  #timer: NodeJS.Timeout | undefined;
  #drain: Promise<void> | undefined;
  #retryMs = 0;
  #closed = false;
  #unreportedDrops = 0;
  #dropReport: NodeJS.Timeout | undefined;

  constructor(private readonly options: SearchLogOptions) {}

  /** Takes a search; false when the queue is full (the search is dropped, logged and counted). */
  recordSearch(search: LoggedSearch, userAgent: string | undefined): boolean {
    if (!this.#room(1)) return false;
    this.#searches.push({ record: search, userAgent });
    this.#schedule();
    return true;
  }

  /** Takes all of the events or none: false when they do not fit (they are dropped, logged and counted). */
  recordEvents(events: LoggedEvent[], userAgent: string | undefined): boolean {
    if (!this.#room(events.length)) return false;
    for (const record of events) this.#events.push({ record, userAgent });
    this.#schedule();
    return true;
  }

  stats(): SearchLogStats {
    return {
      queued: this.#waiting() + this.#writing,
      written: this.#written,
      dropped: this.#dropped,
      failedWrites: this.#failedWrites,
    };
  }

  /** Writes everything waiting now; resolves once it is written (or, failing, back in the queue). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#waiting() > 0 || this.#drain) {
      const failedBefore = this.#failedWrites;
      await this.#startDrain();
      if (this.#failedWrites > failedBefore) return;
    }
  }

  /**
   * Refuses new searches and events and writes those waiting. A database that keeps failing is
   * tried a few times, one that does not answer is waited for `timeoutMs`; what it never took is
   * logged and counted as dropped.
   */
  async close(timeoutMs = CLOSING_TIMEOUT_MS): Promise<void> {
    this.#closed = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    const writeAll = async () => {
      for (let attempt = 1; attempt <= CLOSING_ATTEMPTS && this.#waiting() + this.#writing > 0; attempt++) {
        if (attempt > 1) await sleep(this.#retryMs);
        await this.flush();
      }
    };
    await Promise.race([writeAll(), timeout]);
    clearTimeout(timer);
    clearTimeout(this.#timer);
    const lost = this.#waiting() + this.#writing;
    if (lost > 0) {
      this.#dropped += lost;
      this.#searches = [];
      this.#events = [];
      // A write that never answered is given up with the rest.
      this.#writing = 0;
      this.options.logger.error({ lost }, 'the search log could not write what waited when it closed');
    }
    clearTimeout(this.#dropReport);
    this.#reportDrops();
    this.options.logger.info(this.stats(), 'search log closed');
  }

  #waiting(): number {
    return this.#searches.length + this.#events.length;
  }

  #room(count: number): boolean {
    if (!this.#closed && this.#waiting() + this.#writing + count <= this.options.capacity) return true;
    this.#dropped += count;
    this.#unreportedDrops += count;
    if (this.#dropReport === undefined) {
      this.#reportDrops();
      this.#dropReport = setTimeout(() => {
        this.#dropReport = undefined;
        if (this.#unreportedDrops > 0) this.#reportDrops();
      }, DROP_REPORT_MS);
      this.#dropReport.unref();
    }
    return false;
  }

  #reportDrops(): void {
    if (this.#unreportedDrops === 0) return;
    this.options.logger.warn(
      {
        dropped: this.#unreportedDrops,
        droppedSinceStart: this.#dropped,
        capacity: this.options.capacity,
        closed: this.#closed,
      },
      this.#closed
        ? 'the search log is closed: searches and events arriving now are not kept'
        : 'the search log queue is full: searches and events are dropped until it drains',
    );
    this.#unreportedDrops = 0;
  }

  /** A full batch is written at once; a smaller one when it has waited `flushMs` (or a retry's wait). */
  #schedule(): void {
    if (this.#drain || this.#timer) return;
    const full = this.#waiting() >= this.options.batchSize && this.#retryMs === 0;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        void this.#startDrain();
      },
      full ? 0 : Math.max(this.options.flushMs, this.#retryMs),
    );
    this.#timer.unref();
  }

  /** The one write loop: joined when under way; when it ends with something waiting, the next is timed. */
  #startDrain(): Promise<void> {
    this.#drain ??= this.#writeAll().finally(() => {
      this.#drain = undefined;
      if (this.#waiting() > 0 && !this.#closed) this.#schedule();
    });
    return this.#drain;
  }

  /** Writes batch after batch until nothing waits, or a write fails. */
  async #writeAll(): Promise<void> {
    while (this.#waiting() > 0) {
      const searches = this.#searches.splice(0, this.options.batchSize);
      const events = this.#events.splice(0, this.options.batchSize - searches.length);
      this.#writing = searches.length + events.length;
      try {
        await this.options.write({
          searches: searches.map(decided),
          events: events.map(decided),
        });
        this.#written += this.#writing;
        this.#retryMs = 0;
      } catch (error) {
        this.#failedWrites += 1;
        // The batch goes back to the front, in its order, and is written again after a pause.
        this.#searches.unshift(...searches);
        this.#events.unshift(...events);
        this.#retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_FIRST_MS, this.#retryMs * 2));
        this.options.logger.error(
          { err: error, waiting: this.#waiting(), retryMs: this.#retryMs },
          'the search log could not write a batch; it tries again',
        );
        return;
      } finally {
        this.#writing = 0;
      }
    }
  }
}

/** A record with its traffic decided: a shopper's whose user agent the bot list names is a bot's. */
function decided<T extends { traffic: string }>(pending: Pending<T>): T {
  const traffic = trafficOf(pending.record.traffic, pending.userAgent);
  return traffic === pending.record.traffic ? pending.record : { ...pending.record, traffic };
}
