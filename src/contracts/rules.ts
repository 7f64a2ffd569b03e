import { type Static, Type } from '@sinclair/typebox';
import { asSent, Timestamp } from './common.js';
import { Violation } from './problem.js';
import { EntityReference, Surface, Time } from './release-files/common.js';
import { Rule } from './release-files/rules.js';

const TimeWith = (description: string) => Type.String({ format: 'date-time', description });
const EntityWith = (description: string) =>
  Type.String({ pattern: '^[a-z][a-z0-9_]*:.+$', description: `An entity as \`type:id\`. ${description}` });

/** A rule as rules.json holds it, named so request bodies can reference it. */
export const RuleBody = Type.Unsafe<Static<typeof Rule>>({
  ...asSent(Rule),
  $id: 'Rule',
  description: 'A rule as rules.json holds it.',
});

const Strength = Type.Union([Type.Literal('slight'), Type.Literal('medium'), Type.Literal('strong')]);

/**
 * The fields an editor sets for the common rules: flat, one form field each. They express a rule
 * whose condition names at most surfaces, one kind of query match, one category, channels and
 * locales, and whose effects are a redirect, pins, hides, boosts and buries of entities, removed
 * words and a section order.
 */
export const RuleFields = Type.Object(
  {
    description: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'One line, up to 200 characters.',
    }),
    enabled: Type.Boolean({ description: 'A disabled rule is not evaluated.' }),
    starts_at: Type.Optional(TimeWith('It acts from then (inclusive).')),
    ends_at: Type.Optional(TimeWith('It acts until then (exclusive).')),
    surfaces: Type.Optional(
      Type.Array(Surface, {
        minItems: 1,
        uniqueItems: true,
        description: 'Where it acts (the condition’s `on`); absent: every surface.',
      }),
    ),
    query_match: Type.Optional(
      Type.Union([Type.Literal('is'), Type.Literal('contains'), Type.Literal('starts_with')], {
        description: 'How `query_words` meet the query: it is one of them, contains one, or starts with one.',
      }),
    ),
    query_words: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'Words or phrases of the query condition; given with `query_match`.',
      }),
    ),
    category: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'The category of the page it acts on (condition `category`).',
      }),
    ),
    category_below: Type.Optional(
      Type.Boolean({
        description: 'Also the categories below `category` (`within` instead of `is`); default false.',
      }),
    ),
    channels: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, uniqueItems: true })),
    locales: Type.Optional(Type.Array(Type.String({ minLength: 2 }), { minItems: 1, uniqueItems: true })),
    redirect_url: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Sends the shopper here: a path, or a URL starting with https://.',
      }),
    ),
    redirect_to: Type.Optional(EntityWith('Sends the shopper to this entity’s page.')),
    pins: Type.Optional(
      Type.Array(
        Type.Object(
          {
            entity: EntityReference,
            position: Type.Integer({ minimum: 1 }),
            campaign: Type.Optional(
              Type.String({ minLength: 1, description: 'A sponsored pin: the campaign that paid for it.' }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1 },
      ),
    ),
    hide: Type.Optional(Type.Array(EntityReference, { minItems: 1, description: 'Entities it hides.' })),
    boost: Type.Optional(Type.Array(EntityReference, { minItems: 1, description: 'Entities it boosts.' })),
    boost_strength: Type.Optional(Strength),
    bury: Type.Optional(Type.Array(EntityReference, { minItems: 1, description: 'Entities it buries.' })),
    bury_strength: Type.Optional(Strength),
    remove_words: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'Words removed before resolution.',
      }),
    ),
    sections: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'Type codes in the section order it sets.',
      }),
    ),
  },
  {
    $id: 'RuleFields',
    additionalProperties: false,
    description:
      'A rule as an editor’s form sets it: flat fields for the common rules. A rule with more than these express (`any`, `all`, `not`, a resolved or context condition, filters, placements, selector targets, …) has none: change it whole with `rule`.',
  },
);
export type RuleFields = Static<typeof RuleFields>;

