import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFile } from './common.js';

const Word = Type.String({ minLength: 1, maxLength: 100, description: 'A word or a phrase.' });

export const SynonymDictionary = Type.Object(
  {
    groups: Type.Optional(
      Type.Array(Type.Object({ words: Type.Array(Word, { minItems: 2 }) }, { additionalProperties: false }), {
        description:
          'Words that mean the same: each finds what the others find. A word is in one group at most.',
      }),
    ),
    one_way: Type.Optional(
      Type.Array(
        Type.Object({ from: Word, to: Type.Array(Word, { minItems: 1 }) }, { additionalProperties: false }),
        {
          description:
            '`from` also finds what `to` finds, not the other way. A word starts one entry at most.',
        },
      ),
    ),
    never: Type.Optional(
      Type.Array(Type.Object({ words: Type.Array(Word, { minItems: 2 }) }, { additionalProperties: false }), {
        description:
          'Words that must not be merged; changes no search of its own, but a built-in entry that would merge them is left out.',
      }),
    ),
    built_in: Type.Optional(
      Type.Boolean({
        description:
          "Whether aisle's built-in shopping vocabulary of this language applies beside these entries; default: the file's `built_in`.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SynonymDictionary = Static<typeof SynonymDictionary>;

export const SynonymsFile = ReleaseFile('synonyms.json', 'Synonyms per language', {
  dictionaries: Type.Record(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' }), SynonymDictionary, {
    description:
      'Keyed by language (`en`) or regional locale (`en-GB`); a regional locale without its own reads its language.',
  }),
  built_in: Type.Optional(
    Type.Boolean({
      description:
        "Whether aisle's built-in shopping vocabulary (laptop and notebook, tv and television …, per language) applies beside the dictionaries; default true. A dictionary's own `built_in` decides for its language.",
    }),
  ),
});
export type SynonymsFile = Static<typeof SynonymsFile>;
