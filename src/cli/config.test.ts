import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';

describe('readConfig', () => {
  it('has its defaults when nothing is set', () => {
    const config = readConfig({});
    expect(config).toEqual({
      host: '127.0.0.1',
      publicPort: 8080,
      internalPort: 8081,
      managementPort: 8090,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      blobUrl: undefined,
      managementKey: undefined,
      internalKey: undefined,
      internalHost: undefined,
      internalUrl: undefined,
      logLevel: 'info',
      uploadLimitBytes: 512 * 1024 * 1024,
      uploadConcurrency: 2,
      bodyTimeouts: { idleMs: 30_000, minBytesPerSecond: 8 * 1024 },
      exportLimits: { bytes: 1024 * 1024 * 1024, lineChars: 16 * 1024 * 1024, cellChars: 1024 * 1024 },
      livePollMs: 500,
      answerCacheBytes: 64 * 1024 * 1024,
      indexerPollMs: 500,
      indexerLeaseMs: 30_000,
      schedulerIntervalMs: 60_000,
      exportRetentionMs: 72 * 3_600_000,
      aiGateway: { apiKey: undefined, baseUrl: undefined, model: 'openai/gpt-5-mini', timeoutMs: 20_000 },
      secretKey: undefined,
      allowPrivateFeeds: false,
      feedMaxBytes: 512 * 1024 * 1024,
      feedTimeoutMs: 300_000,
      searchLogQueue: 50_000,
      searchLogRetentionDays: 30,
      metricsKey: undefined,
      faultStopAt: undefined,
      stopTimeoutMs: 30_000,
      shedding: { eventLoopDelayMs: 1000, eventLoopUtilization: 0, sampleMs: 1000 },
    });
  });

  it('reads the AI gateway settings, refusing a base URL that is not http or https', () => {
    expect(
      readConfig({
        AI_GATEWAY_API_KEY: 'gateway-key',
        AI_GATEWAY_BASE_URL: 'http://127.0.0.1:9999/v4/ai',
        AI_GATEWAY_MODEL: 'anthropic/claude-haiku-4.5',
        AI_GATEWAY_TIMEOUT_MS: '5000',
      }).aiGateway,
    ).toEqual({
      apiKey: 'gateway-key',
      baseUrl: 'http://127.0.0.1:9999/v4/ai',
      model: 'anthropic/claude-haiku-4.5',
      timeoutMs: 5000,
    });
    expect(() => readConfig({ AI_GATEWAY_BASE_URL: 'gateway.example' })).toThrow(
      /^AI_GATEWAY_BASE_URL must be/,
    );
    expect(() => readConfig({ AI_GATEWAY_BASE_URL: 'ftp://gateway.example' })).toThrow(ConfigError);
    expect(() => readConfig({ AI_GATEWAY_TIMEOUT_MS: '10' })).toThrow(/AI_GATEWAY_TIMEOUT_MS/);
  });

  it('reads which private addresses feeds may be fetched from: none, all, or listed ranges', () => {
    expect(readConfig({ AISLE_ALLOW_PRIVATE_FEEDS: 'true' }).allowPrivateFeeds).toBe(true);
    expect(readConfig({ AISLE_ALLOW_PRIVATE_FEEDS: '0' }).allowPrivateFeeds).toBe(false);
    expect(readConfig({ AISLE_ALLOW_PRIVATE_FEEDS: '10.1.0.0/16, 192.168.1.5' }).allowPrivateFeeds).toEqual([
      '10.1.0.0/16',
      '192.168.1.5',
    ]);
    expect(() => readConfig({ AISLE_ALLOW_PRIVATE_FEEDS: 'intranet' })).toThrow(/AISLE_ALLOW_PRIVATE_FEEDS/);
    expect(() => readConfig({ AISLE_ALLOW_PRIVATE_FEEDS: '10.0.0.0/40' })).toThrow(ConfigError);
    expect(readConfig({ AISLE_FEED_MAX_MB: '2', AISLE_FEED_TIMEOUT_S: '9' })).toMatchObject({
      feedMaxBytes: 2 * 1024 * 1024,
      feedTimeoutMs: 9000,
    });
  });

  it('takes empty values as unset', () => {
    expect(
      readConfig({
        AISLE_HOST: '',
        AISLE_PUBLIC_PORT: '',
        AISLE_DATA_DIR: '',
        DATABASE_URL: '',
        SEARCH_MANAGEMENT_KEY: '',
        AISLE_LOG_LEVEL: '',
      }),
    ).toEqual(readConfig({}));
  });

  it('reads what is set', () => {
    const config = readConfig({
      AISLE_HOST: '0.0.0.0',
      AISLE_PUBLIC_PORT: '3000',
      AISLE_INTERNAL_PORT: '3001',
      AISLE_MANAGEMENT_PORT: '3002',
      AISLE_DATA_DIR: '/var/lib/aisle',
      DATABASE_URL: 'postgres://aisle@db/aisle',
      SEARCH_MANAGEMENT_KEY: 'secret-management-key',
      AISLE_INTERNAL_KEY: 'secret-internal-key',
      AISLE_INTERNAL_HOST: '10.0.0.5',
      AISLE_INTERNAL_URL: 'http://search:8081',
      AISLE_UPLOAD_CONCURRENCY: '4',
      AISLE_BODY_TIMEOUT_S: '5',
      AISLE_BODY_MIN_RATE_KB: '0',
      AISLE_EXPORT_MAX_MB: '100',
      AISLE_EXPORT_MAX_LINE_KB: '2048',
      AISLE_EXPORT_MAX_CELL_KB: '64',
      AISLE_LOG_LEVEL: 'debug',
      AISLE_EXPORT_RETENTION_HOURS: '24',
      AISLE_METRICS_KEY: 'scrape-key',
      AISLE_STOP_TIMEOUT_MS: '5000',
      AISLE_SHED_EVENT_LOOP_DELAY_MS: '200',
      AISLE_SHED_EVENT_LOOP_PERCENT: '95',
      AISLE_SHED_SAMPLE_MS: '250',
    });
    expect(config).toMatchObject({
      metricsKey: 'scrape-key',
      stopTimeoutMs: 5000,
      shedding: { eventLoopDelayMs: 200, eventLoopUtilization: 0.95, sampleMs: 250 },
      exportRetentionMs: 24 * 3_600_000,
      host: '0.0.0.0',
      publicPort: 3000,
      internalPort: 3001,
      managementPort: 3002,
      dataDir: '/var/lib/aisle',
      databaseUrl: 'postgres://aisle@db/aisle',
      managementKey: 'secret-management-key',
      internalKey: 'secret-internal-key',
      internalHost: '10.0.0.5',
      internalUrl: 'http://search:8081',
      uploadConcurrency: 4,
      bodyTimeouts: { idleMs: 5000, minBytesPerSecond: 0 },
      exportLimits: { bytes: 100 * 1024 * 1024, lineChars: 2048 * 1024, cellChars: 64 * 1024 },
      logLevel: 'debug',
    });
  });

  it('refuses a key shorter than 16 characters, naming the setting', () => {
    expect(() => readConfig({ SEARCH_MANAGEMENT_KEY: 'k' })).toThrow(
      /SEARCH_MANAGEMENT_KEY must be at least 16 characters long \(it has 1\)/,
    );
    expect(() => readConfig({ AISLE_INTERNAL_KEY: 'fifteen-chars!!' })).toThrow(/AISLE_INTERNAL_KEY/);
    expect(readConfig({ SEARCH_MANAGEMENT_KEY: 'sixteen-chars!!!' }).managementKey).toBe('sixteen-chars!!!');
  });

  it('refuses a line limit below a megabyte', () => {
    expect(() => readConfig({ AISLE_EXPORT_MAX_LINE_KB: '512' })).toThrow(ConfigError);
  });

  it('resolves a relative data dir to an absolute path', () => {
    expect(readConfig({ AISLE_DATA_DIR: 'var/aisle' }).dataDir).toBe(resolve(process.cwd(), 'var/aisle'));
  });

  it('allows port 0 (any free port)', () => {
    expect(readConfig({ AISLE_PUBLIC_PORT: '0' }).publicPort).toBe(0);
    expect(readConfig({ AISLE_MANAGEMENT_PORT: '65535' }).managementPort).toBe(65_535);
  });

  it.each(['http', '-1', '65536', '80.5', '8080abc'])(
    'refuses the port "%s", naming the variable',
    (value) => {
      expect(() => readConfig({ AISLE_INTERNAL_PORT: value })).toThrow(ConfigError);
      expect(() => readConfig({ AISLE_INTERNAL_PORT: value })).toThrow(/AISLE_INTERNAL_PORT/);
      expect(() => readConfig({ AISLE_INTERNAL_PORT: value })).toThrow(`not "${value}"`);
    },
  );

  it('refuses a port that is only whitespace rather than taking it as port 0', () => {
    // Number(' ') is 0: a blank-looking value must not silently bind to a random free port.
    expect(() => readConfig({ AISLE_PUBLIC_PORT: ' ' })).toThrow(ConfigError);
    expect(() => readConfig({ AISLE_PUBLIC_PORT: ' ' })).toThrow(/AISLE_PUBLIC_PORT/);
  });

  it('names the public and management port variables when they are wrong', () => {
    expect(() => readConfig({ AISLE_PUBLIC_PORT: 'x' })).toThrow(/^AISLE_PUBLIC_PORT must be a whole number/);
    expect(() => readConfig({ AISLE_MANAGEMENT_PORT: 'x' })).toThrow(/^AISLE_MANAGEMENT_PORT/);
  });

  it('reads AISLE_UPLOAD_LIMIT_MB as mebibytes', () => {
    expect(readConfig({ AISLE_UPLOAD_LIMIT_MB: '10' }).uploadLimitBytes).toBe(10 * 1024 * 1024);
    expect(readConfig({ AISLE_UPLOAD_LIMIT_MB: '1' }).uploadLimitBytes).toBe(1_048_576);
  });

  it('refuses an upload limit below 1 MB', () => {
    expect(() => readConfig({ AISLE_UPLOAD_LIMIT_MB: '0' })).toThrow(ConfigError);
    expect(() => readConfig({ AISLE_UPLOAD_LIMIT_MB: '0' })).toThrow(/AISLE_UPLOAD_LIMIT_MB/);
  });

  it('refuses a log level it does not know, listing the allowed ones', () => {
    expect(() => readConfig({ AISLE_LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => readConfig({ AISLE_LOG_LEVEL: 'verbose' })).toThrow(
      /AISLE_LOG_LEVEL must be one of .*debug/,
    );
  });

  it('reads AISLE_EXPORT_RETENTION_HOURS as hours, 0 removing exports at the next clean-up', () => {
    expect(readConfig({ AISLE_EXPORT_RETENTION_HOURS: '0' }).exportRetentionMs).toBe(0);
    expect(readConfig({ AISLE_EXPORT_RETENTION_HOURS: '168' }).exportRetentionMs).toBe(168 * 3_600_000);
    expect(() => readConfig({ AISLE_EXPORT_RETENTION_HOURS: '-1' })).toThrow(/AISLE_EXPORT_RETENTION_HOURS/);
  });

  it('reads the search log queue and how many days its raw rows are kept, 4 at least', () => {
    expect(readConfig({ AISLE_SEARCH_LOG_QUEUE: '2000' }).searchLogQueue).toBe(2_000);
    expect(readConfig({ AISLE_SEARCH_LOG_RETENTION_DAYS: '4' }).searchLogRetentionDays).toBe(4);
    expect(() => readConfig({ AISLE_SEARCH_LOG_RETENTION_DAYS: '3' })).toThrow(
      /AISLE_SEARCH_LOG_RETENTION_DAYS must be a whole number from 4/,
    );
    expect(() => readConfig({ AISLE_SEARCH_LOG_QUEUE: '10' })).toThrow(/AISLE_SEARCH_LOG_QUEUE/);
  });

  it('reads the polling and lease times', () => {
    expect(
      readConfig({
        AISLE_LIVE_POLL_MS: '250',
        AISLE_INDEXER_POLL_MS: '1000',
        AISLE_INDEXER_LEASE_MS: '5000',
        AISLE_SCHEDULER_INTERVAL_MS: '500',
      }),
    ).toMatchObject({ livePollMs: 250, indexerPollMs: 1000, indexerLeaseMs: 5000, schedulerIntervalMs: 500 });
    expect(() => readConfig({ AISLE_INDEXER_LEASE_MS: '999' })).toThrow(/AISLE_INDEXER_LEASE_MS/);
    expect(() => readConfig({ AISLE_SCHEDULER_INTERVAL_MS: '10' })).toThrow(/AISLE_SCHEDULER_INTERVAL_MS/);
  });

  it('reads the answer cache budget in kilobytes, 0 switching it off, refusing what is no whole number', () => {
    expect(readConfig({ AISLE_ANSWER_CACHE_KB: '512' }).answerCacheBytes).toBe(512 * 1024);
    expect(readConfig({ AISLE_ANSWER_CACHE_KB: '0' }).answerCacheBytes).toBe(0);
    expect(() => readConfig({ AISLE_ANSWER_CACHE_KB: '-1' })).toThrow(/AISLE_ANSWER_CACHE_KB/);
  });

  it('keeps blobs in object storage named by AISLE_BLOB_URL, refusing a URL that names none', () => {
    expect(readConfig({ AISLE_BLOB_URL: 's3://shop-blobs/aisle' }).blobUrl).toBe('s3://shop-blobs/aisle');
    expect(() => readConfig({ AISLE_BLOB_URL: '/mnt/blobs' })).toThrow(ConfigError);
    expect(() => readConfig({ AISLE_BLOB_URL: 's3://Shop/aisle' })).toThrow(
      /^AISLE_BLOB_URL: "Shop" is not a bucket name/,
    );
  });
});
