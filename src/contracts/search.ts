import { type Static, Type } from '@sinclair/typebox';
import { EntityRef } from './common.js';

export const Surface = Type.Union(
  [Type.Literal('search'), Type.Literal('category_page'), Type.Literal('autocomplete')],
  { description: '`search` (search page), `category_page` (a category listing), `autocomplete`.' },
);

export const Traffic = Type.Union(
  [Type.Literal('shopper'), Type.Literal('test'), Type.Literal('bench'), Type.Literal('bot')],
  { description: 'Who sends the request; reports leave test, bench and bot traffic out.' },
);

const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);

/** A selector: keyed by field; its values are checked field by field by the engine. */
export const Selector = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'Selector',
  description:
    'Keyed by an attribute code or a built-in field. A value is a plain value, an array of them, a comparison object (`lt`, `lte`, `gt`, `gte`), `between`, `exists`; `category` takes `is` or `within`; `any`, `all`, `not` combine selectors.',
});

export const SearchRequest = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 512, description: 'What the shopper typed.' })),
    on: Type.Optional(Surface),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 1 })),
    category: Type.Optional(Type.String({ minLength: 1 })),
    filters: Type.Optional(Type.Ref(Selector)),
    dismissed: Type.Optional(
      Type.Array(
        Type.Object(
          { field: Type.String({ minLength: 1 }), value: Type.Optional(Scalar) },
          { additionalProperties: false },
        ),
      ),
    ),
    redirect: Type.Optional(Type.Boolean({ default: true })),
    sort: Type.Optional(Type.String({ minLength: 1 })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
    facets: Type.Optional(Type.Array(Type.String())),
    count_only: Type.Optional(Type.Boolean()),
    context: Type.Optional(Type.Record(Type.String(), Type.String())),
    time: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Stamped on arrival; a public request that carries it is refused with 400.',
      }),
    ),
    debug: Type.Optional(Type.Boolean()),
    page_view: Type.Optional(Type.String({ maxLength: 128 })),
    traffic: Type.Optional(Traffic),
  },
  { $id: 'SearchRequest', additionalProperties: false },
);
export type SearchRequest = Static<typeof SearchRequest>;

const QueryBoolean = Type.Union([
  Type.Literal('1'),
  Type.Literal('0'),
  Type.Literal('true'),
  Type.Literal('false'),
]);

/** The same search as URL parameters: plain fields only. */
export const SearchQueryString = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 512 })),
    on: Type.Optional(Surface),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 1 })),
    category: Type.Optional(Type.String({ minLength: 1 })),
    sort: Type.Optional(Type.String({ minLength: 1 })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    count_only: Type.Optional(QueryBoolean),
    redirect: Type.Optional(QueryBoolean),
    debug: Type.Optional(QueryBoolean),
    page_view: Type.Optional(Type.String({ maxLength: 128 })),
    traffic: Type.Optional(Traffic),
  },
  { additionalProperties: false },
);
export type SearchQueryString = Static<typeof SearchQueryString>;

export const Hit = Type.Object(
  {
    entity: EntityRef,
    variant: Type.Optional(Type.String()),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description: "The type's result fields in the request's locale and channel.",
    }),
    sponsored: Type.Optional(Type.Object({ campaign: Type.String() })),
  },
  { $id: 'Hit' },
);

export const Section = Type.Object(
  {
    type: Type.String(),
    total: Type.Integer({ minimum: 0, description: 'Exact count of matches, unless `upper_bound`.' }),
    reachable: Type.Integer({
      minimum: 0,
      description:
        'For the listed section: the total, or the `reachable_hits` limit (1,000) when more match.',
    }),
    upper_bound: Type.Optional(Type.Boolean()),
    hits: Type.Array(Type.Ref(Hit)),
  },
  { $id: 'Section' },
);

export const SearchResponse = Type.Object(
  {
    query_id: Type.String({
      format: 'uuid',
      description: 'Names this answer for clicks and views; a UUIDv7.',
    }),
    release: Type.String(),
    snapshot: Type.String(),
    query: Type.Object({
      typed: Type.String(),
      searched: Type.String({ description: 'The text searched after rules and resolution took their part.' }),
    }),
    listed: Type.String({ description: 'The entity type whose section pages and carries the facets.' }),
    sections: Type.Array(Type.Ref(Section)),
    currency: Type.Optional(Type.String()),
    trace: Type.Optional(
      Type.Array(Type.Record(Type.String(), Type.Unknown()), {
        description: 'With `debug`: the steps of planning and execution, in order.',
      }),
    ),
  },
  { $id: 'SearchResponse' },
);
export type SearchResponse = Static<typeof SearchResponse>;

export const HealthResponse = Type.Object(
  {
    status: Type.Literal('ok'),
    version: Type.String({ description: "The binary's version." }),
  },
  { $id: 'HealthResponse' },
);
