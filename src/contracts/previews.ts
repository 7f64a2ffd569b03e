import { type Static, Type } from '@sinclair/typebox';
import { EntityRef } from './common.js';
import { PageAnswer } from './pages.js';
import { SearchRequest, SearchResponse } from './search.js';
import { AppliedFilter } from './search-parts.js';
import { EntityOutcome, Trace } from './trace.js';

/**
 * Previews: a merchandiser's view of a search or a shop page at any time, in any channel, locale
 * and context, over the live release or draft files read over it, always with the trace and
 * never written to the search log; and two questions about what a preview shows: why one hit sits
 * above another, and where an entity is or exactly why it is not there.
 */

const Files = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'Release files by name read over the live release (`null` drops one), so a draft is seen before publishing. Files compiled into the indexes (types, attributes, ranking weights) show as far as searches read them as they run.',
});

/** A search request's fields but those of the public side's own: debug (always on), page views and traffic. */
const searchFields = Type.Omit(SearchRequest, ['debug', 'page_view', 'traffic']).properties;

export const PreviewSearchRequest = Type.Object(
  {
    ...searchFields,
    time: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'The moment the search is answered at: rules and sale prices of that time. Default now.',
      }),
    ),
    files: Type.Optional(Files),
  },
  {
    $id: 'PreviewSearchRequest',
    additionalProperties: false,
    description: 'A search request as POST /v1/search takes it, with any `time` and draft `files`.',
  },
);
export type PreviewSearchRequest = Static<typeof PreviewSearchRequest>;

const previewFields = {
  time: Type.String({ format: 'date-time', description: 'The moment the preview was answered at.' }),
  draft: Type.Optional(Type.Literal(true, { description: 'Draft `files` were read over the live release.' })),
};

export const PreviewSearchAnswer = Type.Object(
  {
    ...SearchResponse.properties,
    ...previewFields,
    trace: Type.Ref(Trace, { description: 'Every step of planning and execution.' }),
  },
  {
    $id: 'PreviewSearchAnswer',
    additionalProperties: false,
    description:
      'The search answer as the shopper would see it, with the trace; not written to the search log.',
  },
);
export type PreviewSearchAnswer = Static<typeof PreviewSearchAnswer>;

export const PreviewPageRequest = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 4096,
      description:
        'A shop URL: a path with its query string, or a whole URL whose scheme and host are ignored.',
    }),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 1 })),
    context: Type.Optional(Type.Record(Type.String(), Type.String())),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    time: PreviewSearchRequest.properties.time,
    files: Type.Optional(Files),
  },
  { $id: 'PreviewPageRequest', additionalProperties: false },
);
export type PreviewPageRequest = Static<typeof PreviewPageRequest>;

export const PreviewPageAnswer = Type.Object(
  { ...PageAnswer.properties, ...previewFields },
  {
    $id: 'PreviewPageAnswer',
    additionalProperties: false,
    description:
      "The page as a shopper would open it (resolve, then the listing's search or the product), with every trace.",
  },
);
export type PreviewPageAnswer = Static<typeof PreviewPageAnswer>;

export const ComparePlace = Type.Integer({
  minimum: 1,
  maximum: 1000,
  description: "A position in the section's `rank` step, counted from 1 across pages.",
});

export const PreviewCompareRequest = Type.Object(
  {
    trace: Type.Ref(Trace, { description: "A preview's trace (or a search's with `debug`)." }),
    type: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'The section compared; default the listed one (the one that pages).',
      }),
    ),
    places: Type.Array(ComparePlace, {
      minItems: 2,
      maxItems: 2,
      description: 'The two positions compared.',
    }),
  },
  { $id: 'PreviewCompareRequest', additionalProperties: false },
);
export type PreviewCompareRequest = Static<typeof PreviewCompareRequest>;

