import { afterEach, describe, expect, it } from 'vitest';
import { type FeedServer, feedWithEtag, startFeedServer } from '../../../test/support/feed-server.js';
import { AddressGuard } from './address-guard.js';
import { FeedFailure, fetchFeed } from './fetch-feed.js';

let feed: FeedServer | undefined;
afterEach(async () => {
  await feed?.close();
  feed = undefined;
});

/** 127.0.0.1 stands in for a public address here; every other private address is refused. */
const limits = { maxBytes: 1024, timeoutMs: 5_000, allowPrivate: ['127.0.0.1'] };

async function failure(promise: Promise<unknown>): Promise<FeedFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FeedFailure);
  return error as FeedFailure;
}

describe('fetchFeed', () => {
  it('asks whether the feed changed since its ETag and Last-Modified', async () => {
    feed = await startFeedServer();
    feed.answer(feedWithEtag('{"type":"product","id":"p1"}\n', '"e1"'));
    const first = await fetchFeed({ url: `${feed.origin}/f` }, limits);
    expect(first).toMatchObject({ kind: 'body', status: 200, etag: '"e1"' });
    const second = await fetchFeed(
      { url: `${feed.origin}/f`, etag: '"e1"', lastModified: 'Sun, 01 Mar 2026 10:00:00 GMT' },
      limits,
    );
    expect(second).toEqual({ kind: 'not_modified', status: 304 });
    expect(feed.requests[1]?.headers['if-modified-since']).toBe('Sun, 01 Mar 2026 10:00:00 GMT');
  });

  it('refuses a redirect to a private address', async () => {
    feed = await startFeedServer();
    feed.answer((_request, response) =>
      response.writeHead(301, { location: `http://127.0.0.2:${feed!.port}/inside` }).end(),
    );
    const refused = await failure(fetchFeed({ url: `${feed.origin}/f` }, limits));
    expect(refused.message).toContain('127.0.0.2 is a loopback address');
    expect(feed.requests.map((request) => request.path)).toEqual(['/f']);
  });

  it('bounds the size and the time of a fetch', async () => {
    feed = await startFeedServer();
    feed.answer((_request, response) => response.writeHead(200).end('x'.repeat(2048)));
    expect((await failure(fetchFeed({ url: `${feed.origin}/big` }, limits))).message).toContain(
      'larger than',
    );
    feed.answer(() => {
      // never answers
    });
    const slow = await failure(fetchFeed({ url: `${feed.origin}/slow` }, { ...limits, timeoutMs: 200 }));
    expect(slow.message).toContain('did not arrive within');
  });

  it('answers HTTP errors and unreachable hosts as failures', async () => {
    feed = await startFeedServer();
    feed.answer((_request, response) => response.writeHead(404).end());
    expect(await failure(fetchFeed({ url: `${feed.origin}/gone` }, limits))).toMatchObject({ status: 404 });
    const port = feed.port;
    await feed.close();
    feed = undefined;
    expect((await failure(fetchFeed({ url: `http://127.0.0.1:${port}/` }, limits))).message).toContain(
      'could not be fetched',
    );
  });
});

describe('AddressGuard', () => {
  it('lets public addresses through and names the range of the others', () => {
    const guard = new AddressGuard(false);
    expect(guard.refusal('example.com', '93.184.216.34')).toBeUndefined();
    expect(guard.refusal('x', '10.1.2.3')?.message).toContain('private address');
    expect(guard.refusal('x', '::1')?.message).toContain('loopback address');
    expect(guard.refusal('x', '::ffff:127.0.0.1')?.message).toContain('loopback address');
    expect(guard.refusal('x', 'fe80::1')?.message).toContain('link local address');
    expect(guard.refusal('x', 'fd00::1')?.message).toContain('unique local address');
    expect(new AddressGuard(true).refusal('x', '10.1.2.3')).toBeUndefined();
    expect(new AddressGuard(['10.1.0.0/16']).refusal('x', '10.1.2.3')).toBeUndefined();
    expect(new AddressGuard(['10.1.0.0/16']).refusal('x', '10.2.0.1')).toBeDefined();
  });
});
