import { v7 as uuidv7, validate, version } from 'uuid';
import { canonicalJson } from './canonical-json.js';
import { sha256Hex } from './hash.js';

/** A fresh UUIDv7: time-ordered, so a query id also tells when it was answered. */
export function newQueryId(now: Date): string {
  return uuidv7({ msecs: now.getTime() });
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
