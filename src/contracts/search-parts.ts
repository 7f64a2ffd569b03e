import { type Static, Type } from '@sinclair/typebox';

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

/** A selector: keyed by field; its values are checked field by field by the engine. */
export const Selector = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'Selector',
  description:
    'Keyed by an attribute code or a built-in field. A value is a plain value, an array of them, a comparison object (`lt`, `lte`, `gt`, `gte`), `between`, `exists`; `category` takes `is` or `within`; `any`, `all`, `not` combine selectors.',
});

export const AppliedFilter = Type.Object(
  {
    field: Type.String({
      description:
        'The field the filter narrows (an attribute code, a built-in field or `category`); for a combined selector its first field, or `any`, `all`, `not` when the shopper sent one.',
    }),
    label: Type.String({ description: "The field's label in the request's locale." }),
    value: Type.Unknown({
      description:
        'What it narrows by: a value, group or bucket code, a range object, a category id; for a rule the whole selector.',
    }),
    value_label: Type.String({
      description: 'What the chip shows for the value, in the request\'s locale: "Sage", "under 50 EUR".',
    }),
    from: Type.Union([Type.Literal('request'), Type.Literal('resolution'), Type.Literal('rule')], {
      description:
        '`request`: the shopper chose it in a facet; `resolution`: the query named it; `rule`: a rule narrows the results.',
    }),
    filters: Type.Optional(
      Type.Ref(Selector, {
        description:
          "A filter the shopper chose: the request's filters without this one; send them to remove it.",
      }),
    ),
    dismiss: Type.Optional(
      Type.Object(Dismissal.properties, {
        additionalProperties: false,
        description:
          'A filter the query or a rule put there: the `dismissed` item that removes it (send it in `dismissed` with the same query).',
      }),
    ),
    rule: Type.Optional(Type.String({ description: 'The rule whose filter it is.' })),
    type: Type.Optional(Type.String({ description: 'The only entity type it narrows.' })),
  },
  { $id: 'AppliedFilter', additionalProperties: false },
);

export type AppliedFilter = Static<typeof AppliedFilter>;

export const Resolution = Type.Object(
  {
    category: Type.Optional(Type.String()),
    filters: Type.Optional(Type.Ref(Selector)),
    text: Type.String({ description: 'The text left.' }),
    complete: Type.Boolean({ description: 'Nothing is left as text.' }),
    left_out: Type.Optional(Type.Array(Type.Ref(AppliedFilter), { description: 'Empty unless `relaxed`.' })),
  },
  { $id: 'Resolution', additionalProperties: false },
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
  { $id: 'Redirect', additionalProperties: false },
);
export type Redirect = Static<typeof Redirect>;

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
  { $id: 'PlacementAnswer', additionalProperties: false },
);
export type PlacementAnswer = Static<typeof PlacementAnswer>;
