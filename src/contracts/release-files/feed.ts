import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFile, Unit } from './common.js';

export const FEED_TARGETS = [
  'ignore',
  'type',
  'id',
  'group_id',
  'variant_id',
  'title',
  'description',
  'url',
  'image',
  'images',
  'brand',
  'categories',
  'category_path',
  'keywords',
  'price',
  'sale_price',
  'sale_from',
  'sale_until',
  'currency',
  'availability',
  'stock',
  'delivery_days',
  'option_name',
  'option_value',
  'attribute_names',
  'attribute_values',
  'attribute_pairs',
  'status',
  'visibility',
  'item_kind',
  'variants',
  'sale_discount',
  'sale_percent',
] as const;

export const FeedTarget = Type.String({
  pattern: `^(${FEED_TARGETS.join('|')}|attributes\\.[a-z][a-z0-9_]*|attributes\\.\\*|signals\\.[a-z][a-z0-9_]*)$`,
  description:
    'A catalog field, `attributes.<code>`, `attributes.*` (each column matched by the pattern becomes an attribute named after what the `*` matched), `signals.<code>`, or `ignore`. Several columns to `category_path` are the levels of one path, in column order; `option_name` and `attribute_names` columns name the values of the `option_value` and `attribute_values` columns beside them. `status` (active, published, enabled: 1, yes, true) leaves out rows whose value says otherwise (draft, archived, disabled, 0, 2); `visibility` (hidden, not visible individually) makes a row no product of its own, though a product listing it in `variants` keeps it as a variant; `item_kind` says whether a row is a product (simple, variable, configurable...) or a variant (variation, SKU) of the product row above it or named in `group_id`, any other value (a price rule, a copy for one store view) leaving the row out; `variants` lists the variants of a product by id with their choices (`sku=A-1,size=S|sku=A-2,size=M`); `sale_discount` and `sale_percent` make the sale price an amount or a percentage below the price.',
});

export const FeedColumn = Type.Object(
  {
    column: Type.String({
      minLength: 1,
      description:
        'A column name, or a pattern ending in `*` that matches every column starting with what comes before it.',
    }),
    to: FeedTarget,
    unit: Type.Optional(Unit),
    locale: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
    separator: Type.Optional(
      Type.String({ minLength: 1, description: 'Splits one cell into several values.' }),
    ),
    prefix: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Written before each value that is a path rather than a whole address, such as `/media/catalog/product` before the media paths a shop system exports.',
      }),
    ),
    cents: Type.Optional(
      Type.Boolean({
        description:
          'Prices are written in hundredths of the currency (4995 for 49.95): they are divided by 100.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const FeedFile = ReleaseFile('feed.json', 'Feed mapping: how export columns become catalog fields', {
  columns: Type.Optional(
    Type.Array(FeedColumn, { description: 'The first entry that names or matches a column decides.' }),
  ),
  delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 1 })),
  encoding: Type.Optional(Type.String({ minLength: 1 })),
  decimal: Type.Optional(Type.Union([Type.Literal('.'), Type.Literal(',')])),
  sheet: Type.Optional(Type.String({ minLength: 1 })),
  header_row: Type.Optional(Type.Integer({ minimum: 1 })),
  locale: Type.Optional(
    Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'The locale the texts are in.' }),
  ),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
});
export type FeedFile = Static<typeof FeedFile>;
