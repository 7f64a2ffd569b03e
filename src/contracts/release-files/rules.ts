import { type Static, type TProperties, Type } from '@sinclair/typebox';
import {
  EntityReference,
  OneOrMany,
  RedirectTarget,
  ReleaseFile,
  SelectorRef,
  Surface,
  Text,
  Time,
} from './common.js';

const Words = OneOrMany(Type.String({ minLength: 1 }));

export const QueryCondition = Type.Object(
  {
    is: Type.Optional(Words),
    contains: Type.Optional(Words),
    starts_with: Type.Optional(Words),
    empty: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: 'Matched literally on the normalized query.' },
);

const CategoryCondition = Type.Union([
  Type.Object({ is: OneOrMany(Type.String({ minLength: 1 })) }, { additionalProperties: false }),
  Type.Object({ within: OneOrMany(Type.String({ minLength: 1 })) }, { additionalProperties: false }),
]);

export const Condition = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        query: Type.Optional(QueryCondition),
        on: Type.Optional(OneOrMany(Surface)),
        category: Type.Optional(CategoryCondition),
        resolved: Type.Optional(
          Type.Object(
            {
              category: Type.Optional(Type.String({ minLength: 1 })),
              filters: Type.Optional(SelectorRef),
              complete: Type.Optional(Type.Boolean()),
            },
            { additionalProperties: false },
          ),
        ),
        channel: Type.Optional(OneOrMany(Type.String({ minLength: 1 }))),
        locale: Type.Optional(OneOrMany(Type.String({ minLength: 2 }))),
        context: Type.Optional(Type.Record(Type.String(), OneOrMany(Type.String()))),
        any: Type.Optional(Type.Array(Self, { minItems: 1 })),
        all: Type.Optional(Type.Array(Self, { minItems: 1 })),
        not: Type.Optional(Self),
      },
      { additionalProperties: false },
    ),
  { $id: 'RuleCondition' },
);

const Strength = Type.Union([Type.Literal('slight'), Type.Literal('medium'), Type.Literal('strong')]);

/** What a hide, boost or bury names: one entity, several, or those a selector matches. */
const Target = <T extends TProperties>(extra: T) =>
  Type.Union([
    Type.Object({ entity: EntityReference, ...extra }, { additionalProperties: false }),
    Type.Object(
      { entities: Type.Array(EntityReference, { minItems: 1 }), ...extra },
      { additionalProperties: false },
    ),
    Type.Object(
      { where: SelectorRef, type: Type.Optional(Type.String({ minLength: 1 })), ...extra },
      { additionalProperties: false },
    ),
  ]);

export const Placement = Type.Object(
  {
    slot: Type.Union([Type.Literal('top'), Type.Literal('grid'), Type.Literal('bottom')], {
      description:
        '`top` above the results on the first page, `grid` before the tile at `position`, `bottom` after the results on the last page.',
    }),
    position: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'For `grid`: the tile it stands before, counted from 1 across pages.',
      }),
    ),
    kind: Type.Union([Type.Literal('banner'), Type.Literal('card')], {
      description: '`banner`: as wide as the results; `card`: the size of a tile.',
    }),
    title: Text,
    text: Type.Optional(Text),
    image: Type.Optional(
      Type.Object({ url: Type.String({ minLength: 1 }), alt: Text }, { additionalProperties: false }),
    ),
    link: Type.Optional(Type.String({ description: 'A path, or a URL starting with https://.' })),
  },
  { additionalProperties: false },
);

export const RuleEffects = Type.Object(
  {
    resolve: Type.Optional(
      Type.Array(
        Type.Object(
          {
            term: Type.String({ minLength: 1 }),
            as: Type.Union(
              [
                Type.Literal('text'),
                Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
              ],
              {
                description:
                  '`text`, or what the term means: `{ "brand": "apple" }`, `{ "color": "red" }`, `{ "category": "phones" }`.',
              },
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1 },
      ),
    ),
    rewrite: Type.Optional(
      Type.Object(
        { remove: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) },
        { additionalProperties: false },
      ),
    ),
    redirect: Type.Optional(RedirectTarget),
    filter: Type.Optional(
      Type.Object(
        { type: Type.Optional(Type.String({ minLength: 1 })), where: SelectorRef },
        { additionalProperties: false },
      ),
    ),
    hide: Type.Optional(Type.Array(Target({}), { minItems: 1 })),
    pin: Type.Optional(
      Type.Array(
        Type.Object(
          {
            entity: EntityReference,
            position: Type.Integer({ minimum: 1 }),
            sponsored: Type.Optional(
              Type.Object({ campaign: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1 },
      ),
    ),
    boost: Type.Optional(Type.Array(Target({ strength: Strength }), { minItems: 1 })),
    bury: Type.Optional(Type.Array(Target({ strength: Strength }), { minItems: 1 })),
    place: Type.Optional(Type.Array(Placement, { minItems: 1 })),
    sections: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description:
          'Type codes in the section order this rule sets; types not listed follow in release order.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const Rule = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$', maxLength: 100 }),
    description: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'One line, up to 200 characters.',
    }),
    enabled: Type.Optional(Type.Boolean({ default: true })),
    schedule: Type.Optional(
      Type.Object(
        { from: Type.Optional(Time), until: Type.Optional(Time) },
        {
          additionalProperties: false,
          description:
            'When the rule acts: from `from` (inclusive) until `until` (exclusive); it has ended once `until` passed.',
        },
      ),
    ),
    when: Type.Optional(Type.Ref(Condition)),
    then: RuleEffects,
  },
  { additionalProperties: false },
);
export type Rule = Static<typeof Rule>;

export const RulesFile = ReleaseFile(
  'rules.json',
  'Rules: merchandising in precedence order, the first highest',
  {
    rules: Type.Array(Rule),
  },
);
export type RulesFile = Static<typeof RulesFile>;
