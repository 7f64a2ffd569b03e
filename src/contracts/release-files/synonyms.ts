import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFile } from './common.js';

const Word = Type.String({ minLength: 1, maxLength: 100, description: 'A word or a phrase.' });

/** What autocomplete suggests in a language beside what shoppers searched and the catalog holds. */
export const SuggestionSettings = Type.Object(
  {
    never: Type.Optional(
      Type.Array(Word, {
        maxItems: 10_000,
        description:
          'Words and phrases never suggested: a suggestion holding one of them (its words in a row, compared as searches compare words: case and accents aside) is left out, whether shoppers searched it, the catalog holds it or `add` names it. Searches are not changed.',
      }),
    ),
    add: Type.Optional(
      Type.Array(Word, {
        maxItems: 10_000,
        description:
          "The release's own suggestions, offered before those of equal match that shoppers' searches and the catalog make, in the order listed; like every suggestion, only where their search finds something in the channel.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Autocomplete suggestions in this language; they change with the release, without an index run.',
  },
);

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
    suggestions: Type.Optional(SuggestionSettings),
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
