import type { EngineIndex } from '../engine-index.js';
import { documentOfId } from '../index/id-lookup.js';
import { type FieldContext, hitFields } from './fields.js';

/**
 * The result fields of one entity (`type:id`) as a hit on the first of its rows would show them,
 * in a channel (default the first), locale and time; undefined when the index does not hold it.
 */
export function entityFields(
  index: EngineIndex,
  entity: string,
  context: Pick<FieldContext, 'locale'> & { time: number; channel?: string },
): Record<string, unknown> | undefined {
  const colon = entity.indexOf(':');
  const type = index.types.find((one) => one.type === entity.slice(0, colon));
  if (type === undefined || colon < 0) return undefined;
  const doc = documentOfId(type.ids, entity.slice(colon + 1));
  if (doc === undefined) return undefined;
  const channel = type.listing.channel(context.channel) ?? type.listing.channels[0]!;
  const view = channel.offers.at(context.time);
  return hitFields(type, doc, type.listing.firstRow(doc), { locale: context.locale, channel, view });
}

/** Whether the index holds the entity (`type:id`). */
export function holdsEntity(index: EngineIndex, entity: string): boolean {
  const colon = entity.indexOf(':');
  const type = index.types.find((one) => one.type === entity.slice(0, colon));
  return type !== undefined && colon > 0 && documentOfId(type.ids, entity.slice(colon + 1)) !== undefined;
}
