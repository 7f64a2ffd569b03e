import { type PreparedIndex, prepareIndex } from '../engine/index.js';
import { transferred } from '../lib/tasks.js';

/**
 * Preparing an artifact for loading, run as a task in a worker thread (see src/lib/worker-pool.ts):
 * checking its checksum and computing its per-posting tables reads every byte, which would
 * hold up the searches a node answers while a new index comes in.
 */

export interface PrepareInput {
  bytes: Uint8Array;
}

/** The artifact's bytes handed back with the tables prepared from them. */
export interface PrepareOutput {
  bytes: Uint8Array;
  prepared: PreparedIndex;
}

function prepare({ bytes }: PrepareInput): PrepareOutput {
  const prepared = prepareIndex(bytes);
  return transferred({ bytes, prepared }, [
    bytes.buffer as ArrayBuffer,
    ...prepared.impacts.map((table) => table.buffer as ArrayBuffer),
    ...prepared.heaviestLengths.map((table) => table.buffer as ArrayBuffer),
  ]);
}

export const indexTasks = {
  'index:prepare': prepare,
};
