import { type Static, Type } from '@sinclair/typebox';
import { Availability, DeliveryDays, SaleWindow } from './catalog-entity.js';
import { EntityRef } from './common.js';

/** The `offers_per_call` limit: offers one PUT /offers takes. */
export const OFFERS_PER_CALL = 10_000;

export const OfferUpdate = Type.Object(
  {
    variant: Type.String({
      minLength: 1,
      description: 'The variant’s id; for a product without variants, the product’s own id.',
    }),
    entity: Type.Optional({
      ...EntityRef,
      description:
        'The entity holding the variant, as `type:id`: needed only when the variant id is found under several entities, or for a type other than `product`.',
    }),
    channel: Type.String({ minLength: 1, description: 'A channel of channels.json.' }),
    price: Type.Optional(Type.Number({ minimum: 0 })),
    sale_price: Type.Optional(
      Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: '`null` ends the sale.' }),
    ),
    sale_window: Type.Optional(
      Type.Union([SaleWindow, Type.Null()], {
        description: 'When the sale price holds; `null`: at every time.',
      }),
    ),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.' })),
    availability: Type.Optional(Availability),
    stock: Type.Optional(Type.Integer()),
    delivery_days: Type.Optional(DeliveryDays),
  },
  {
    $id: 'OfferUpdate',
    additionalProperties: false,
    description:
      'The offer of one variant in one channel, field by field: a field sent replaces what the catalog (or an earlier update) says; a field left out keeps it.',
  },
);
export type OfferUpdate = Static<typeof OfferUpdate>;

export const PutOffersBody = Type.Array(Type.Ref(OfferUpdate), {
  $id: 'PutOffersBody',
  minItems: 1,
  maxItems: OFFERS_PER_CALL,
  description: `The offers, 1 to ${OFFERS_PER_CALL} (\`offers_per_call\`). A variant and channel named twice take the later fields over the earlier.`,
});

export const OffersAccepted = Type.Object(
  {
    offers: Type.Integer({ minimum: 1, description: 'Offers written.' }),
    write: Type.Integer({
      minimum: 1,
      description: 'This write’s number; query nodes apply writes in order.',
    }),
    run: Type.Integer({ minimum: 1, description: 'The live index run the offers are written over.' }),
    next: Type.String({ description: 'What happens now.' }),
  },
  { $id: 'OffersAccepted', additionalProperties: false },
);
export type OffersAccepted = Static<typeof OffersAccepted>;

/** The rows an offers update names, for a query node to find in what it serves. */
export const ResolveOffersRequest = Type.Object(
  {
    offers: Type.Array(
      Type.Object(
        {
          variant: Type.String({ minLength: 1 }),
          entity: Type.Optional(EntityRef),
          channel: Type.String({ minLength: 1 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: OFFERS_PER_CALL },
    ),
  },
  { $id: 'ResolveOffersRequest', additionalProperties: false },
);
export type ResolveOffersRequest = Static<typeof ResolveOffersRequest>;

export const ResolvedOffers = Type.Object(
  {
    run: Type.Integer({ minimum: 1, description: 'The live run the rows were found in.' }),
    rows: Type.Array(
      Type.Object(
        { type: Type.String(), entity: Type.String(), variant: Type.String() },
        { additionalProperties: false },
      ),
      { description: 'The entity of each offer, in the order sent.' },
    ),
  },
  { $id: 'ResolvedOffers', additionalProperties: false },
);
export type ResolvedOffers = Static<typeof ResolvedOffers>;
