import { type Static, Type } from '@sinclair/typebox';
import { PROBLEM_CODES, type ProblemCode } from './problem-codes.js';

export const Violation = Type.Object(
  {
    file: Type.Optional(Type.String({ description: 'The release file the violation is in.' })),
    pointer: Type.String({ description: 'JSON pointer to the field at fault.' }),
    message: Type.String({ description: 'What is wrong and what to do.' }),
  },
  { $id: 'Violation', additionalProperties: false },
);
export type Violation = Static<typeof Violation>;

/**
 * The cause, as a stable word to branch on: the list with what each means (and, in the API
 * description, the status each is answered with) is PROBLEM_CODES.
 */
export const ProblemCodeSchema = Type.Unsafe<ProblemCode>({
  type: 'string',
  enum: Object.keys(PROBLEM_CODES),
  description: 'The cause, a stable word to branch on; `detail` says it in words that may change.',
});

export const Problem = Type.Object(
  {
    type: Type.Literal('about:blank'),
    title: Type.String({ description: "The status's own phrase." }),
    status: Type.Integer(),
    code: ProblemCodeSchema,
    detail: Type.Optional(Type.String({ description: 'What happened and what to do.' })),
    violations: Type.Optional(Type.Array(Type.Ref(Violation))),
  },
  { $id: 'Problem', additionalProperties: true },
);
export type Problem = Static<typeof Problem>;
