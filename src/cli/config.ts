import { resolve } from 'node:path';
import type { ExportLimits } from '../catalog/index.js';
import { EVENT_HOURS } from '../contracts/events.js';
import { parseRange } from '../control/feeds/address-guard.js';
import { RUN_POINTS, type RunPoint } from '../control/indexer/indexer.js';
import type { BodyTimeouts } from '../http/body-timeout.js';
import { parseObjectStoreUrl } from '../store/object-store-url.js';

/** Everything aisle reads from its environment, typed, with its defaults. Listed in the README. */
export interface Config {
  host: string;
  publicPort: number;
  internalPort: number;
  managementPort: number;
  dataDir: string;
  /** Absent: the SQLite file in the data dir. */
  databaseUrl: string | undefined;
  /** `s3://bucket/prefix` keeps blobs in object storage; absent: the data dir's `blobs` folder. */
  blobUrl: string | undefined;
  managementKey: string | undefined;
  /**
   * The secret the control plane sends to the internal API and query nodes ask for. `aisle start`
   * without it makes one in the data dir; a query node without it refuses every internal call.
   */
  internalKey: string | undefined;
  /** Where the internal API listens; default: loopback when every role runs in one process, else `host`. */
  internalHost: string | undefined;
  /** Where the control plane reaches the internal API; default: this host's internal port. */
  internalUrl: string | undefined;
  logLevel: string;
  uploadLimitBytes: number;
  /** Uploads read at once; more are answered 503. */
  uploadConcurrency: number;
  /** How long every server waits for a request body to go on, and how slowly it may arrive. */
  bodyTimeouts: BodyTimeouts;
  /** How much one export may make the readers read. */
  exportLimits: ExportLimits;
  livePollMs: number;
  /** Bytes the answers kept for repeated searches may take on a query node; 0 keeps none. */
  answerCacheBytes: number;
  indexerPollMs: number;
  indexerLeaseMs: number;
  /** How often the control plane's scheduler runs its timed work (fetch, clean-ups, the roll-up). */
  schedulerIntervalMs: number;
  /** How long the export of a discarded or replaced import is kept before the clean-up removes it. */
  exportRetentionMs: number;
  /** The AI gateway that column mapping suggestions ask; without a key, suggestions are off. */
  aiGateway: AiGatewayConfig;
  /** Seals secrets kept at rest; absent: a key generated into the data dir. */
  secretKey: string | undefined;
  /** Private, loopback and link-local addresses catalog feeds may be fetched from: none, all, or these. */
  allowPrivateFeeds: boolean | string[];
  feedMaxBytes: number;
  feedTimeoutMs: number;
  /** The Bearer credential `GET /metrics` asks for; absent: metrics are answered without one. */
  metricsKey: string | undefined;
  /** How long a stop waits for requests in flight, the queues and the indexer before it exits. */
  stopTimeoutMs: number;
  /** Fault tests only: an indexer stops its own process (SIGSTOP) at this point of a run. */
  faultStopAt: RunPoint | undefined;
  /** Load shedding on the public port (see src/http/load-shedding.ts); 0 turns a check off. */
  shedding: {
    /** Mean event-loop delay over a sample above which searches are refused with 503. */
    eventLoopDelayMs: number;
    /** Share of the sample the event loop was busy (0 to 1) above which searches are refused. */
    eventLoopUtilization: number;
    /** How often the event loop is sampled. */
    sampleMs: number;
  };
  /** Searches and events the search log's queue holds at most before it drops new ones. */
  searchLogQueue: number;
  /** Days the raw search log is kept; what the roll-up counted is kept for good. */
  searchLogRetentionDays: number;
}

