import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFile, SelectorRef, Text } from './common.js';

const FacetField = Type.String({
  minLength: 1,
  description:
    'An attribute code, or `category`, `brand`, `price`, `on_sale`, `availability`, `delivery_days`, `rating`.',
});

export const FacetKind = Type.Union(
  ['list', 'swatch', 'hierarchical', 'range', 'buckets', 'toggle', 'relative'].map((kind) =>
    Type.Literal(kind),
  ),
);

export const FacetDisplay = Type.Union(
  ['slider', 'histogram', 'stars', 'grades', 'buttons', 'select', 'images'].map((display) =>
    Type.Literal(display),
  ),
);

export const Bucket = Type.Object(
  {
    from: Type.Optional(Type.Number({ description: 'Inclusive; open when absent.' })),
    to: Type.Optional(Type.Number({ description: 'Exclusive; open when absent.' })),
    label: Text,
  },
  { additionalProperties: false },
);

export const FacetObject = Type.Object(
  {
    field: FacetField,
    kind: Type.Optional(FacetKind),
    buckets: Type.Optional(Type.Array(Bucket, { minItems: 1, description: 'Ascending.' })),
    show: Type.Optional(Type.Union([Type.Literal('values'), Type.Literal('groups')])),
    order: Type.Optional(
      Type.Union([Type.Literal('count'), Type.Literal('value_order'), Type.Literal('label')]),
    ),
    single: Type.Optional(Type.Boolean()),
    description: Type.Optional(Text),
    headings: Type.Optional(
      Type.Array(
        Type.Object(
          { label: Text, values: Type.Array(Type.String(), { minItems: 1 }) },
          { additionalProperties: false },
        ),
      ),
    ),
    search: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
    display: Type.Optional(FacetDisplay),
    custom_display: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

export const FacetEntry = Type.Union([FacetField, FacetObject]);

export const FacetGroup = Type.Object(
  {
    group: Type.String({ minLength: 1 }),
    label: Text,
    facets: Type.Array(FacetField, { minItems: 2 }),
    display: Type.Optional(Type.Literal('finder')),
  },
  { additionalProperties: false },
);

export const PageSort = Type.Object(
  {
    default: Type.Optional(Type.String({ minLength: 1, default: 'relevance' })),
    options: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Sort codes in display order.' }),
    ),
  },
  { additionalProperties: false },
);

const pageSettings = {
  facets: Type.Optional(Type.Array(FacetEntry)),
  groups: Type.Optional(Type.Array(FacetGroup)),
  sort: Type.Optional(PageSort),
};

export const CategoryNode = Type.Object(
  {
    category: Type.String({ minLength: 1, description: 'Category id in the catalog.' }),
    ...pageSettings,
    where: Type.Optional(SelectorRef),
    filter_pages: Type.Optional(Type.Array(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }))),
  },
  { additionalProperties: false },
);

export const CategoriesFile = ReleaseFile('categories.json', 'Categories: what each category page shows', {
  default: Type.Optional(Type.Object(pageSettings, { additionalProperties: false })),
  nodes: Type.Optional(Type.Array(CategoryNode)),
});
export type CategoriesFile = Static<typeof CategoriesFile>;
