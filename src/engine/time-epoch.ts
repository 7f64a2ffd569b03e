import type { EngineIndex } from './engine-index.js';

const HOUR_MS = 3_600_000;

/**
 * What of an index's answers changes with the request's time alone, as one key: the hour (dated
 * signals are computed per hour of request time, see signals/score.ts) and each channel's
 * sale-window epoch (offers change only at the ends of sale windows, see offers/view.ts). Two
 * times with the same key read the same offers and signals; relative date facets, which count
 * days from the time itself, are not covered.
 */
export function timeEpoch(index: EngineIndex, time: number): string {
  let key = String(Math.floor(time / HOUR_MS));
  for (const type of index.types) {
    for (const channel of type.listing.channels) key += `,${channel.offers.epochOf(time)}`;
  }
  return key;
}