export const RuleState = Type.Union(
  [
    Type.Literal('active'),
    Type.Literal('scheduled'),
    Type.Literal('ended'),
    Type.Literal('disabled'),
    Type.Literal('dormant'),
  ],
  {
    description:
      'At the list’s time: `active` applies to requests its condition matches (`ends_at` when its window closes); `scheduled` is enabled and its window opens later (`starts_at`); `ended` its window has closed; `disabled` is switched off; `dormant` acts on entities alone and the catalog holds none of them.',
  },
);

export const RuleConflict = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('redirect'),
        Type.Literal('pinned_entity'),
        Type.Literal('pinned_position'),
        Type.Literal('placement_position'),
        Type.Literal('weighted_target'),
        Type.Literal('hidden'),
      ],
      {
        description:
          'What `rule` takes from this one where a request meets both: `redirect`, its higher redirect wins, so this one never sends a shopper; `pinned_entity`, it pins the same `entity` higher; `pinned_position`, it pins at `position` first, so this pin moves to the next free one; `placement_position`, its grid placement holds `position` first; `weighted_target`, it boosts or buries the same target (`entity`, or `where` with `type`) and its strength applies; `hidden`, it hides `entity`, which this rule pins, boosts or buries (a hide counts wherever it stands).',
      },
    ),
    rule: Type.String({ description: 'The rule that takes it.' }),
    entity: Type.Optional(EntityReference),
    position: Type.Optional(Type.Integer({ minimum: 1 })),
    where: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'A selector target.' })),
    type: Type.Optional(Type.String()),
    message: Type.String({ description: 'The conflict in one sentence.' }),
  },
  { $id: 'RuleConflict', additionalProperties: false },
);
export type RuleConflict = Static<typeof RuleConflict>;

export const NamedEntity = Type.Object(
  {
    entity: EntityReference,
    title: Type.Optional(Type.String({ description: 'In the list’s locale, as the catalog writes it.' })),
    image: Type.Optional(Type.String({ description: 'Its first photo’s URL.' })),
    gone: Type.Optional(Type.Literal(true, { description: 'The catalog searches read no longer holds it.' })),
  },
  { $id: 'NamedEntity', additionalProperties: false },
);
export type NamedEntity = Static<typeof NamedEntity>;

export const ListedRule = Type.Object(
  {
    id: Type.String(),
    position: Type.Integer({ minimum: 1, description: 'Its place in precedence order, the highest 1.' }),
    name: Type.String({ description: 'Its description, on one line.' }),
    summary: Type.String({ description: 'What it does and when, in plain words, on one line.' }),
    enabled: Type.Boolean(),
    surfaces: Type.Array(Surface, {
      description:
        'Where it can act: the surfaces its condition names, else the category page when it names a category, else every surface.',
    }),
    state: RuleState,
    starts_at: Type.Optional(Timestamp),
    ends_at: Type.Optional(Timestamp),
    conflicts: Type.Array(Type.Ref(RuleConflict), {
      description:
        'What other rules take from it where both can match one request (the list’s channel and locale, at or after its time), the highest first; 10 at most.',
    }),
    more_conflicts: Type.Optional(
      Type.Literal(true, {
        description:
          'The conflicts were looked for only so far: more rules may take from it than `conflicts` lists (it lists 10 at most, and each rule is tested against a few hundred others at most). Absent when every conflict is listed.',
      }),
    ),
    entities: Type.Array(Type.Ref(NamedEntity), {
      description:
        'The entities it names (pins, hides, boosts, buries, redirect), in the order it names them.',
    }),
    warnings: Type.Optional(
      Type.Array(Type.Ref(Violation), {
        description:
          'Names it gives the catalog (categories, brands, option values, entities) that the catalog searches read does not hold, with their pointers in rules.json: they match nothing. Absent when none.',
      }),
    ),
    fields: Type.Optional(
      Type.Ref(RuleFields, { description: 'The editor fields, when they express the whole rule.' }),
    ),
    grid_of: Type.Optional(
      Type.String({
        description:
          'On the highest enabled rule that does nothing but pin within the first 24 positions of one category page: that category, whose grid the rule lays out.',
      }),
    ),
  },
  { $id: 'ListedRule', additionalProperties: false },
);
export type ListedRule = Static<typeof ListedRule>;

