import { type Static, Type } from '@sinclair/typebox';
import { Traffic } from './search.js';

/** An event whose answer is older than this many hours is not taken; it counts in `late`. */
export const EVENT_HOURS = 72;
/** Events in one batch, at most. */
export const EVENTS_PER_CALL = 100;
/** The largest body of an events batch, in bytes (64 kB). */
export const EVENT_BODY_BYTES = 64 * 1024;
/** The last position a page reaches: the `reachable_hits` limit. */
export const EVENT_POSITION_MAX = 1000;
/**
 * How far ahead of a node's clock a query id's time may lie and still be taken: the clocks of two
 * query nodes (the one that answered, the one that takes the events) differ by this at most.
 */
export const QUERY_ID_CLOCK_SKEW_MS = 60_000;

export const EventItem = Type.Object(
  {
    type: Type.Union([Type.Literal('click'), Type.Literal('view')], {
      description:
        '`click`: the shopper opened the hit or followed the banner; `view`: half of the hit or banner was visible for a second (one per query id and hit or banner).',
    }),
    query_id: Type.String({
      maxLength: 64,
      description: `The \`query_id\` (a UUIDv7) of the answer whose first page the shopper saw; a hit a later page brought names the search it continues. Its time may not lie ahead of the service's clock (by more than ${QUERY_ID_CLOCK_SKEW_MS / 1000} seconds between nodes); an answer older than ${EVENT_HOURS} hours makes the event late.`,
    }),
    entity: Type.Optional(
      Type.String({
        pattern: '^[^:]+:.+$',
        maxLength: 512,
        description: 'The hit as `type:id`; its type names the section it stood in.',
      }),
    ),
    placement: Type.Optional(
      Type.String({ minLength: 1, maxLength: 256, description: 'The banner, by the rule that placed it.' }),
    ),
    position: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: EVENT_POSITION_MAX,
        description:
          'Where the hit stood, counted from 1: in the listed section across pages, in a side section among the hits it shows. Omitted for a banner.',
      }),
    ),
    campaign: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'Campaign of a sponsored hit as the answer names it.',
      }),
    ),
    surface: Type.Optional(
      Type.Union([Type.Literal('storefront'), Type.Literal('agent')], {
        description:
          '`storefront` (default): the shopper on the page; `agent`: an agent acting for the shopper through a tool the storefront offers.',
      }),
    ),
  },
  {
    $id: 'EventItem',
    additionalProperties: false,
    description: 'A click or view of one hit or banner: it names exactly one of `entity` and `placement`.',
  },
);
export type EventItem = Static<typeof EventItem>;

export const EventsBatch = Type.Object(
  {
    page_view: Type.Optional(
      Type.String({
        maxLength: 128,
        description: 'The page the events happened on, as its searches named it.',
      }),
    ),
    traffic: Type.Optional(Traffic),
    events: Type.Array(Type.Ref(EventItem), { minItems: 1, maxItems: EVENTS_PER_CALL }),
  },
  {
    $id: 'EventsBatch',
    additionalProperties: false,
    description: `Sent as \`application/json\` or \`text/plain\` (a browser beacon), ${EVENT_BODY_BYTES / 1024} kB at most. Any violation refuses the whole batch.`,
  },
);
export type EventsBatch = Static<typeof EventsBatch>;

export const EventsAccepted = Type.Object(
  {
    accepted: Type.Integer({ minimum: 0, description: 'Events taken into the search log.' }),
    late: Type.Integer({
      minimum: 0,
      description: `Events not taken because their answer is older than ${EVENT_HOURS} hours (\`event_hours\`).`,
    }),
  },
  { $id: 'EventsAccepted', additionalProperties: false },
);
export type EventsAccepted = Static<typeof EventsAccepted>;
