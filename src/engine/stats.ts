import type { EngineIndex } from './engine-index.js';

export interface IndexStats {
  types: Array<{ type: string; documents: number }>;
  /** Distinct terms, summed over types. */
  terms: number;
  /** Size of the artifact. */
  bytes: number;
}

export function indexStats(index: EngineIndex): IndexStats {
  return {
    types: index.types.map(({ type, documents }) => ({ type, documents })),
    terms: index.types.reduce((sum, type) => sum + type.dictionary.size, 0),
    bytes: index.byteLength,
  };
}
