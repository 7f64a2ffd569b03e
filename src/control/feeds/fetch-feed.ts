import { Agent, type Dispatcher, request } from 'undici';
import { AddressGuard, PrivateAddressError, type PrivateAllowance } from './address-guard.js';

export interface FeedRequest {
  url: string;
  /** A header that signs the fetch in, sent only to the feed's own origin. */
  credentials?: { header: string; value: string };
  /** Validators of the last fetch, asking whether the feed changed since. */
  etag?: string;
  lastModified?: string;
}

export interface FeedLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Private, loopback and link-local addresses that may be fetched: none, all, or these (intranets, tests). */
  allowPrivate: PrivateAllowance;
}

export type FeedAnswer =
  | { kind: 'not_modified'; status: number }
  | { kind: 'body'; status: number; bytes: Buffer; etag?: string; lastModified?: string };

/** A fetch that did not bring the feed, with a sentence saying why. */
export class FeedFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FeedFailure';
  }
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a feed with a conditional request, following redirects itself so that each hop is
 * checked: its address (literal, and every address its name resolves to when connecting) must be
 * public unless allowed, and the credentials go only to the origin of the feed's own URL, never
 * after a redirect to another. Size and time are bounded.
 */
export async function fetchFeed(feed: FeedRequest, limits: FeedLimits): Promise<FeedAnswer> {
  const origin = new URL(feed.url).origin;
  const guard = new AddressGuard(limits.allowPrivate);
  const dispatcher = new Agent({
    connect: guard.allowsAll ? {} : { lookup: guard.lookup as never },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
  });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let url = new URL(feed.url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FeedFailure(
          `A redirect led to ${url.protocol} ${url.host}: feeds are fetched over http or https only.`,
        );
      }
      guard.checkLiteral(url);
      const answer = await send(dispatcher, url, headersFor(feed, url.origin === origin), signal);
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.statusCode) && typeof location === 'string') {
        await answer.body.dump();
        url = new URL(location, url);
        continue;
      }
      return await readAnswer(answer, limits.maxBytes);
    }
    throw new FeedFailure(`The feed redirected more than ${MAX_REDIRECTS} times.`);
  } catch (error) {
    throw asFailure(error, signal, limits.timeoutMs);
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}

function headersFor(feed: FeedRequest, ownOrigin: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': 'aisle-feed-fetch', accept: '*/*' };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  if (ownOrigin && feed.credentials) headers[feed.credentials.header.toLowerCase()] = feed.credentials.value;
  return headers;
}

function send(dispatcher: Dispatcher, url: URL, headers: Record<string, string>, signal: AbortSignal) {
  return request(url, { dispatcher, method: 'GET', headers, signal });
}

async function readAnswer(answer: Dispatcher.ResponseData, maxBytes: number): Promise<FeedAnswer> {
  const { statusCode: status, headers, body } = answer;
  if (status === 304) {
    await body.dump();
    return { kind: 'not_modified', status };
  }
  if (status < 200 || status > 299) {
    await body.dump();
    throw new FeedFailure(`The feed answered HTTP ${status}.`, status);
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw new FeedFailure(tooLarge(maxBytes), status);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      body.destroy();
      throw new FeedFailure(tooLarge(maxBytes), status);
    }
    chunks.push(chunk as Buffer);
  }
  const etag = headers.etag;
  const lastModified = headers['last-modified'];
  return {
    kind: 'body',
    status,
    bytes: Buffer.concat(chunks, length),
    ...(typeof etag === 'string' ? { etag } : {}),
    ...(typeof lastModified === 'string' ? { lastModified } : {}),
  };
}

function tooLarge(maxBytes: number): string {
  return `The feed is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB a fetch takes (AISLE_FEED_MAX_MB).`;
}

function asFailure(error: unknown, signal: AbortSignal, timeoutMs: number): FeedFailure {
  if (error instanceof FeedFailure) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const refused = [error, cause].find((candidate) => candidate instanceof PrivateAddressError);
  if (refused) return new FeedFailure(`${(refused as Error).message}.`);
  if (signal.aborted) {
    return new FeedFailure(
      `The feed did not arrive within ${Math.round(timeoutMs / 1000)} seconds (AISLE_FEED_TIMEOUT_S).`,
    );
  }
  const text = error instanceof Error ? (cause ?? error).message : String(error);
  return new FeedFailure(`The feed could not be fetched: ${text.replace(/\.+$/, '')}.`);
}
