import { type Static, Type } from '@sinclair/typebox';

export const Violation = Type.Object(
  {
    file: Type.Optional(Type.String({ description: 'The release file the violation is in.' })),
    pointer: Type.String({ description: 'JSON pointer to the field at fault.' }),
    message: Type.String({ description: 'What is wrong and what to do.' }),
  },
  { $id: 'Violation', additionalProperties: false },
);
export type Violation = Static<typeof Violation>;

export const Problem = Type.Object(
  {
    type: Type.Literal('about:blank'),
    title: Type.String({ description: "The status's own phrase." }),
    status: Type.Integer(),
    detail: Type.Optional(Type.String({ description: 'What happened and what to do.' })),
    violations: Type.Optional(Type.Array(Type.Ref(Violation))),
  },
  { $id: 'Problem', additionalProperties: true },
);
export type Problem = Static<typeof Problem>;
