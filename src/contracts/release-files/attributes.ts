import { type Static, Type } from '@sinclair/typebox';
import { Code, ReleaseFile, Text, Unit } from './common.js';

export const AttributeType = Type.Union(
  [
    Type.Literal('boolean'),
    Type.Literal('text'),
    Type.Literal('identifier'),
    Type.Literal('option'),
    Type.Literal('number'),
    Type.Literal('quantity'),
    Type.Literal('range'),
    Type.Literal('date'),
  ],
  {
    description:
      '`text` is searchable and never a filter; `identifier` (GTIN, MPN, ISBN) matches exactly after normalization; `option` has enumerated values; `quantity` is a number with a unit; `range` a minimum and maximum with a unit.',
  },
);

export const AttributeOption = Type.Object(
  {
    value: Type.String({ minLength: 1, description: 'The value as the catalog writes it.' }),
    label: Type.Optional(Text),
    aliases: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Other words shoppers use.' }),
    ),
    swatch: Type.Optional(Type.String({ description: 'CSS color for a swatch.' })),
    image: Type.Optional(Type.String({ description: 'URL of a swatch image or pattern.' })),
    description: Type.Optional(Text),
  },
  { additionalProperties: false },
);

export const OptionGroup = Type.Object(
  {
    code: Type.String({ minLength: 1, description: 'Group code, chosen in filters like a value.' }),
    label: Text,
    values: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      description: 'Option values in the group.',
    }),
  },
  { additionalProperties: false },
);

export const Attribute = Type.Object(
  {
    code: Code('Attribute code as the catalog names it; not a reserved word.'),
    label: Text,
    type: AttributeType,
    unit: Type.Optional(Unit),
    level: Type.Optional(
      Type.Union([Type.Literal('product'), Type.Literal('variant')], {
        default: 'product',
        description: 'Where the value lives: on the product, or on each variant.',
      }),
    ),
    filterable: Type.Optional(
      Type.Boolean({
        description: 'Can be chosen in facets and filters. Default: true except for text and identifiers.',
      }),
    ),
    sortable: Type.Optional(
      Type.Boolean({ default: false, description: 'Can be a sort (`attributes.<code>` in ranking.json).' }),
    ),
    searchable: Type.Optional(
      Type.Boolean({
        description: 'Its values are found by words. Default: true for text, identifier and option.',
      }),
    ),
    sources: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Column names of exports that hold it.' }),
    ),
    description: Type.Optional(Text),
    options: Type.Optional(
      Type.Array(AttributeOption, { description: 'Option values in their value order.' }),
    ),
    groups: Type.Optional(Type.Array(OptionGroup)),
  },
  { additionalProperties: false },
);
export type Attribute = Static<typeof Attribute>;

export const AttributesFile = ReleaseFile('attributes.json', 'Attributes: the details products carry', {
  attributes: Type.Array(Attribute),
});
export type AttributesFile = Static<typeof AttributesFile>;
