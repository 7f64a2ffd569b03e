import type { EngineIndex } from '../engine-index.js';
import type { SelectContext } from '../filter/evaluate.js';
import { documentOfId } from '../index/id-lookup.js';
import { buildClauses } from './clauses.js';
import { slotPassesClauses } from './merchandise.js';

/**
 * The entities (`type:id`) among `entities` that a selector chooses, read as a filter of a listing
 * reads it: in the channel (default the first) at the time, on one variant sold there. An entity
 * the index does not hold is chosen by nothing.
 */
export function selectEntities(
  index: EngineIndex,
  selector: Record<string, unknown>,
  entities: readonly string[],
  options: { channel?: string; time: number },
): Set<string> {
  return chooseEntities(index, { where: selector }, entities, options, false);
}

/**
 * Whether an entity meets a shopper's choices (`filters`, read as a request's filters are: bucket
 * codes, option groups, ranges) and a selector (`where`), on one variant sold in the channel at
 * the time, as a listing reads them. A test naming only fields its type lacks narrows nothing of
 * it, as in a listing. False for an entity the index does not hold, or one the channel does not sell.
 */
export function entityMeets(
  index: EngineIndex,
  entity: string,
  test: { filters?: Record<string, unknown>; where?: Record<string, unknown> },
  options: { channel?: string; time: number },
): boolean {
  return chooseEntities(index, test, [entity], options, true).has(entity);
}

function chooseEntities(
  index: EngineIndex,
  test: { filters?: Record<string, unknown>; where?: Record<string, unknown> },
  entities: readonly string[],
  options: { channel?: string; time: number },
  /** What a test of no field of the type does: pass every entity (a filter), or none (a selector). */
  emptyPasses: boolean,
): Set<string> {
  const chosen = new Set<string>();
  for (const type of index.types) {
    const prefix = `${type.type}:`;
    const own = entities.filter((entity) => entity.startsWith(prefix));
    if (own.length === 0) continue;
    const listing = type.listing;
    const channel = listing.channel(options.channel);
    if (channel === undefined) continue;
    const context: SelectContext = {
      index: listing,
      channel,
      view: channel.offers.at(options.time),
      shared: listing.shared,
      time: options.time,
    };
    const clauses = buildClauses(test.filters, test.where !== undefined ? [test.where] : [], context);
    // A selector naming a field this type lacks chooses none of its entities.
    if (clauses.length === 0 && !emptyPasses) continue;
    for (const entity of own) {
      const doc = documentOfId(type.ids, entity.slice(prefix.length));
      if (doc === undefined) continue;
      if (slotPassesClauses(doc, clauses, listing, channel.columns.sold, undefined)) chosen.add(entity);
    }
  }
  return chosen;
}
