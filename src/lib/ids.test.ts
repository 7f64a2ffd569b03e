import { describe, expect, it } from 'vitest';
import { isUuidV7, newQueryId, releaseId, snapshotId, uuidV7Time } from './ids.js';

/** The 48-bit Unix-millisecond timestamp at the front of a UUIDv7. */
function millisecondsOf(uuid: string): number {
  return Number.parseInt(uuid.replaceAll('-', '').slice(0, 12), 16);
}

describe('newQueryId', () => {
  it('is a UUIDv7 in the canonical lowercase form', () => {
    const id = newQueryId(new Date('2026-01-31T09:00:00.123Z'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isUuidV7(id)).toBe(true);
  });

  it("carries the given time's milliseconds", () => {
    const time = new Date('2026-01-31T09:00:00.123Z');
    expect(millisecondsOf(newQueryId(time))).toBe(time.getTime());
  });

  it('carries an earlier time even after a later one was used', () => {
    newQueryId(new Date('2030-06-01T00:00:00.000Z'));
    const earlier = new Date('2021-03-04T05:06:07.089Z');
    expect(millisecondsOf(newQueryId(earlier))).toBe(earlier.getTime());
  });

  it('gives distinct ids for the same instant', () => {
    const time = new Date('2026-01-31T09:00:00.000Z');
    // More than one fill of the random bytes the ids draw from.
    const ids = new Set(Array.from({ length: 1000 }, () => newQueryId(time)));
    expect(ids.size).toBe(1000);
  });
});

describe('isUuidV7', () => {
  it('accepts a UUIDv7', () => {
    expect(isUuidV7('019c1347-d2fb-726b-b299-38f5dce668e2')).toBe(true);
  });

  it('rejects a UUIDv4', () => {
    expect(isUuidV7('9b2f3c1e-4d5a-4b6c-8d7e-0f1a2b3c4d5e')).toBe(false);
    expect(isUuidV7(crypto.randomUUID())).toBe(false);
  });

  it('rejects text that is not a UUID', () => {
    expect(isUuidV7('')).toBe(false);
    expect(isUuidV7('not-a-uuid')).toBe(false);
    expect(isUuidV7('019c1347d2fb726bb29938f5dce668e2')).toBe(false);
    expect(isUuidV7('019c1347-d2fb-726b-b299-38f5dce668e2-extra')).toBe(false);
    expect(isUuidV7('zzzzzzzz-d2fb-726b-b299-38f5dce668e2')).toBe(false);
  });
});

describe('snapshotId', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('is sn_ followed by 32 hex digits', () => {
    expect(snapshotId(encode('{"type":"product","id":"1"}\n'))).toMatch(/^sn_[0-9a-f]{32}$/);
  });

  it('gives the same id to the same bytes', () => {
    const bytes = encode('{"type":"product","id":"1"}\n');
    expect(snapshotId(bytes)).toBe(snapshotId(Uint8Array.from(bytes)));
  });

  it('gives different ids to different bytes', () => {
    expect(snapshotId(encode('{"type":"product","id":"1"}\n'))).not.toBe(
      snapshotId(encode('{"type":"product","id":"2"}\n')),
    );
    // Even a difference that does not change the meaning changes the bytes, and so the id.
    expect(snapshotId(encode('{"id":"1","type":"product"}\n'))).not.toBe(
      snapshotId(encode('{"type":"product","id":"1"}\n')),
    );
  });
});

describe('releaseId', () => {
  it('is rl_ followed by 32 hex digits', () => {
    expect(releaseId({ 'ranking.json': { boost: 1 } })).toMatch(/^rl_[0-9a-f]{32}$/);
  });

  it('does not depend on key order at any depth', () => {
    const one = { 'ranking.json': { weights: { title: 3, brand: 1 } }, 'rules.json': { rules: [] } };
    const other = { 'rules.json': { rules: [] }, 'ranking.json': { weights: { brand: 1, title: 3 } } };
    expect(releaseId(one)).toBe(releaseId(other));
  });

  it('changes when the content changes', () => {
    expect(releaseId({ 'ranking.json': { weights: { title: 3 } } })).not.toBe(
      releaseId({ 'ranking.json': { weights: { title: 4 } } }),
    );
    expect(releaseId({ 'ranking.json': {} })).not.toBe(releaseId({ 'rules.json': {} }));
  });
});

describe('uuidV7Time', () => {
  it('reads back the time a query id was made at', () => {
    const time = new Date('2026-01-31T09:00:00.123Z');
    expect(uuidV7Time(newQueryId(time))).toEqual(time);
  });
});