export const RuleList = Type.Object(
  {
    release: Type.Optional(Type.String({ description: 'The live release listed; absent for a draft.' })),
    channel: Type.String({ description: 'The channel conflicts, titles and summaries are read for.' }),
    locale: Type.String(),
    time: Timestamp,
    rules: Type.Array(Type.Ref(ListedRule), { description: 'In precedence order, the highest first.' }),
  },
  { $id: 'RuleList', additionalProperties: false },
);
export type RuleList = Static<typeof RuleList>;

export const RuleListQuery = Type.Object(
  {
    channel: Type.Optional(
      Type.String({ minLength: 1, description: 'Default: the release’s first channel.' }),
    ),
    locale: Type.Optional(Type.String({ minLength: 2, description: 'Default: the channel’s first locale.' })),
    time: Type.Optional(TimeWith('The time states are read at; default now.')),
  },
  { additionalProperties: false },
);

export const DraftRules = Type.Object(
  {
    version: Type.String({ description: 'The draft version this answer is of.' }),
    rules: Type.Array(Type.Ref(ListedRule), { description: 'In precedence order, the highest first.' }),
    rule: Type.Optional(
      Type.String({
        description:
          'After a write: the rule created, changed or moved; absent after a delete and in a list.',
      }),
    ),
    channel: Type.String(),
    locale: Type.String(),
    time: Timestamp,
  },
  { $id: 'DraftRules', additionalProperties: false },
);
export type DraftRules = Static<typeof DraftRules>;

export const CreateRuleBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }),
    rule: Type.Optional(Type.Ref(RuleBody, { description: 'The whole rule, as rules.json holds it.' })),
    id: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
        maxLength: 100,
        description: 'With `fields`: the new rule’s id.',
      }),
    ),
    fields: Type.Optional(Type.Ref(RuleFields, { description: 'The rule as an editor sets it, with `id`.' })),
    position: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Where it goes in precedence order; past the end or absent: last.',
      }),
    ),
  },
  {
    $id: 'CreateRuleBody',
    additionalProperties: false,
    description: 'A new rule: `rule`, or `id` with `fields`.',
  },
);

/** A change of editor fields: each given field replaces the rule's, `null` clears an optional one. */
export const RuleFieldChanges = Type.Object(
  Object.fromEntries(
    Object.entries(RuleFields.properties).map(([name, schema]) => [
      name,
      Type.Optional(['description', 'enabled'].includes(name) ? schema : Type.Union([schema, Type.Null()])),
    ]),
  ),
  {
    $id: 'RuleFieldChanges',
    additionalProperties: false,
    minProperties: 1,
    description:
      'Editor fields to change: each replaces the rule’s, `null` clears it. They change only a rule the fields express whole (one listed with `fields`); any other is changed whole with `rule` (422 `rule_not_expressible` otherwise).',
  },
);

export const ChangeRuleBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }),
    rule: Type.Optional(
      Type.Ref(RuleBody, { description: 'The whole rule in place of the one named (its id may change).' }),
    ),
    fields: Type.Optional(Type.Ref(RuleFieldChanges)),
  },
  { $id: 'ChangeRuleBody', additionalProperties: false, description: 'Exactly one of `rule` and `fields`.' },
);

export const MoveRuleBody = Type.Object(
  {
    version: Type.String({ minLength: 1 }),
    position: Type.Integer({
      minimum: 1,
      description: 'Its new place, from 1; past the end puts it last. The rules between shift by one.',
    }),
  },
  { $id: 'MoveRuleBody', additionalProperties: false },
);

export const VersionQuery = Type.Object(
  { version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }) },
  { additionalProperties: false },
);

/** The internal request for a rule list: a draft's files, or none for the live release. */
export const RuleListRequest = Type.Object(
  {
    files: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'A draft’s release files.' }),
    ),
    needs_live: Type.Optional(
      Type.Boolean({
        description:
          'With `files`: answer 503 while nothing is live, rather than a list whose entities carry no titles and whose rules are never dormant.',
      }),
    ),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    locale: Type.Optional(Type.String({ minLength: 2 })),
    time: Type.Optional(Time),
  },
  { $id: 'RuleListRequest', additionalProperties: false },
);
export type RuleListRequest = Static<typeof RuleListRequest>;
