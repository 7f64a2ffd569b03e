import type { CatalogEntity } from '../contracts/catalog-entity.js';
import { compoundWords, NO_COMPOUNDS } from './analysis/compounds.js';
import { kindEvidence } from './analysis/kinds.js';
import { encodeIndex } from './artifact/layout.js';
import { CatalogInfoCollector } from './index/columns-catalog.js';
import { channelsOf } from './index/columns-settings.js';
import { TypeBuilder } from './index/type-builder.js';
import { type EngineSettings, stemmedLanguages, typeSchema } from './settings.js';

export interface CompileProgress {
  entities: number;
}

export interface CompileOptions {
  settings?: EngineSettings;
  onProgress?: (progress: CompileProgress) => void;
  /** When smart categories are decided (ms); default now. */
  time?: number;
  /**
   * Bytes carried in the artifact for others, by name; the engine does not read them. The loaded
   * index hands them back with `attachment(name)`.
   */
  attachments?: Readonly<Record<string, Uint8Array>>;
}

/** Entities between progress reports, and between yields to the event loop. */
const BATCH = 1000;

/**
 * Builds the artifact of a catalog: one index per entity type, documents numbered in catalog
 * order, `product` first and the other types in the order they first appear. A catalog given as
 * an array is first read for the kinds of product it shows (analysis/kinds.ts), which tell a
 * title's own noun from the words naming what a product goes with, and for the words it writes
 * as one (analysis/compounds.ts); one that arrives a piece at a time is read once, without them.
 */
export async function compileIndex(
  entities: Iterable<CatalogEntity> | AsyncIterable<CatalogEntity>,
  options: CompileOptions = {},
): Promise<Uint8Array> {
  const settings = options.settings ?? {};
  const builders = new Map<string, TypeBuilder>();
  const catalog = new CatalogInfoCollector();
  const whole = Array.isArray(entities) ? (entities as readonly CatalogEntity[]) : undefined;
  const kinds = whole && kindEvidence(whole, stemmedLanguages(settings));
  const compounds = whole ? compoundWords(whole) : NO_COMPOUNDS;
  let count = 0;

  /** Adds one entity; true when a batch is complete. */
  const add = (entity: CatalogEntity): boolean => {
    let builder = builders.get(entity.type);
    if (builder === undefined) {
      const { schema, routing } = typeSchema(settings, entity.type, kinds);
      builder = new TypeBuilder(entity.type, schema, routing, settings, compounds);
      builders.set(entity.type, builder);
    }
    builder.add(entity);
    catalog.add(entity);
    return ++count % BATCH === 0;
  };
  const endBatch = async (): Promise<void> => {
    options.onProgress?.({ entities: count });
    // A query node may share this process: let it answer between batches.
    await new Promise((resolve) => setImmediate(resolve));
  };

  if (Symbol.asyncIterator in entities) {
    for await (const entity of entities) if (add(entity)) await endBatch();
  } else {
    for (const entity of entities) if (add(entity)) await endBatch();
  }
  options.onProgress?.({ entities: count });

  const ordered = [...builders.values()].sort(
    (a, b) => Number(b.type === 'product') - Number(a.type === 'product'),
  );
  const context = { catalog: catalog.build(), time: options.time ?? Date.now() };
  return encodeIndex(
    ordered.map((builder) => builder.build(context)),
    {
      catalog: context.catalog,
      attributes: settings.attributes ?? [],
      channels: channelsOf(settings),
      ...(settings.locale ? { locale: settings.locale } : {}),
    },
    options.attachments,
  );
}
