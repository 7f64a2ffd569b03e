import type { OffersAccepted, OfferUpdate } from '../../contracts/offers.js';
import { AppError } from '../../lib/errors.js';
import type { OfferRow } from '../../store/index.js';
import type { ControlDeps } from './deps.js';

const KEYS = new Set(['variant', 'entity', 'channel']);

/**
 * Writes prices, sale prices and windows, availability, stock and delivery days of variants per
 * channel over the live catalog, without sending it. Query nodes apply them over the live
 * indexes within moments (nothing is rebuilt); the indexer folds them into every build of the
 * same catalog. They end when the next catalog arrives: its indexes are built without them.
 */
export async function putOffers(deps: ControlDeps, offers: OfferUpdate[]): Promise<OffersAccepted> {
  const empty = offers.findIndex((offer) => Object.keys(offer).every((key) => KEYS.has(key)));
  if (empty >= 0) {
    throw new AppError('invalid_value', 'An offer changes nothing: send at least one offer field.', [
      {
        pointer: `/${empty}`,
        message: 'Give a price, sale_price, sale_window, currency, availability, stock or delivery_days.',
      },
    ]);
  }
  const live = await deps.database.live.get();
  if (!live) {
    throw new AppError(
      'nothing_live',
      'Nothing is live, so there are no offers to change: upload a catalog and publish a release first.',
    );
  }
  const resolved = await deps.querySide.resolveOffers({
    offers: offers.map(({ variant, entity, channel }) => ({
      variant,
      channel,
      ...(entity ? { entity } : {}),
    })),
  });
  const rows: OfferRow[] = offers.map((offer, position) => {
    const { variant, entity: _entity, channel, ...fields } = offer;
    const found = resolved.rows[position]!;
    return { type: found.type, entity: found.entity, variant, channel, fields };
  });
  const generation = await deps.database.snapshots.catalogGeneration();
  const write = await deps.database.offers.write(generation, rows, deps.clock.now());
  deps.offersWritten();
  return {
    offers: rows.length,
    write,
    run: resolved.run,
    next: `${rows.length} offers are written over the live catalog (write ${write}); searches read them within seconds, without a rebuild. They stay, folded into every build of this catalog, until the next catalog arrives.`,
  };
}
