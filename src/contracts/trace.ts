import { type Static, Type } from '@sinclair/typebox';
import { AppliedFilter, Selector } from './search-parts.js';

/**
 * The trace a search carries with `debug`: one entry per step of planning and execution, in the
 * order they ran, each named by `step`. A GET writes parameters first when it left some out; a
 * search's trace then opens with answer_cache (whether the answer was kept from an earlier
 * identical search). Planning writes arrival, normalize, rules (before and
 * after resolution), rewrite, resolution, redirect and plan; execution writes match, filter, rank
 * and relaxation per section, and entity when asked about one entity.
 *
 * It is made to answer two questions without running the search again:
 * - why is A above B: `rank` holds each hit's position, the sort value or the parts of its score
 *   (text per word and field, proximity, exactness), the boost and bury factors of the rules that
 *   moved it, and the pin that placed it;
 * - why is this product not on this page: `rules` says which hides and filters acted and why,
 *   `plan` holds every filter with an id, `filter` counts what each filter left, `match` shows how
 *   each word was searched, and `entity` names the step that dropped the product or where it is.
 */

const Scalar = Type.Union([Type.Boolean(), Type.Number(), Type.String()]);

export const ParametersStep = Type.Object(
  {
    step: Type.Literal('parameters'),
    ignored: Type.Array(Type.String(), {
      description:
        'URL parameters left out, each as `name=value` as sent: ones the endpoint does not read (tracking parameters and the like) and repeats of one it reads (the first is read).',
    }),
  },
  { additionalProperties: false },
);

export const ArrivalStep = Type.Object(
  {
    step: Type.Literal('arrival'),
    time: Type.String({ description: 'The time the search reads (RFC 3339).' }),
    fixed: Type.Boolean({ description: 'A test or preview fixed it instead of the arrival.' }),
  },
  { additionalProperties: false },
);

export const NormalizeStep = Type.Object(
  {
    step: Type.Literal('normalize'),
    typed: Type.String(),
    normalized: Type.String({ description: 'Folded words joined by single spaces: what rule queries read.' }),
  },
  { additionalProperties: false },
);

