import { readExport } from '../catalog/index.js';
import type { Inspection } from '../contracts/inspection.js';
import type { AttributesFile, FeedFile } from '../contracts/release-files/index.js';
import { catalogFacts } from './routes/compare-exports.js';

/**
 * Reading kept exports for the internal API, run as tasks in a worker thread (see
 * src/lib/worker-pool.ts): parsing an export of many megabytes would otherwise hold up every search
 * the node answers meanwhile.
 */

export interface InspectInput {
  bytes: Uint8Array;
  feed?: FeedFile;
  attributes?: AttributesFile;
  sample?: boolean;
}

/** A catalog's facts as they cross threads: lists, made sets again by the caller. */
export interface FactLists {
  products: string[];
  attributes: string[];
  filters: string[];
}

export interface FactsInput extends InspectInput {
  /** The release's attributes.json as sent, which types attributes before the derived one. */
  declared?: unknown;
}

/** What the indexer would make of the export with the release's feed.json and attributes.json. */
async function inspectExport(input: InspectInput): Promise<Inspection> {
  const { bytes, feed, attributes, sample } = input;
  const read = await readExport(bytes, {
    ...(feed ? { feed } : {}),
    ...(attributes ? { attributes } : {}),
    sample: sample === true,
    holdEntities: false,
  });
  return read.inspection();
}

/**
 * The facts a comparison reads of an export read with its release: attribute types come from the
 * release's attributes.json, else from the one derived from the export.
 */
async function exportFacts(input: FactsInput): Promise<FactLists> {
  const { bytes, feed, attributes, declared } = input;
  const read = await readExport(bytes, {
    ...(feed ? { feed } : {}),
    ...(attributes ? { attributes } : {}),
  });
  const derived = read.derivedFiles.find((file) => file.name === 'attributes.json')?.content;
  const facts = await catalogFacts(read.entities, [declared, derived]);
  return {
    products: [...facts.products],
    attributes: [...facts.attributes],
    filters: [...facts.filters],
  };
}

export const exportTasks = {
  'export:inspect': inspectExport,
  'export:facts': exportFacts,
};
