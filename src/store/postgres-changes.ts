import { createRequire } from 'node:module';
import type pg from 'pg';

/** The channel the database's triggers notify on (migration 0006), with the schema as payload. */
export const CHANGES_CHANNEL = 'aisle_changes';

/** What a process that follows changes is told. */
export interface ChangeListener {
  /** Something query nodes follow changed: the live pointer, offers or the learnt suggestions. */
  onChange(): void;
  /**
   * Listening began (`true`: at first, and again after a lost connection came back) or the
   * connection was lost (`false`): changes committed meanwhile are heard of by no one.
   */
  onListening(listening: boolean): void;
}

export interface ChangeFeed {
  listen(listener: ChangeListener): { close(): Promise<void> };
}

export interface PostgresChangesOptions {
  /** The first wait before connecting again after a loss; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * How often the connection is asked whether it is still there. A connection whose server or
   * network went away without a word would otherwise seem to listen for minutes, hearing nothing.
   */
  heartbeatMs?: number;
}

const DEFAULTS = { retryMs: 500, maxRetryMs: 30_000, heartbeatMs: 10_000 };
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Changes as PostgreSQL notifies them, on a connection of their own (a pooled one would be
 * handed to other queries between notices). A lost connection is connected again, waiting longer
 * each time, and said so: the listener then polls until it listens again.
 */
export function postgresChanges(url: string, options: PostgresChangesOptions = {}): ChangeFeed {
  const settings = { ...DEFAULTS, ...options };
  return { listen: (listener) => new ChangeSubscription(url, settings, listener) };
}

class ChangeSubscription {
  #client: pg.Client | undefined;
  #closed = false;
  #wait: number;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly settings: typeof DEFAULTS,
    private readonly listener: ChangeListener,
  ) {
    this.#wait = settings.retryMs;
    void this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    // Loaded only for PostgreSQL, as the pool's driver is.
    const driver = createRequire(import.meta.url)('pg') as typeof pg;
    // A connection attempt that hears nothing back gives up, and is tried again later.
    const client = new driver.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      void client.end().catch(() => undefined);
      if (this.#client === client) {
        this.#client = undefined;
        clearInterval(this.#heartbeat);
        this.listener.onListening(false);
      }
      this.#connectLater();
    };
    // An 'error' nobody listens for would end the process.
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      client.on('notification', (notice) => {
        if (notice.channel === CHANGES_CHANNEL && notice.payload === schema) this.listener.onChange();
      });
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      lose();
      return;
    }
    if (lost) return;
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#wait = this.settings.retryMs;
    // A heartbeat still unanswered when the next is due counts as a lost connection.
    let answered = true;
    this.#heartbeat = setInterval(() => {
      if (!answered) return lose();
      answered = false;
      client.query('select 1').then(() => {
        answered = true;
      }, lose);
    }, this.settings.heartbeatMs);
    this.#heartbeat.unref();
    this.listener.onListening(true);
  }

  #connectLater(): void {
    if (this.#closed) return;
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => void this.#connect(), this.#wait);
    this.#retry.unref();
    this.#wait = Math.min(this.#wait * 2, this.settings.maxRetryMs);
  }
}
