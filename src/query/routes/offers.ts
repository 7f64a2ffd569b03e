import { Type } from '@sinclair/typebox';
import { ResolvedOffers, ResolveOffersRequest } from '../../contracts/offers.js';
import { Problem, type Violation } from '../../contracts/problem.js';
import { type EngineIndex, variantRows } from '../../engine/index.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import type { LiveIndex } from '../live-index.js';

/** Violations named at most: a list of thousands of unknown variants says how many more. */
const VIOLATIONS_SHOWN = 100;

/**
 * `POST /internal/offers/resolve`: the entity of each variant an offers update names, in what this
 * node serves, so the control plane writes offers only for rows that exist.
 */
export function offersRoute(app: HttpServer, live: LiveIndex): void {
  app.post(
    '/internal/offers/resolve',
    {
      schema: {
        tags: ['internal'],
        operationId: 'resolveOffers',
        summary: 'Find the variants an offers update names in what is live',
        description:
          '422 names each offer whose variant, entity or channel the live index lacks, or whose variant id several entities hold; 503 while nothing is live or this node has not loaded what is.',
        body: Type.Ref(ResolveOffersRequest),
        response: {
          200: Type.Ref(ResolvedOffers),
          400: Type.Ref(Problem),
          422: Type.Ref(Problem),
          503: Type.Ref(Problem),
        },
      },
    },
    async (request) => {
      const current = await live.upToDate();
      if (!current) throw new AppError('nothing_live', 'Nothing is live: offers have nothing to change.');
      return { run: current.runId, rows: resolveRows(current.index, request.body.offers) };
    },
  );
}

function resolveRows(index: EngineIndex, offers: ResolveOffersRequest['offers']) {
  const channels = new Set(index.shared.channels.map((channel) => channel.id));
  const violations: Violation[] = [];
  let refused = 0;
  const refuse = (pointer: string, message: string) => {
    refused++;
    if (violations.length < VIOLATIONS_SHOWN) violations.push({ pointer, message });
  };
  const rows = offers.map((offer, position) => {
    if (!channels.has(offer.channel)) {
      refuse(
        `/${position}/channel`,
        `"${offer.channel}" is no channel of the live release: name one of ${[...channels].join(', ')}.`,
      );
    }
    const [type, entity] = offer.entity ? splitRef(offer.entity) : ['product', undefined];
    const found = variantRows(index, type, offer.variant).filter(
      (row) => entity === undefined || row.entity === entity,
    );
    if (found.length === 0) {
      refuse(
        offer.entity ? `/${position}/entity` : `/${position}/variant`,
        offer.entity
          ? `${offer.entity} holds no variant "${offer.variant}" in the live catalog.`
          : `No product of the live catalog has a variant "${offer.variant}".`,
      );
    } else if (found.length > 1) {
      refuse(
        `/${position}/variant`,
        `Several ${type} entities have a variant "${offer.variant}" (${found
          .slice(0, 3)
          .map((row) => `${type}:${row.entity}`)
          .join(', ')}): name the one meant in "entity".`,
      );
    }
    return { type, entity: found[0]?.entity ?? '', variant: offer.variant };
  });
  if (refused > 0) {
    throw new AppError(
      'unknown_variants',
      `${refused} of the ${offers.length} offers name what the live catalog lacks${refused > violations.length ? ` (the first ${violations.length} are listed)` : ''}; nothing was written.`,
      violations,
    );
  }
  return rows;
}

function splitRef(ref: string): [string, string] {
  const colon = ref.indexOf(':');
  return [ref.slice(0, colon), ref.slice(colon + 1)];
}
