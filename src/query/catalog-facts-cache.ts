import { LRUCache } from 'lru-cache';
import type { ExportLimits } from '../catalog/index.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { sha256Hex } from '../lib/hash.js';
import type { TaskRunner } from '../lib/tasks.js';
import type { CompareSide, FactsInput } from './export-tasks.js';
import type { CatalogFacts } from './routes/compare-exports.js';

/**
 * Product ids (with attribute codes) kept at most, over every catalog kept: about 70 MB of strings
 * at worst; a catalog larger than that is read for each comparison again.
 */
const KEPT_IDS = 1_000_000;

/**
 * The facts of the catalogs compared lately, by snapshot and the files they were read with. The
 * changes of a draft are asked for again and again (after each correction, from each open page),
 * always against the live catalog, which stays the same until the next publish, and reading an
 * export takes seconds: each side is read once while it is kept here. A snapshot's bytes never
 * change and the key names every file the reading depends on, so a kept answer is never stale.
 * Two requests for the same side at once share one reading.
 */
export class CatalogFactsCache {
  readonly #kept: LRUCache<string, CatalogFacts, FactsInput>;

  constructor(
    reads: TaskRunner,
    /** Reads one side on a read thread, when its turn comes (the node reads one export at a time). */
    inTurn: <T>(work: () => Promise<T>) => Promise<T>,
    keptIds = KEPT_IDS,
  ) {
    this.#kept = new LRUCache<string, CatalogFacts, FactsInput>({
      maxSize: keptIds,
      sizeCalculation: (facts) => facts.products.size + facts.attributes.size + 1,
      fetchMethod: (_key, _stale, { context }) =>
        inTurn(() => reads.run<CatalogFacts>('export:facts', context)),
    });
  }

  /** The facts of one side, read now or kept from an earlier comparison. */
  async of(side: CompareSide, limits: ExportLimits | undefined): Promise<CatalogFacts> {
    const input: FactsInput = { side, ...(limits ? { limits } : {}) };
    const facts = await this.#kept.fetch(keyOf(side), { context: input });
    // fetchMethod always answers facts or throws: undefined would be a broken promise of the cache.
    if (!facts) throw new Error(`The facts of snapshot ${side.export.snapshot} were not read.`);
    return facts;
  }
}

/** The snapshot and every file its reading depends on (feed, attributes and channels, and the typing). */
function keyOf(side: CompareSide): string {
  const { 'feed.json': feed, 'attributes.json': attributes, 'channels.json': channels } = side.readWith;
  const files = canonicalJson({ feed, attributes, channels, typedBy: side.typedBy['attributes.json'] });
  return `${side.export.snapshot} ${sha256Hex(files)}`;
}
