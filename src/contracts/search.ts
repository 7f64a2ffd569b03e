import { type Static, Type } from '@sinclair/typebox';
import { EntityRef } from './common.js';
import { AppliedFilter, PlacementAnswer, Redirect, Resolution, Selector } from './search-parts.js';
import { Trace } from './trace.js';

export { AppliedFilter, Selector };

export const Surface = Type.Union(
  [Type.Literal('search'), Type.Literal('category_page'), Type.Literal('autocomplete')],
  { description: '`search` (search page), `category_page` (a category listing), `autocomplete`.' },
);

export const Traffic = Type.Union(
  [Type.Literal('shopper'), Type.Literal('test'), Type.Literal('bench'), Type.Literal('bot')],
  { description: 'Who sends the request; reports leave test, bench and bot traffic out.' },
);

const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);

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
    variant: Type.Optional(
      Type.String({
        description:
          "The variant shown, when the listing grain is finer than the product or the shopper's variant-level choices pick one.",
      }),
    ),
    fields: Type.Record(Type.String(), Type.Unknown(), {
      description: "The type's result fields in the request's locale and channel.",
    }),
    sponsored: Type.Optional(
      Type.Object(
        { campaign: Type.String() },
        {
          additionalProperties: false,
          description:
            'A paid pin placed it: the storefront labels it an ad and names the campaign in its clicks and views.',
        },
      ),
    ),
  },
  { $id: 'Hit' },
);

const FacetKind = Type.Union(
  ['list', 'swatch', 'hierarchical', 'range', 'buckets', 'toggle', 'relative'].map((kind) =>
    Type.Literal(kind),
  ),
  {
    description:
      "`list`, `swatch`, `hierarchical`, `range`, `buckets`, `toggle`, `relative` (dates relative to the request's time; bucket bounds are days).",
  },
);

const FacetDisplay = Type.Union(
  ['slider', 'histogram', 'stars', 'grades', 'buttons', 'select', 'images'].map((display) =>
    Type.Literal(display),
  ),
  { description: 'How the storefront draws the facet.' },
);

export const FacetValue = Type.Object(
  {
    value: Type.Union([Type.Boolean(), Type.Number(), Type.String()], {
      description:
        "What a request's `filters` name to choose it: value or group code, number, `true`, category id, or bucket code written as bounds.",
    }),
    label: Type.String(),
    count: Type.Integer({
      minimum: 0,
      description: "Tiles with the value under every filter but the facet's own.",
    }),
    bounds: Type.Optional(
      Type.Object(
        { gte: Type.Optional(Type.Number()), lt: Type.Optional(Type.Number()) },
        { description: 'Bucket bounds; selecting the bucket filters the field by them.' },
      ),
    ),
    parent: Type.Optional(
      Type.Union([Type.Boolean(), Type.Number(), Type.String()], {
        description: 'Hierarchical facet: the value one level up.',
      }),
    ),
    selected: Type.Optional(Type.Boolean()),
    swatch: Type.Optional(Type.String({ description: 'CSS color of the value.' })),
    image: Type.Optional(Type.String({ description: 'URL of a swatch image, pattern or brand logo.' })),
    description: Type.Optional(Type.String()),
  },
  { $id: 'FacetValue', additionalProperties: false },
);

export const Facet = Type.Object(
  {
    field: Type.String({
      description:
        'Attribute code or built-in field `category`, `brand`, `price`, `on_sale`, `availability`, `delivery_days`, `rating`.',
    }),
    kind: FacetKind,
    label: Type.String(),
    group: Type.Optional(
      Type.Object(
        {
          group: Type.String(),
          label: Type.String(),
          display: Type.Optional(Type.Literal('finder')),
        },
        {
          description:
            "The facet group it is drawn in; `finder`: one select per facet, each with Any first and values counted under the others' choices. Facets of a group follow one another in the group's order.",
        },
      ),
    ),
    values: Type.Array(Type.Ref(FacetValue), {
      description:
        'Values that have results plus every chosen value even without results. A list or swatch carries the most frequent ones up to its cap. A range has none. A deferred facet has none yet.',
    }),
    more: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "How many more values with results than `values` holds; naming the facet in the request's `facets` returns all.",
      }),
    ),
    deferred: Type.Optional(
      Type.Boolean({
        description: "The page did not count it; naming it in the request's `facets` counts it.",
      }),
    ),
    upper_bound: Type.Optional(Type.Boolean({ description: 'Counts are upper bounds.' })),
    single: Type.Optional(Type.Boolean({ description: 'One value at most (radio group with Any first).' })),
    description: Type.Optional(Type.String({ description: "Text under the facet's name." })),
    headings: Type.Optional(
      Type.Array(
        Type.Object({
          label: Type.String(),
          values: Type.Array(Type.Union([Type.Boolean(), Type.Number(), Type.String()])),
        }),
        {
          description: 'Parts of the list under headings, in order; values no heading names follow the last.',
        },
      ),
    ),
    search: Type.Optional(Type.Boolean({ description: 'A search box belongs above the values.' })),
    display: Type.Optional(FacetDisplay),
    custom_display: Type.Optional(Type.String({ description: "The shop's own storefront display." })),
    min: Type.Optional(
      Type.Number({ description: "Range: lowest value among the results without the range's own choice." }),
    ),
    max: Type.Optional(
      Type.Number({ description: "Range: highest value among the results without the range's own choice." }),
    ),
    histogram: Type.Optional(
      Type.Array(
        Type.Object({
          gte: Type.Number(),
          lt: Type.Number(),
          count: Type.Integer({ minimum: 0 }),
        }),
        {
          description:
            "Price bins ascending from the cheapest tile's bin to the dearest's, empty bins included, on a fixed ladder of 24 preferred numbers per decade; a tile with several prices counts in every bin one of them falls in. Absent when prices fall in a single bin.",
        },
      ),
    ),
    unit: Type.Optional(Type.String()),
  },
  { $id: 'Facet', additionalProperties: false },
);

