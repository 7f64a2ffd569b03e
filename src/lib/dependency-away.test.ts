import { describe, expect, it } from 'vitest';
import { isDependencyAway } from './dependency-away.js';

/** An error as a driver throws it: a message with the fields it adds. */
function thrown(message: string, fields: Record<string, unknown> = {}, name = 'Error'): Error {
  return Object.assign(new Error(message), { name, ...fields });
}

describe('isDependencyAway', () => {
  it('knows a connection refused, reset or timed out, also as the cause of another error', () => {
    expect(isDependencyAway(thrown('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDependencyAway(thrown('read ECONNRESET', { code: 'ECONNRESET' }))).toBe(true);
    const wrapped = new Error('the upload could not be kept', {
      cause: thrown('getaddrinfo ENOTFOUND blobs.internal', { code: 'ENOTFOUND' }),
    });
    expect(isDependencyAway(wrapped)).toBe(true);
  });

  it('knows PostgreSQL and its driver saying the connection is lost, the server stopping or full', () => {
    expect(isDependencyAway(thrown('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyAway(thrown('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDependencyAway(thrown('terminating connection due to administrator command', { code: '57P01' })),
    ).toBe(true);
    expect(isDependencyAway(thrown('sorry, too many clients already', { code: '53300' }))).toBe(true);
    expect(isDependencyAway(thrown('connection failure', { code: '08006' }))).toBe(true);
  });

  it('knows object storage failing on its side, throttling or timing out', () => {
    const failed = { $metadata: { httpStatusCode: 503 } };
    expect(isDependencyAway(thrown('Service Unavailable', failed, 'ServiceUnavailable'))).toBe(true);
    const throttled = { $metadata: { httpStatusCode: 400 }, $retryable: { throttling: true } };
    expect(isDependencyAway(thrown('Slow down', throttled, 'SlowDown'))).toBe(true);
    expect(isDependencyAway(thrown('Request timed out', { $metadata: {} }, 'TimeoutError'))).toBe(true);
  });

  it('takes a request refused, a missing object or a failure of the code for what it is', () => {
    expect(isDependencyAway(thrown('duplicate key value', { code: '23505' }))).toBe(false);
    expect(
      isDependencyAway(thrown('Access Denied', { $metadata: { httpStatusCode: 403 } }, 'AccessDenied')),
    ).toBe(false);
    expect(
      isDependencyAway(thrown('The specified key does not exist.', { $metadata: { httpStatusCode: 404 } })),
    ).toBe(false);
    expect(isDependencyAway(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDependencyAway('ECONNREFUSED')).toBe(false);
  });
});
