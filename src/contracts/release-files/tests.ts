import { type Static, Type } from '@sinclair/typebox';
import { SearchRequest } from '../search.js';
import { EntityReference, RedirectTarget, ReleaseFile, SelectorRef } from './common.js';

export const TestExpectation = Type.Object(
  {
    redirect: Type.Optional(RedirectTarget),
    resolved: Type.Optional(
      Type.Object(
        {
          category: Type.Optional(Type.String()),
          filters: Type.Optional(SelectorRef),
          text: Type.Optional(Type.String()),
          complete: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    rules: Type.Optional(
      Type.Object(
        {
          applied: Type.Optional(Type.Array(Type.String())),
          not_applied: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
    ),
    sections: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    results: Type.Optional(
      Type.Object(
        {
          top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10 })),
          first: Type.Optional(EntityReference),
          contains: Type.Optional(Type.Array(EntityReference)),
          excludes: Type.Optional(Type.Array(EntityReference)),
          all: Type.Optional(SelectorRef),
          none: Type.Optional(SelectorRef),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ReleaseTest = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String()),
    request: Type.Ref(SearchRequest, {
      description: 'Exactly a search request; a fixed `time` is allowed here.',
    }),
    expect: TestExpectation,
  },
  { additionalProperties: false },
);

export const TestsFile = ReleaseFile(
  'tests.json',
  'Tests: what searches must answer before a release goes live',
  {
    tests: Type.Array(ReleaseTest),
  },
);
export type TestsFile = Static<typeof TestsFile>;