export interface AiGatewayConfig {
  apiKey: string | undefined;
  /** Absent: the AI SDK's gateway address. */
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The model asked when AI_GATEWAY_MODEL names none. */
export const DEFAULT_AI_GATEWAY_MODEL = 'openai/gpt-5-mini';
/**
 * The raw log must outlive the days events can still arrive for (`event_hours`) and the day they
 * arrive on, or a late roll-up would count a day whose searches are gone.
 */
export const MIN_SEARCH_LOG_RETENTION_DAYS = Math.ceil(EVENT_HOURS / 24) + 1;

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    host: env.AISLE_HOST || '127.0.0.1',
    publicPort: port(env, 'AISLE_PUBLIC_PORT', 8080),
    internalPort: port(env, 'AISLE_INTERNAL_PORT', 8081),
    managementPort: port(env, 'AISLE_MANAGEMENT_PORT', 8090),
    dataDir: resolve(env.AISLE_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    blobUrl: blobUrl(env),
    managementKey: secret(env, 'SEARCH_MANAGEMENT_KEY'),
    internalKey: secret(env, 'AISLE_INTERNAL_KEY'),
    internalHost: env.AISLE_INTERNAL_HOST || undefined,
    internalUrl: env.AISLE_INTERNAL_URL || undefined,
    logLevel: oneOf(
      env,
      'AISLE_LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'info',
    ),
    uploadLimitBytes: integer(env, 'AISLE_UPLOAD_LIMIT_MB', 512, 1, 1_000_000) * 1024 * 1024,
    uploadConcurrency: integer(env, 'AISLE_UPLOAD_CONCURRENCY', 2, 1, 64),
    bodyTimeouts: {
      idleMs: integer(env, 'AISLE_BODY_TIMEOUT_S', 30, 1, 3_600) * 1000,
      minBytesPerSecond: integer(env, 'AISLE_BODY_MIN_RATE_KB', 8, 0, 1_000_000) * 1024,
    },
    exportLimits: {
      bytes: integer(env, 'AISLE_EXPORT_MAX_MB', 1024, 1, 1_000_000) * 1024 * 1024,
      // A piece of text is handed to the readers a megabyte at a time: a line limit below that
      // could not be told from the piece.
      lineChars: integer(env, 'AISLE_EXPORT_MAX_LINE_KB', 16 * 1024, 1024, 256 * 1024) * 1024,
      cellChars: integer(env, 'AISLE_EXPORT_MAX_CELL_KB', 1024, 1, 256 * 1024) * 1024,
    },
    livePollMs: integer(env, 'AISLE_LIVE_POLL_MS', 500, 10, 600_000),
    answerCacheBytes: integer(env, 'AISLE_ANSWER_CACHE_KB', 65_536, 0, 64 * 1024 * 1024) * 1024,
    indexerPollMs: integer(env, 'AISLE_INDEXER_POLL_MS', 500, 10, 600_000),
    indexerLeaseMs: integer(env, 'AISLE_INDEXER_LEASE_MS', 30_000, 1_000, 3_600_000),
    schedulerIntervalMs: integer(env, 'AISLE_SCHEDULER_INTERVAL_MS', 60_000, 100, 3_600_000),
    exportRetentionMs: integer(env, 'AISLE_EXPORT_RETENTION_HOURS', 72, 0, 87_600) * 3_600_000,
    aiGateway: {
      apiKey: env.AI_GATEWAY_API_KEY || undefined,
      baseUrl: url(env, 'AI_GATEWAY_BASE_URL'),
      model: env.AI_GATEWAY_MODEL || DEFAULT_AI_GATEWAY_MODEL,
      timeoutMs: integer(env, 'AI_GATEWAY_TIMEOUT_MS', 20_000, 100, 600_000),
    },
    secretKey: env.AISLE_SECRET_KEY || undefined,
    allowPrivateFeeds: privateAllowance(env.AISLE_ALLOW_PRIVATE_FEEDS),
    feedMaxBytes: integer(env, 'AISLE_FEED_MAX_MB', 512, 1, 1_000_000) * 1024 * 1024,
    feedTimeoutMs: integer(env, 'AISLE_FEED_TIMEOUT_S', 300, 1, 86_400) * 1000,
    metricsKey: env.AISLE_METRICS_KEY || undefined,
    faultStopAt: env.AISLE_FAULT_STOP_AT
      ? (oneOf(env, 'AISLE_FAULT_STOP_AT', [...RUN_POINTS], 'claimed') as RunPoint)
      : undefined,
    stopTimeoutMs: integer(env, 'AISLE_STOP_TIMEOUT_MS', 30_000, 0, 3_600_000),
    shedding: {
      eventLoopDelayMs: integer(env, 'AISLE_SHED_EVENT_LOOP_DELAY_MS', 1000, 0, 600_000),
      eventLoopUtilization: integer(env, 'AISLE_SHED_EVENT_LOOP_PERCENT', 0, 0, 100) / 100,
      sampleMs: integer(env, 'AISLE_SHED_SAMPLE_MS', 1000, 10, 60_000),
    },
    searchLogQueue: integer(env, 'AISLE_SEARCH_LOG_QUEUE', 50_000, 1_000, 10_000_000),
    searchLogRetentionDays: integer(
      env,
      'AISLE_SEARCH_LOG_RETENTION_DAYS',
      30,
      MIN_SEARCH_LOG_RETENTION_DAYS,
      3_650,
    ),
  };
}

/** AISLE_BLOB_URL, checked when the process starts rather than at its first blob. */
function blobUrl(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.AISLE_BLOB_URL;
  if (text === undefined || text === '') return undefined;
  try {
    parseObjectStoreUrl(text);
  } catch (error) {
    throw new ConfigError(`AISLE_BLOB_URL: ${(error as Error).message}`);
  }
  return text;
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new ConfigError(`${name} must be an http or https URL, not "${text}".`);
  }
  return text;
}

/** `true` (or 1) allows every private address, `false` (0, unset) none, else a comma list of addresses and CIDR ranges. */
function privateAllowance(text: string | undefined): boolean | string[] {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  const ranges = value.split(',').map((range) => range.trim());
  try {
    for (const range of ranges) parseRange(range);
  } catch {
    throw new ConfigError(
      `AISLE_ALLOW_PRIVATE_FEEDS must be true, false, or a comma list of addresses and CIDR ranges, not "${text}".`,
    );
  }
  return ranges;
}

/** Keys shorter than this are refused at start: a short key is guessed by trying. */
export const MIN_KEY_LENGTH = 16;

/** A key's text, refused at start when it is too short to be a secret. */
export function checkKey(name: string, key: string): string {
  if (key.length < MIN_KEY_LENGTH) {
    throw new ConfigError(
      `${name} must be at least ${MIN_KEY_LENGTH} characters long (it has ${key.length}): use a random key, such as the output of \`openssl rand -base64 24\`.`,
    );
  }
  return key;
}

function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name];
  return text ? checkKey(name, text) : undefined;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return integer(env, name, fallback, 0, 65_535);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

function oneOf(env: NodeJS.ProcessEnv, name: string, allowed: string[], fallback: string): string {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!allowed.includes(text))
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, not "${text}".`);
  return text;
}
