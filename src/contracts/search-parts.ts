import { type Static, Type } from '@sinclair/typebox';
import { Selector } from './search.js';

/**
 * Parts of the search answer that planning decides (the contract names them and leaves some of
 * their fields to us): the filters shown as removable chips, the resolution, the redirect, the
 * sort options and the placements.
 */

const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);

/** What a request's `dismissed` sends to remove a chip that the query or a rule put there. */
export const Dismissal = Type.Object(
  { field: Type.String({ minLength: 1 }), value: Type.Optional(Scalar) },
  { additionalProperties: false },
);
export type Dismissal = Static<typeof Dismissal>;

export const AppliedFilter = Type.Object(
  {
    field: Type.String({
      description: 'The field it narrows: an attribute code, a built-in field or `category`.',
    }),
    selector: Type.Ref(Selector, {
      description: 'What it narrows by, written as a request\'s `filters` would: `{ "color": ["Sage"] }`.',
    }),
    label: Type.String({ description: 'The chip, in the request\'s locale: "Color: Sage".' }),
    from: Type.Union([Type.Literal('request'), Type.Literal('resolution'), Type.Literal('rule')], {
      description:
        '`request`: the shopper chose it in a facet; `resolution`: the query named it; `rule`: a rule narrows the results.',
    }),
    rule: Type.Optional(Type.String({ description: 'The rule whose filter it is.' })),
    type: Type.Optional(Type.String({ description: 'The only entity type it narrows.' })),
    dismiss: Type.Optional(
      Type.Object(Dismissal.properties, {
        additionalProperties: false,
        description:
          'For a filter the query or a rule put there: the `dismissed` item that removes it. A request filter is removed by leaving it out of `filters`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AppliedFilter = Static<typeof AppliedFilter>;

export const Resolution = Type.Object(
  {
    category: Type.Optional(Type.String()),
    filters: Type.Optional(Type.Ref(Selector)),
    text: Type.String({ description: 'The text left.' }),
    complete: Type.Boolean({ description: 'Nothing is left as text.' }),
    left_out: Type.Optional(Type.Array(AppliedFilter, { description: 'Empty unless `relaxed`.' })),
  },
  { additionalProperties: false },
);
export type Resolution = Static<typeof Resolution>;

export const Redirect = Type.Object(
  {
    url: Type.String(),
    entity: Type.Optional(Type.String({ description: '`type:id` of the page it leads to.' })),
    rule: Type.Optional(
      Type.String({
        description: 'The rule that redirects; absent when the query lands on the page it names.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Redirect = Static<typeof Redirect>;

export const SortOption = Type.Object(
  {
    code: Type.String(),
    label: Type.String(),
    default: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type SortOption = Static<typeof SortOption>;

export const PlacementAnswer = Type.Object(
  {
    slot: Type.Union([Type.Literal('top'), Type.Literal('grid'), Type.Literal('bottom')]),
    position: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Grid: the tile it stands before, counted from 1 across pages.',
      }),
    ),
    kind: Type.Union([Type.Literal('banner'), Type.Literal('card')]),
    title: Type.String(),
    text: Type.Optional(Type.String()),
    image: Type.Optional(
      Type.Object({ url: Type.String(), alt: Type.String() }, { additionalProperties: false }),
    ),
    link: Type.Optional(Type.String({ description: 'Where the banner leads, as the rule writes it.' })),
    rule: Type.String(),
  },
  { additionalProperties: false },
);
export type PlacementAnswer = Static<typeof PlacementAnswer>;
