import { type Static, Type } from '@sinclair/typebox';
import { LocalizedText, Timestamp } from './common.js';

export const Availability = Type.Union(
  [
    Type.Literal('in_stock'),
    Type.Literal('out_of_stock'),
    Type.Literal('preorder'),
    Type.Literal('backorder'),
  ],
  { description: 'Whether the offer can be bought now.' },
);
export type Availability = Static<typeof Availability>;

export const SaleWindow = Type.Object(
  { from: Type.Optional(Timestamp), until: Type.Optional(Timestamp) },
  { description: '`from` inclusive, `until` exclusive; either end may be open.' },
);

export const DeliveryDays = Type.Object({
  min: Type.Integer({ minimum: 0 }),
  max: Type.Integer({ minimum: 0 }),
});

/** The offer fields an entity or a variant may carry inline. */
const inlineOfferFields = {
  price: Type.Optional(Type.Number({ minimum: 0 })),
  sale_price: Type.Optional(Type.Number({ minimum: 0 })),
  sale_window: Type.Optional(SaleWindow),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.' })),
  availability: Type.Optional(Availability),
  stock: Type.Optional(Type.Integer()),
  delivery_days: Type.Optional(DeliveryDays),
};

export const Offer = Type.Object({ channel: Type.String({ minLength: 1 }), ...inlineOfferFields });
export type Offer = Static<typeof Offer>;

const AttributeValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  Type.Record(Type.String(), Type.Unknown()),
]);

export const Variant = Type.Object({
  id: Type.String({ minLength: 1 }),
  title: Type.Optional(LocalizedText),
  url: Type.Optional(LocalizedText),
  image: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(Type.String())),
  attributes: Type.Optional(Type.Record(Type.String(), AttributeValue)),
  offers: Type.Optional(Type.Array(Offer)),
  ...inlineOfferFields,
});
export type Variant = Static<typeof Variant>;

const CategoryLink = Type.Union([
  Type.String({ minLength: 1 }),
  Type.Object({
    id: Type.String({ minLength: 1 }),
    position: Type.Optional(Type.Integer()),
    primary: Type.Optional(Type.Boolean()),
  }),
]);

const Relation = Type.Union([
  Type.String(),
  Type.Object({ to: Type.String(), qualifiers: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
]);

/** One line of a catalog in aisle's own JSON Lines format; also an entity in a release. */
export const CatalogEntity = Type.Object(
  {
    type: Type.String({
      minLength: 1,
      pattern: '^[a-z][a-z0-9_]*$',
      description: 'Entity type such as `product`.',
    }),
    id: Type.String({ minLength: 1, description: "The merchant's id, unique per type." }),
    title: Type.Optional(LocalizedText),
    url: Type.Optional(LocalizedText),
    description: Type.Optional(LocalizedText),
    image: Type.Optional(Type.String()),
    images: Type.Optional(Type.Array(Type.String())),
    keywords: Type.Optional(
      Type.Union([Type.Array(Type.String()), Type.Record(Type.String(), Type.Array(Type.String()))]),
    ),
    categories: Type.Optional(Type.Array(CategoryLink)),
    attributes: Type.Optional(Type.Record(Type.String(), AttributeValue)),
    relations: Type.Optional(Type.Record(Type.String(), Type.Array(Relation))),
    signals: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.Number(), Type.String()])),
    ),
    brand: Type.Optional(Type.String()),
    varies_by: Type.Optional(Type.Array(Type.String())),
    variants: Type.Optional(Type.Array(Variant)),
    offers: Type.Optional(Type.Array(Offer)),
    ...inlineOfferFields,
    parent: Type.Optional(Type.String()),
    path: Type.Optional(LocalizedText),
    channels: Type.Optional(Type.Array(Type.String())),
    body: Type.Optional(LocalizedText),
    kind: Type.Optional(Type.String()),
    logo: Type.Optional(Type.String()),
    aliases: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'CatalogEntity', additionalProperties: false },
);
export type CatalogEntity = Static<typeof CatalogEntity>;