const ComparedHit = Type.Object(
  { entity: EntityRef, position: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const CompareReason = Type.Object(
  {
    part: Type.Union(
      [
        Type.Literal('pin'),
        Type.Literal('sponsored'),
        Type.Literal('sort'),
        Type.Literal('completeness'),
        Type.Literal('word'),
        Type.Literal('proximity'),
        Type.Literal('exactness'),
        Type.Literal('signals'),
        Type.Literal('boost'),
        Type.Literal('bury'),
        Type.Literal('tie'),
      ],
      {
        description:
          '`pin` and `sponsored`: a rule placed one; `sort`: the values a sort orders by; `completeness`: a query word one lacks; `word`: how each matched a word (fields, typos, synonyms, stems); `proximity`, `exactness`: the words near each other, the words alone in the heaviest field; `signals`: the ranking signals; `boost`, `bury`: rules that moved one; `tie`: equal, so catalog order.',
      },
    ),
    says: Type.String({ description: 'The reason in a sentence a merchandiser reads.' }),
    favours: Type.Union([Type.Literal('higher'), Type.Literal('lower'), Type.Literal('neither')], {
      description: 'Which of the two it lifts.',
    }),
    word: Type.Optional(Type.String({ description: 'The query word, for `word` and `completeness`.' })),
    rule: Type.Optional(
      Type.String({ description: 'The rule, for `pin`, `sponsored`, `boost` and `bury`.' }),
    ),
    higher: Type.Optional(
      Type.Union([Type.Number(), Type.String(), Type.Boolean()], { description: 'The higher hit’s value.' }),
    ),
    lower: Type.Optional(
      Type.Union([Type.Number(), Type.String(), Type.Boolean()], { description: 'The lower hit’s value.' }),
    ),
  },
  { $id: 'CompareReason', additionalProperties: false },
);
export type CompareReason = Static<typeof CompareReason>;

export const PreviewCompareAnswer = Type.Object(
  {
    type: Type.String({ description: 'The section compared.' }),
    sort: Type.String(),
    higher: ComparedHit,
    lower: ComparedHit,
    summary: Type.String({ description: 'Why the higher hit sits above the lower, in one sentence.' }),
    reasons: Type.Array(Type.Ref(CompareReason), {
      description: 'Each part of the decision, the one that decides first.',
    }),
  },
  { $id: 'PreviewCompareAnswer', additionalProperties: false },
);
export type PreviewCompareAnswer = Static<typeof PreviewCompareAnswer>;

export const PreviewFindRequest = Type.Object(
  {
    ...PreviewSearchRequest.properties,
    entity: Type.String({
      pattern: '^[^:]+:.+$',
      description: 'The entity looked for, `type:id`.',
    }),
  },
  { $id: 'PreviewFindRequest', additionalProperties: false },
);
export type PreviewFindRequest = Static<typeof PreviewFindRequest>;

export const PreviewFindAnswer = Type.Object(
  {
    entity: EntityRef,
    outcome: EntityOutcome,
    found: Type.Boolean({ description: 'It is among the hits the section reaches.' }),
    detail: Type.String({ description: 'Where it is, or why it is not there, in a sentence.' }),
    section: Type.String({ description: 'The section of its type.' }),
    position: Type.Optional(Type.Integer({ minimum: 1, description: 'Counted from 1 across pages.' })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    per_page: Type.Integer({ minimum: 1 }),
    total: Type.Optional(Type.Integer({ minimum: 0, description: 'What the section matches.' })),
    rule: Type.Optional(Type.String({ description: 'The rule that hid it, or whose filter left it out.' })),
    filter: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The filter in the trace’s `plan` step: `f1`, `f2`, …' }),
          from: Type.Union([
            Type.Literal('page'),
            Type.Literal('request'),
            Type.Literal('resolution'),
            Type.Literal('rule'),
          ]),
          chips: Type.Array(Type.Ref(AppliedFilter), {
            description: 'The filter as the answer’s chips show it.',
          }),
        },
        { additionalProperties: false, description: 'The filter that leaves it out.' },
      ),
    ),
    missing: Type.Optional(
      Type.Array(Type.String(), { description: 'The query words it holds in no field searched.' }),
    ),
    channels: Type.Optional(
      Type.Array(Type.String(), { description: 'For `not_in_channel`: the channels it is in.' }),
    ),
    category: Type.Optional(Type.String({ description: 'For `outside_category`: the page’s category.' })),
    time: previewFields.time,
    draft: previewFields.draft,
    trace: Type.Ref(Trace, { description: 'The preview’s trace, its `entity` step last.' }),
  },
  { $id: 'PreviewFindAnswer', additionalProperties: false },
);
export type PreviewFindAnswer = Static<typeof PreviewFindAnswer>;
