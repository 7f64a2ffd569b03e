import { type PreparedIndex, prepareIndex } from '../engine/index.js';
import { transferred } from '../lib/tasks.js';
import { decodeLearnt, type PreparedLearnt, prepareLearnt } from '../planner/index.js';

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

export interface PrepareLearntInput {
  bytes: Uint8Array;
}

/**
 * Decoding and indexing the suggestions learnt from the search log (tens of thousands of them,
 * folded and sorted: hundreds of milliseconds), off the thread that answers searches.
 */
function prepareLearntSuggestions({ bytes }: PrepareLearntInput): PreparedLearnt {
  const prepared = prepareLearnt(decodeLearnt(bytes));
  return transferred(
    prepared,
    prepared.places.flatMap(([, parts]) => [
      parts.weights.buffer as ArrayBuffer,
      parts.keyEntries.buffer as ArrayBuffer,
      ...parts.best.map(([, ids]) => ids.buffer as ArrayBuffer),
    ]),
  );
}

export const indexTasks = {
  'index:prepare': prepare,
  'suggestions:prepare': prepareLearntSuggestions,
};