export const SortOption = Type.Object(
  {
    code: Type.String({ description: 'A sort code; `relevance` is built in.' }),
    label: Type.String({ description: "In the request's locale." }),
    default: Type.Optional(
      Type.Boolean({
        description:
          "The order the page starts in: the category's or layout's default sort, or relevance where the request has words.",
      }),
    ),
  },
  { $id: 'SortOption', additionalProperties: false },
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
    upper_bound: Type.Optional(
      Type.Boolean({
        description:
          'The total is an upper bound. aisle counts exactly, so it never sets this; the contract allows it for a free range over a variant-level value combined with another variant-level choice.',
      }),
    ),
    hits: Type.Array(Type.Ref(Hit)),
    facets: Type.Optional(
      Type.Array(Type.Ref(Facet), {
        description:
          "The page's facets in display order, each counted under every filter but its own; a facet without values to show is left out.",
      }),
    ),
  },
  { $id: 'Section' },
);

export const Suggestion = Type.Object(
  {
    text: Type.String({ description: 'The query to suggest, as shoppers or the catalog write it.' }),
    scope: Type.Optional(
      Type.Object(
        {
          category: Type.String({ description: 'Category id: search the text within it.' }),
          title: Type.String({ description: "The category's title in the request's locale." }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'A query the shopper may mean; with `scope`, within a category ("headphones in Audio").',
  },
);
export type Suggestion = Static<typeof Suggestion>;

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
      searched: Type.String({
        description:
          'The text the listed section searched: the query after rules removed words and resolution took what it named (when `relaxed`, the words of the relaxed search). Words that matched nothing and were left out stay in it; the trace’s `match` entry names them.',
      }),
    }),
    redirect: Type.Optional(
      Type.Ref(Redirect, {
        description:
          'Where the shopper is sent: the query names a category or brand page completely, or a rule redirects (absent with `redirect: false`). A client that does not follow it shows the sections, which the answer still carries.',
      }),
    ),
    resolution: Type.Optional(
      Type.Ref(Resolution, { description: 'What the query named; absent for a query without words.' }),
    ),
    relaxed: Type.Optional(
      Type.Literal(true, {
        description:
          'Nothing matched the resolved search, so it was repeated leaving out what the query named, one part at a time and the least important first (an attribute such as a colour before a brand, a brand before the category), until products matched; when only leaving out all of it did, the query’s words were matched as text. `filters` no longer holds what was left out and `resolution.left_out` lists it.',
      }),
    ),
    listed: Type.String({ description: 'The entity type whose section pages and carries the facets.' }),
    filters: Type.Optional(
      Type.Array(Type.Ref(AppliedFilter), {
        description:
          "Every filter that narrowed the listed section's results, each removable by the shopper.",
      }),
    ),
    sorts: Type.Optional(
      Type.Array(Type.Ref(SortOption), {
        description:
          'The orders the page offers, in display order; absent where the release lays out no options.',
      }),
    ),
    sections: Type.Array(Type.Ref(Section)),
    currency: Type.Optional(
      Type.String({
        description:
          "Currency of price values and bounds: the channel's (without channels.json, the one the catalog's offers name). Absent when nothing names one.",
      }),
    ),
    placements: Type.Optional(
      Type.Array(Type.Ref(PlacementAnswer), {
        description:
          'Banners and teasers placed by rules, in drawing order: top ones, those among the tiles by position, bottom ones. Absent on the autocomplete surface and for `count_only`.',
      }),
    ),
    suggestions: Type.Optional(
      Type.Array(Suggestion, {
        description:
          'On the autocomplete surface: queries the shopper may mean, text suggestions first (8 at most), then scoped ones (3 at most, for the first text suggestions whose results concentrate in one category). Each is offered only where choosing it finds something: its text searched on the search surface in the same channel, locale and time, with the release’s rules (a rule that hides or filters away all it finds withdraws it; one a rule redirects is offered), and a scoped one counts those results. They come from what shoppers searched (queries that found results and that two page views typed on a day, the frequent and recent first), from the catalog (category titles, brand names, and phrases of product titles that products share, without model codes, units or a closing colour or size, in the locale) and from the release (`suggestions` in synonyms.json, which also lists what is never suggested). The typed words match from the start of any word of a suggestion, the last one as a prefix (with one typo from 4 letters), folded as searches fold them. Absent on the other surfaces.',
      }),
    ),
    trace: Type.Optional(
      Type.Ref(Trace, {
        description:
          'With `debug`: the steps of planning and execution, in order, each named by `step` (see the Trace schema).',
      }),
    ),
  },
  { $id: 'SearchResponse' },
);
export type SearchResponse = Static<typeof SearchResponse>;
export type Facet = Static<typeof Facet>;
export type FacetValue = Static<typeof FacetValue>;
export type SortOption = Static<typeof SortOption>;

export const HealthResponse = Type.Object(
  {
    status: Type.Literal('ok'),
    version: Type.String({ description: "The binary's version." }),
  },
  { $id: 'HealthResponse' },
);
