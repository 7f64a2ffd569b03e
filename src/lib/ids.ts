import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7, validate, version } from 'uuid';
import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './hash.js';

/** Random bytes for ids, filled 256 ids at a time: one call into the system per id showed in profiles. */
const randomPool = new Uint8Array(16 * 256);
let randomAt = randomPool.length;

function randomBytes16(): Uint8Array {
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  randomAt += 16;
  return randomPool.subarray(randomAt - 16, randomAt);
}

/** A fresh UUIDv7: time-ordered, so a query id also tells when it was answered. */
export function newQueryId(now: Date): string {
  return uuidv7({ msecs: now.getTime(), random: randomBytes16() });
}

export function isUuidV7(value: string): boolean {
  return validate(value) && version(value) === 7;
}

/** When a UUIDv7 was made: the Unix milliseconds in its first 48 bits. */
export function uuidV7Time(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}

/** Snapshot id: the catalog named by its bytes. */
export function snapshotId(bytes: Uint8Array): string {
  return snapshotIdOfDigest(sha256Hex(bytes));
}

/** Snapshot id of bytes whose sha256 (hex) was computed while they streamed by. */
export function snapshotIdOfDigest(sha256: string): string {
  return `sn_${sha256.slice(0, 32)}`;
}

/** Release id: the configuration named by its canonical files. */
export function releaseId(files: Record<string, unknown>): string {
  return releaseIdOfCanonical(canonicalJson(files));
}

/** Release id of files written as canonical JSON already. */
export function releaseIdOfCanonical(canonical: string): string {
  return `rl_${sha256Hex(canonical).slice(0, 32)}`;
}