/** One member of a condition, and whether it held; `any`, `all` and `not` nest their conditions. */
export const ConditionTrace = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        holds: Type.Boolean(),
        checks: Type.Array(
          Type.Object(
            {
              member: Type.String({ description: '`query`, `on`, `category`, `resolved`, `any`, ...' }),
              holds: Type.Boolean(),
              expected: Type.Unknown({ description: 'What the condition asks for.' }),
              actual: Type.Optional(Type.Unknown({ description: 'What the request or resolution had.' })),
              parts: Type.Optional(Type.Array(Self)),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  { $id: 'ConditionTrace' },
);
export type ConditionTrace = Static<typeof ConditionTrace>;

export const EffectOutcome = Type.Union(
  [
    Type.Literal('applied'),
    Type.Literal('superseded'),
    Type.Literal('cut'),
    Type.Literal('refused'),
    Type.Literal('dismissed'),
    Type.Literal('nothing'),
  ],
  {
    description:
      '`applied`; `superseded`: a higher rule took it (`by`); `cut`: a redirect ended planning (`by`); `refused`: the request asked for results instead of a redirect; `dismissed`: the shopper removed its chip; `nothing`: there was nothing for it to act on.',
  },
);

export const EffectTrace = Type.Object(
  {
    effect: Type.String({ description: 'The effect of `then`: `resolve`, `pin`, `place`, ...' }),
    outcome: EffectOutcome,
    by: Type.Optional(Type.String({ description: 'The rule that superseded or cut it.' })),
    detail: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type EffectTrace = Static<typeof EffectTrace>;

export const RuleTrace = Type.Object(
  {
    rule: Type.String(),
    position: Type.Integer({ minimum: 1, description: 'Its place in precedence order, from 1.' }),
    state: Type.Union(
      [Type.Literal('active'), Type.Literal('disabled'), Type.Literal('not_yet'), Type.Literal('ended')],
      { description: 'Disabled rules and rules outside their schedule are not evaluated.' },
    ),
    matched: Type.Optional(Type.Boolean()),
    condition: Type.Optional(ConditionTrace),
    applied: Type.Boolean(),
    effects: Type.Optional(Type.Array(EffectTrace)),
  },
  { additionalProperties: false },
);
export type RuleTrace = Static<typeof RuleTrace>;

export const RulesStep = Type.Object(
  {
    step: Type.Literal('rules'),
    phase: Type.Union([Type.Literal('before_resolution'), Type.Literal('after_resolution')], {
      description: 'Rules that resolve or rewrite run before resolution; the others after it.',
    }),
    rules: Type.Array(RuleTrace),
  },
  { additionalProperties: false },
);

export const RewriteStep = Type.Object(
  {
    step: Type.Literal('rewrite'),
    removed: Type.Array(
      Type.Object({ words: Type.String(), rule: Type.String() }, { additionalProperties: false }),
    ),
    text: Type.String({ description: 'The query after the removals.' }),
  },
  { additionalProperties: false },
);

export const Detection = Type.Object(
  {
    field: Type.String(),
    value: Type.Union([Scalar, Type.Record(Type.String(), Type.Unknown())], {
      description: 'A value, a group code, a category id, or a comparison such as `{ "lt": 50 }`.',
    }),
    label: Type.String(),
    via: Type.String({
      description:
        'What the words named: `title`, `path`, `name`, `id`, `alias`, `label`, `value`, `group`, `quantity` or `rule`.',
    }),
    match: Type.Union([Type.Literal('exact'), Type.Literal('stem'), Type.Literal('synonym')]),
  },
  { additionalProperties: false },
);
export type Detection = Static<typeof Detection>;

export const SpanTrace = Type.Object(
  {
    words: Type.String(),
    start: Type.Integer({ minimum: 0, description: 'Position of its first word in the rewritten query.' }),
    outcome: Type.Union(
      [
        Type.Literal('detected'),
        Type.Literal('text'),
        Type.Literal('ambiguous'),
        Type.Literal('dismissed'),
        Type.Literal('conflict'),
      ],
      {
        description:
          '`detected`; `text`: a rule keeps it a word; `ambiguous`: several meanings and nothing decided, or a lone number outside a category that carries its attribute; `dismissed`: the shopper removed the detection; `conflict`: it names a category unrelated to another it names, or a value its field cannot take beside another.',
      },
    ),
    rule: Type.Optional(Type.String({ description: 'The resolve rule that decided it.' })),
    detections: Type.Optional(Type.Array(Detection)),
    candidates: Type.Optional(Type.Array(Detection, { description: 'The meanings it could have had.' })),
  },
  { additionalProperties: false },
);
export type SpanTrace = Static<typeof SpanTrace>;

export const ResolutionStep = Type.Object(
  {
    step: Type.Literal('resolution'),
    spans: Type.Array(SpanTrace),
    category: Type.Optional(Type.String()),
    filters: Type.Optional(Type.Ref(Selector)),
    text: Type.String(),
    complete: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const RedirectStep = Type.Object(
  {
    step: Type.Literal('redirect'),
    outcome: Type.Union([Type.Literal('redirected'), Type.Literal('refused'), Type.Literal('none')]),
    url: Type.Optional(Type.String()),
    entity: Type.Optional(Type.String()),
    rule: Type.Optional(Type.String()),
    reason: Type.String(),
  },
  { additionalProperties: false },
);

export const PlannedFilterTrace = Type.Object(
  {
    id: Type.String({ description: 'Names the filter in `filter` steps: `f1`, `f2`, ...' }),
    where: Type.Ref(Selector),
    from: Type.Union([
      Type.Literal('page'),
      Type.Literal('request'),
      Type.Literal('resolution'),
      Type.Literal('rule'),
    ]),
    rule: Type.Optional(Type.String()),
    types: Type.Array(Type.String(), { description: 'The sections it narrows.' }),
  },
  { additionalProperties: false },
);

export const PinTrace = Type.Object(
  {
    entity: Type.String(),
    rule: Type.String(),
    asked: Type.Integer({ minimum: 1 }),
    position: Type.Optional(Type.Integer({ minimum: 1 })),
    outcome: Type.Union([Type.Literal('placed'), Type.Literal('moved'), Type.Literal('dropped')]),
    by: Type.Optional(Type.String({ description: 'The rule that took the slot or the entity, or hid it.' })),
    sponsored: Type.Optional(Type.String({ description: 'The campaign of a paid pin.' })),
  },
  { additionalProperties: false },
);
export type PinTrace = Static<typeof PinTrace>;

export const WeightTrace = Type.Object(
  {
    rule: Type.String(),
    kind: Type.Union([Type.Literal('boost'), Type.Literal('bury')]),
    strength: Type.String(),
    factor: Type.Number(),
    target: Type.Unknown({ description: 'The target as the rule writes it.' }),
    outcome: Type.Union([Type.Literal('applied'), Type.Literal('superseded')]),
    by: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type WeightTrace = Static<typeof WeightTrace>;

export const PlacementTrace = Type.Object(
  {
    rule: Type.String(),
    slot: Type.String(),
    asked: Type.Optional(Type.Integer({ minimum: 1 })),
    position: Type.Optional(Type.Integer({ minimum: 1 })),
    by: Type.Optional(Type.String({ description: 'The rule whose banner holds the asked position.' })),
  },
  { additionalProperties: false },
);
export type PlacementTrace = Static<typeof PlacementTrace>;

export const PlanStep = Type.Object(
  {
    step: Type.Literal('plan'),
    listed: Type.String(),
    sections: Type.Array(
      Type.Object(
        {
          type: Type.String(),
          text: Type.String(),
          hits: Type.Integer({ minimum: 0, description: 'Hits the section shows on this page.' }),
        },
        { additionalProperties: false },
      ),
    ),
    sections_from: Type.String({ description: 'The rule that ordered the sections, or `release`.' }),
    filters: Type.Array(PlannedFilterTrace),
    hides: Type.Array(
      Type.Object({ rule: Type.String(), target: Type.Unknown() }, { additionalProperties: false }),
    ),
    pins: Type.Array(PinTrace),
    weights: Type.Array(WeightTrace),
    placements: Type.Array(PlacementTrace),
    sort: Type.Object(
      {
        code: Type.String(),
        from: Type.Union([
          Type.Literal('request'),
          Type.Literal('words'),
          Type.Literal('category'),
          Type.Literal('default'),
        ]),
        category: Type.Optional(Type.String({ description: 'The category node whose default it is.' })),
      },
      { additionalProperties: false },
    ),
    relaxation: Type.Optional(
      Type.Object(
        { text: Type.String(), left_out: Type.Array(Type.Ref(AppliedFilter)) },
        {
          additionalProperties: false,
          description:
            'The first relaxed search: what it leaves out if nothing matches (the least important part the query named). The `relaxation` entries of the execution show each search tried.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/** How one word was searched for in one section (the engine's expansions). */
export const MatchStep = Type.Object(
  {
    step: Type.Literal('match'),
    type: Type.String(),
    searched: Type.String(),
    words: Type.Array(
      Type.Object(
        {
          word: Type.String(),
          expansions: Type.Array(
            Type.Object(
              {
                matched: Type.String(),
                kind: Type.String({ description: '`exact`, `synonym`, `stem`, `typo`, `prefix`, ...' }),
                typos: Type.Optional(Type.Integer({ minimum: 1 })),
                documents: Type.Integer({ minimum: 0 }),
              },
              { additionalProperties: false },
            ),
          ),
          left_out: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    left_out: Type.Array(Type.String()),
    attempts: Type.Array(
      Type.Object(
        { words: Type.Array(Type.String()), candidates: Type.Integer({ minimum: 0 }) },
        { additionalProperties: false },
      ),
    ),
    candidates: Type.Integer({ minimum: 0, description: 'Documents matching the words searched.' }),
  },
  { additionalProperties: false },
);

/** The candidate set of a section before and after each filter and hide, in the order applied. */
export const FilterStep = Type.Object(
  {
    step: Type.Literal('filter'),
    type: Type.String(),
    before: Type.Integer({ minimum: 0 }),
    applied: Type.Array(
      Type.Object(
        {
          filter: Type.String({ description: 'A filter id of the plan, or `hide:<rule>`.' }),
          candidates: Type.Integer({ minimum: 0, description: 'Left after it.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const WordScore = Type.Object(
  {
    word: Type.String(),
    matched: Type.String(),
    kind: Type.String(),
    typos: Type.Optional(Type.Integer({ minimum: 1 })),
    penalty: Type.Number(),
    idf: Type.Number(),
    score: Type.Number(),
    fields: Type.Record(Type.String(), Type.Number()),
  },
  { additionalProperties: false },
);

export const HitTrace = Type.Object(
  {
    entity: Type.String(),
    position: Type.Integer({ minimum: 1, description: 'Counted from 1 across pages.' }),
    score: Type.Optional(Type.Number({ description: 'Relevance after factors; absent under another sort.' })),
    sort_value: Type.Optional(
      Type.Union([Type.Boolean(), Type.Number(), Type.String()], {
        description: 'The value a sort orders by.',
      }),
    ),
    parts: Type.Optional(
      Type.Object(
        {
          total: Type.Number({
            description: 'The sum of the parts: the text score before signals and factors.',
          }),
          completeness: Type.Number({ description: 'Negative for each query word the hit lacks.' }),
          text: Type.Number(),
          proximity: Type.Number(),
          exactness: Type.Number(),
          words: Type.Array(
            Type.Union([
              WordScore,
              Type.Object(
                { word: Type.String(), missing: Type.Literal(true) },
                { additionalProperties: false },
              ),
            ]),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    factor: Type.Optional(
      Type.Number({ description: 'The product of the boost and bury factors on its relevance.' }),
    ),
    factors: Type.Optional(
      Type.Array(
        Type.Object(
          {
            rule: Type.String(),
            kind: Type.Union([Type.Literal('boost'), Type.Literal('bury')]),
            factor: Type.Number(),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    pinned: Type.Optional(
      Type.Object(
        { rule: Type.String(), asked: Type.Integer({ minimum: 1 }) },
        { additionalProperties: false },
      ),
    ),
    sponsored: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export type HitTrace = Static<typeof HitTrace>;

export const RankStep = Type.Object(
  {
    step: Type.Literal('rank'),
    type: Type.String(),
    sort: Type.String(),
    hits: Type.Array(HitTrace),
  },
  { additionalProperties: false },
);

export const RelaxationStep = Type.Object(
  {
    step: Type.Literal('relaxation'),
    type: Type.String(),
    left_out: Type.Array(Type.Ref(AppliedFilter)),
    text: Type.String(),
    candidates: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** Where an entity is in a search's answer, or the step that kept it off the page. */
export const EntityOutcome = Type.Union(
  [
    Type.Literal('on_page'),
    Type.Literal('other_page'),
    Type.Literal('beyond_reach'),
    Type.Literal('not_in_catalog'),
    Type.Literal('not_in_channel'),
    Type.Literal('no_offer'),
    Type.Literal('outside_category'),
    Type.Literal('filtered'),
    Type.Literal('hidden'),
    Type.Literal('unmatched'),
    Type.Literal('not_shown'),
  ],
  {
    description:
      '`on_page`, `other_page`: where it is; `beyond_reach`: it matches but ranks past the `reachable_hits` limit; `not_in_catalog`; `not_in_channel`: sold, or existing, only in other channels; `no_offer`: sold in no channel; `outside_category`: not in the page’s category; `filtered`: a filter (`filter`) leaves it out; `hidden`: a rule (`rule`) hides it; `unmatched`: it lacks query words (`missing`); `not_shown`: it matches, but a section beside the listed one shows fewer hits than it would need, or the answer has no section of its type.',
  },
);

/** Where one entity is, or the step that kept it off the page (a preview's find writes it). */
export const EntityStep = Type.Object(
  {
    step: Type.Literal('entity'),
    entity: Type.String(),
    outcome: EntityOutcome,
    detail: Type.Optional(Type.String({ description: 'Where it is, or why not, in a sentence.' })),
    position: Type.Optional(Type.Integer({ minimum: 1 })),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    rule: Type.Optional(Type.String({ description: 'The rule that hid it.' })),
    filter: Type.Optional(Type.String({ description: 'The first filter id it fails.' })),
    missing: Type.Optional(Type.Array(Type.String(), { description: 'Query words it holds in no field.' })),
  },
  { additionalProperties: false },
);

/** Whether the answer came from the answer cache, was kept in it now, or was not kept and why. */
export const AnswerCacheStep = Type.Object(
  {
    step: Type.Literal('answer_cache'),
    outcome: Type.Union([Type.Literal('hit'), Type.Literal('kept'), Type.Literal('not_kept')], {
      description:
        '`hit`: the answer, this trace included, was computed for an earlier identical request over what is live now and kept; only the query id is new. `kept`: computed now and kept for repeats. `not_kept`: computed now and not kept (`reason`).',
    }),
    answered_at: Type.Optional(
      Type.String({ description: 'With `hit`: when the kept answer was computed (RFC 3339).' }),
    ),
    reason: Type.Optional(Type.String({ description: 'With `not_kept`: why, in a sentence.' })),
  },
  { additionalProperties: false },
);
export type AnswerCacheStep = Static<typeof AnswerCacheStep>;

export const TraceEntry = Type.Union(
  [
    ParametersStep,
    AnswerCacheStep,
    ArrivalStep,
    NormalizeStep,
    RulesStep,
    RewriteStep,
    ResolutionStep,
    RedirectStep,
    PlanStep,
    MatchStep,
    FilterStep,
    RankStep,
    RelaxationStep,
    EntityStep,
  ],
  { description: 'One step of planning or execution, named by `step`.' },
);
export type TraceEntry = Static<typeof TraceEntry>;

export const Trace = Type.Array(TraceEntry, {
  $id: 'Trace',
  description: 'With `debug`: the steps of planning and execution, in order.',
});
export type Trace = Static<typeof Trace>;
