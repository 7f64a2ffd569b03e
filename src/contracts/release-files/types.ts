import { type Static, Type } from '@sinclair/typebox';
import { Code, ReleaseFile, Text } from './common.js';

const SearchField = Type.String({
  pattern: '^(title|brand|keywords|description|body|attributes\\.[a-z][a-z0-9_]*)$',
  description:
    '`title`, `brand`, `keywords`, `description`, `body`, or `attributes.<code>` of a searchable attribute.',
});

export const TypeSearch = Type.Object(
  {
    fields: Type.Array(
      Type.Object(
        {
          field: SearchField,
          weight: Type.Number({
            exclusiveMinimum: 0,
            maximum: 100,
            description: 'How much a match here counts.',
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'The fields searched, with their weights.' },
    ),
    typos: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean({ default: true })),
          one_typo_min_letters: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 30,
              default: 5,
              description: 'Words this long allow one typo.',
            }),
          ),
          two_typos_min_letters: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 30,
              default: 9,
              description: 'Words this long allow two typos.',
            }),
          ),
          exempt: Type.Optional(
            Type.Array(Code('attribute code'), {
              description: 'Attributes matched exactly, never with a typo.',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    prefix: Type.Optional(
      Type.Boolean({ default: true, description: 'The last word also matches as the start of a word.' }),
    ),
  },
  { additionalProperties: false },
);

const ResultField = Type.String({
  pattern:
    '^(title|url|image|images|description|brand|categories|price|sale_price|currency|availability|stock|delivery_days|rating|attributes\\.[a-z][a-z0-9_]*|signals\\.[a-z][a-z0-9_]*)$',
  description: 'A field of the entity a hit carries in `fields`.',
});

export const EntityType = Type.Object(
  {
    code: Code('Entity type code such as `product`.'),
    label: Text,
    offers: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Whether entities of this type carry prices, stock and delivery.',
      }),
    ),
    grain: Type.Optional(
      Type.Union([Type.Literal('product'), Type.Literal('variant')], {
        default: 'product',
        description: 'What one tile of a listing is: a product, or each of its variants.',
      }),
    ),
    search: Type.Optional(TypeSearch),
    result_fields: Type.Optional(Type.Array(ResultField, { minItems: 1, uniqueItems: true })),
  },
  { additionalProperties: false },
);

export const TypesFile = ReleaseFile('types.json', 'Entity types: how each is searched and shown', {
  types: Type.Array(EntityType, {
    minItems: 1,
    description: 'In the order their sections follow those ranking.json lists.',
  }),
});
export type TypesFile = Static<typeof TypesFile>;
