import { createHash } from 'node:crypto';

/** Hex sha256 of bytes or text: the name of content-addressed things (snapshots, blobs, releases). */
export function sha256Hex(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}
