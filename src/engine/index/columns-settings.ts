import type { Attribute, RankingFile } from '../../contracts/release-files/index.js';
import type { OfferPatch } from '../offers/patch.js';

/** A signal of ranking.json. */
export type SignalSettings = NonNullable<RankingFile['signals']>[number];

/** A channel as the engine compiles offers for it: channels.json's entry, labels left out. */
export interface ChannelSettings {
  id: string;
  locales: string[];
  /** ISO 4217; absent where nothing says it (no channels.json and offers without a currency). */
  currency?: string;
}

/** How one type is listed and shown: types.json's `grain` and `result_fields`. */
export interface TypeSettings {
  grain?: 'product' | 'variant';
  resultFields?: string[];
}

/**
 * What the structured half of the engine compiles from a release: channels, attributes, smart
 * categories, signals with their weights, and per type the listing grain and result fields.
 * Every member is optional; `src/control/indexer/engine-settings.ts` fills them from the files.
 */
export interface StructuredSettings {
  /** channels.json; the first is the default. Without it: DEFAULT_CHANNEL. */
  channels?: ChannelSettings[];
  /** attributes.json's list: types, levels, options, groups. Undeclared attributes are not fields. */
  attributes?: Attribute[];
  /** categories.json nodes with `where`: entities it matches belong to the category too. */
  smartCategories?: Array<{ category: string; where: Record<string, unknown> }>;
  /** ranking.json's signals. */
  signals?: SignalSettings[];
  /** ranking.json's weights: type code to signal code to weight. */
  signalWeights?: Record<string, Record<string, number>>;
  /** types.json per type code. */
  types?: Record<string, TypeSettings>;
  /**
   * Offers updates written over the catalog's offers, by offerKey (type, entity, variant, channel),
   * each key's patches in the order they were sent.
   */
  offerPatches?: ReadonlyMap<string, readonly OfferPatch[]>;
}

/**
 * The channel of a release without channels.json: English, in the currency its offers name (the
 * first the catalog writes), or none when they name none; never a currency nobody said.
 */
export const DEFAULT_CHANNEL: ChannelSettings = { id: 'default', locales: ['en'] };

export function channelsOf(settings: StructuredSettings): ChannelSettings[] {
  return settings.channels && settings.channels.length > 0 ? settings.channels : [DEFAULT_CHANNEL];
}
