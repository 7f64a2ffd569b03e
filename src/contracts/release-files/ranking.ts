import { type Static, Type } from '@sinclair/typebox';
import { Code, ReleaseFile, Text } from './common.js';

export const Signal = Type.Object(
  {
    code: Code('Signal code, as the catalog names it under `signals`.'),
    direction: Type.Union([
      Type.Literal('higher_is_better'),
      Type.Literal('lower_is_better'),
      Type.Literal('newer_is_better'),
    ]),
    normalize: Type.Union([
      Type.Literal('percentile'),
      Type.Object(
        {
          damped: Type.Object(
            { count_signal: Type.String({ minLength: 1 }), prior_count: Type.Integer({ minimum: 0 }) },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      Type.Object({ half_life_days: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    ]),
  },
  { additionalProperties: false },
);

const Strengths = (above: boolean) =>
  Type.Object(
    {
      slight: Type.Number(above ? { exclusiveMinimum: 1 } : { exclusiveMaximum: 1, exclusiveMinimum: 0 }),
      medium: Type.Number(above ? { exclusiveMinimum: 1 } : { exclusiveMaximum: 1, exclusiveMinimum: 0 }),
      strong: Type.Number(above ? { exclusiveMinimum: 1 } : { exclusiveMaximum: 1, exclusiveMinimum: 0 }),
    },
    { additionalProperties: false },
  );

export const SortDefinition = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z][a-z0-9_]*$' }),
    label: Type.Optional(Text),
    by: Type.String({
      pattern: '^(price|delivery_days|discount|attributes\\.[a-z][a-z0-9_]*|signals\\.[a-z][a-z0-9_]*)$',
      description:
        '`price`, `delivery_days`, `discount`, `attributes.<code>` of a sortable attribute, or `signals.<code>`.',
    }),
    direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  },
  { additionalProperties: false },
);

export const RankingFile = ReleaseFile(
  'ranking.json',
  'Ranking: signals, weights, strengths, sorts, section order',
  {
    signals: Type.Optional(Type.Array(Signal)),
    weights: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()))),
    strengths: Type.Optional(
      Type.Object({ boost: Strengths(true), bury: Strengths(false) }, { additionalProperties: false }),
    ),
    sorts: Type.Optional(Type.Array(SortDefinition)),
    sections: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { description: 'Type codes in section order.' }),
    ),
  },
);
export type RankingFile = Static<typeof RankingFile>;
