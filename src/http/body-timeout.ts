import type { ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../contracts/problem.js';
import { AppError } from '../lib/errors.js';

/**
 * How long a server waits for a request's body. Node's HTTP server bounds the time to the last
 * header; a body may then trickle in a byte every few seconds, or stop, for as long as the client
 * keeps its connection, holding whatever it was taken for (an upload slot, a parser's buffer).
 */
export interface BodyTimeouts {
  /** The longest the server waits for the next bytes of a body. */
  idleMs: number;
  /**
   * The slowest mean rate, in bytes a second, a body may arrive at once it has been waited for
   * `idleMs`: a body sent a byte at a time never pauses long enough to be stalled.
   */
  minBytesPerSecond: number;
}

/** How often a body being received is looked at: a tenth of the idle time, a second at most. */
const MAX_TICK_MS = 1000;

/**
 * Ends with 408 (a problem, the connection closed) every body that stalls or trickles: its stream
 * fails, so a JSON body is never parsed and an upload's staging fails, leaving its slot. Time the
 * server spends not reading (a consumer writing the bytes before it has to the disk) is not counted
 * against the client. Every route that reads a body documents the 408.
 */
export function timeBodies(app: FastifyInstance, timeouts: BodyTimeouts): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !methods.some((method) => ['POST', 'PUT', 'PATCH'].includes(method))) return;
    response[408] ??= Type.Ref(Problem);
  });
  app.addHook('preParsing', async (request, reply, payload) =>
    carriesBody(request) ? watchedBody(payload, timeouts, reply.raw) : payload,
  );
}

function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watchedBody(raw: Readable, timeouts: BodyTimeouts, response: ServerResponse): Readable {
  const body = new PassThrough();
  raw.pipe(body);
  // pipe() passes no failure on: a client that leaves ends the body with its error.
  raw.on('error', (error) => body.destroy(error));
  let received = 0;
  // Time spent waiting for the client: in all, and since its last bytes.
  let waited = 0;
  let idle = 0;
  raw.on('data', (chunk: Uint8Array) => {
    received += chunk.length;
    idle = 0;
  });
  const tickMs = Math.min(MAX_TICK_MS, Math.max(1, Math.floor(timeouts.idleMs / 10)));
  const timer = setInterval(() => {
    // Bytes the consumer has not taken yet: the server is behind, not the client.
    if (body.readableLength > 0 || body.writableLength > 0) {
      idle = 0;
      return;
    }
    waited += tickMs;
    idle += tickMs;
    const owed = ((waited - timeouts.idleMs) / 1000) * timeouts.minBytesPerSecond;
    if (idle >= timeouts.idleMs) fail(stalled(timeouts));
    else if (owed > 0 && received < owed) fail(trickling(timeouts));
  }, tickMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  raw.once('end', stop);
  body.once('close', stop);
  response.once('close', stop);
  // Answered before the body was read (a 413 for a body announced too large): what is left of it
  // is read and dropped, as Node does with a body nobody reads. Left piped into a stream nobody
  // reads, it would stop the client's sending, and the client would wait for ever.
  response.once('finish', () => {
    stop();
    if (raw.readableEnded) return;
    raw.unpipe(body);
    raw.resume();
  });
  function fail(error: AppError) {
    stop();
    // The request is not destroyed: its connection still carries the 408, and is closed after it
    // (whatever else the client sends meanwhile is read and dropped).
    response.setHeader('connection', 'close');
    raw.unpipe(body);
    raw.resume();
    body.destroy(error);
  }
  return body;
}

function stalled(timeouts: BodyTimeouts): AppError {
  return new AppError(
    'request_timeout',
    `The body stopped arriving: nothing came for ${seconds(timeouts.idleMs)} (AISLE_BODY_TIMEOUT_S). Send the request again.`,
  );
}

function trickling(timeouts: BodyTimeouts): AppError {
  return new AppError(
    'request_timeout',
    `The body arrived too slowly: slower than ${timeouts.minBytesPerSecond / 1024} KB a second (AISLE_BODY_MIN_RATE_KB). Send the request again over a faster connection.`,
  );
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
