import { type Static, Type } from '@sinclair/typebox';

/** How many entries one write may add (`synonyms_per_call`). */
export const SYNONYMS_PER_CALL = 1000;
/**
 * How many words one check counts (`words_per_check`): each is a search of the live catalog, so
 * a check stays quick while a merchandiser types.
 */
export const WORDS_PER_CHECK = 20;

const Word = Type.String({ minLength: 1, maxLength: 100, description: 'A word or a phrase.' });

export const SynonymEntry = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('group'),
        words: Type.Array(Word, {
          minItems: 1,
          description: 'Words that mean the same; a word is in one group at most.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('one_way'),
        from: Word,
        to: Type.Array(Word, {
          minItems: 1,
          description: 'What `from` also finds; a word starts one entry at most.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('never'),
        words: Type.Array(Word, {
          minItems: 1,
          description: 'Words that must not be merged; changes no search.',
        }),
      },
      { additionalProperties: false },
    ),
  ],
  {
    $id: 'SynonymEntry',
    description: 'An entry by `kind`. Words are trimmed, lowercased and kept once when written.',
  },
);
export type SynonymEntry = Static<typeof SynonymEntry>;

export const SynonymClash = Type.Union(
  [
    Type.Object(
      { id: Type.Literal('too_few'), message: Type.String() },
      {
        additionalProperties: false,
        description: 'Fewer than two different words; a one-way entry needs a word and at least one other.',
      },
    ),
    Type.Object(
      {
        id: Type.Literal('taken'),
        word: Type.String({ description: 'The word taken.' }),
        entry: Type.String({ description: 'The entry that holds it: add to that one instead.' }),
        words: Type.Array(Type.String(), { description: 'That entry’s words.' }),
        message: Type.String(),
      },
      {
        additionalProperties: false,
        description: 'A word already in another group, or a `from` already starting another one-way entry.',
      },
    ),
    Type.Object(
      {
        id: Type.Literal('never'),
        words: Type.Array(Type.String(), { description: 'The words merged that a never entry keeps apart.' }),
        entry: Type.String({
          description:
            'The never entry that keeps them apart; for a never entry, the entry that merges them.',
        }),
        message: Type.String(),
      },
      { additionalProperties: false, description: 'Written only with `despite_never`.' },
    ),
  ],
  { $id: 'SynonymClash', description: 'What an entry clashes with, by `id`.' },
);
export type SynonymClash = Static<typeof SynonymClash>;

const listed = {
  id: Type.String({
    description: '`<locale>/<kind>/<index>`: kind `groups`, `one_way` or `never`, index in file order.',
  }),
  summary: Type.String({ description: 'What it does, in one line.' }),
  clashes: Type.Array(Type.Ref(SynonymClash), {
    description: 'What it clashes with: entries written despite a never entry, and that never entry.',
  }),
};

export const ListedSynonym = Type.Union(
  [
    Type.Object(
      { ...listed, kind: Type.Literal('group'), words: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    Type.Object(
      { ...listed, kind: Type.Literal('one_way'), from: Type.String(), to: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    Type.Object(
      { ...listed, kind: Type.Literal('never'), words: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
  ],
  { $id: 'ListedSynonym', description: 'An entry of a dictionary with its id, summary and clashes.' },
);
export type ListedSynonym = Static<typeof ListedSynonym>;

export const SynonymDictionaryList = Type.Object(
  {
    locale: Type.String({ description: 'A language, or a regional locale with a dictionary of its own.' }),
    entries: Type.Array(Type.Ref(ListedSynonym), {
      description: 'Groups, then one-way entries, then never entries.',
    }),
    waiting: Type.Optional(
      Type.Literal(true, {
        description:
          'No channel reads it (no locale it serves is this one or falls back to it): it waits until one does.',
      }),
    ),
  },
  { $id: 'SynonymDictionaryList', additionalProperties: false },
);

export const SynonymList = Type.Object(
  {
    release: Type.Optional(Type.String({ description: 'The live release listed; absent for a draft.' })),
    locales: Type.Array(Type.String(), {
      description: 'The languages the channels serve, the shop’s first.',
    }),
    dictionaries: Type.Array(Type.Ref(SynonymDictionaryList), {
      description:
        'Each served language (empty when it has no entries), then the other dictionaries of synonyms.json; a regional locale without a dictionary of its own reads its language’s.',
    }),
  },
  { $id: 'SynonymList', additionalProperties: false },
);
export type SynonymList = Static<typeof SynonymList>;

export const RefusedSynonym = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: 'Its place in the entries sent.' }),
    entry: Type.Ref(SynonymEntry, { description: 'As it would have been written.' }),
    clashes: Type.Array(Type.Ref(SynonymClash)),
  },
  { $id: 'RefusedSynonym', additionalProperties: false, description: 'An entry not written, with why.' },
);

export const DraftSynonyms = Type.Object(
  {
    version: Type.String({ description: 'The draft version this answer is of.' }),
    synonyms: Type.Ref(SynonymList),
    written: Type.Optional(
      Type.Array(Type.String(), { description: 'Ids of the entries added or changed, in the order sent.' }),
    ),
    refused: Type.Optional(
      Type.Array(Type.Ref(RefusedSynonym), {
        description: 'After an add: entries that clash and were not written.',
      }),
    ),
  },
  { $id: 'DraftSynonyms', additionalProperties: false },
);
export type DraftSynonyms = Static<typeof DraftSynonyms>;

export const AddSynonymsBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }),
    locale: Type.String({
      pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'The dictionary: a language such as `en`, or a regional locale such as `en-GB`.',
    }),
    entries: Type.Array(Type.Ref(SynonymEntry), {
      minItems: 1,
      maxItems: SYNONYMS_PER_CALL,
      description: `1 to ${SYNONYMS_PER_CALL} entries (the \`synonyms_per_call\` limit), each added after the entries of its kind.`,
    }),
    despite_never: Type.Optional(
      Type.Boolean({ description: 'Write entries that merge words a never entry keeps apart anyway.' }),
    ),
  },
  { $id: 'AddSynonymsBody', additionalProperties: false },
);

export const ChangeSynonymBody = Type.Object(
  {
    version: Type.String({ minLength: 1 }),
    entry: Type.Ref(SynonymEntry, {
      description:
        'Replaces the entry’s words, checked as an add; an entry of another kind moves after the entries of its new kind and `written` names its new id.',
    }),
    despite_never: Type.Optional(Type.Boolean()),
  },
  { $id: 'ChangeSynonymBody', additionalProperties: false },
);

export const CheckSynonymBody = Type.Object(
  {
    locale: Type.String({
      pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'The dictionary checked.',
    }),
    channel: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          'Where words are counted; default the first channel serving a locale that reads this dictionary.',
      }),
    ),
    entry: Type.Ref(SynonymEntry),
    id: Type.Optional(
      Type.String({ description: 'The entry being changed: its own words clash with nothing.' }),
    ),
  },
  { $id: 'CheckSynonymBody', additionalProperties: false },
);

export const SynonymCheck = Type.Object(
  {
    channel: Type.String(),
    locale: Type.String({
      description: 'The locale the words were searched in: one that reads the dictionary.',
    }),
    entry: Type.Ref(SynonymEntry, { description: 'As it would be written.' }),
    words: Type.Array(
      Type.Object(
        {
          word: Type.String(),
          total: Type.Integer({
            minimum: 0,
            description: 'Results the search page lists for it now, with the live synonyms.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    conflicts: Type.Optional(
      Type.Array(Type.Ref(SynonymClash), {
        description: 'Why it could not be written as it is; absent when it can.',
      }),
    ),
  },
  { $id: 'SynonymCheck', additionalProperties: false },
);
export type SynonymCheck = Static<typeof SynonymCheck>;

/** The internal request for a synonym list: a draft's files, or none for the live release. */
export const SynonymListRequest = Type.Object(
  {
    files: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    needs_live: Type.Optional(
      Type.Boolean({ description: 'With `files`: answer 503 while nothing is live.' }),
    ),
  },
  { $id: 'SynonymListRequest', additionalProperties: false },
);

/** The internal request for a check: the draft's files with the entry. */
export const SynonymCheckRequest = Type.Object(
  {
    files: Type.Record(Type.String(), Type.Unknown()),
    locale: Type.String({ minLength: 2 }),
    channel: Type.Optional(Type.String({ minLength: 1 })),
    entry: Type.Ref(SynonymEntry),
    id: Type.Optional(Type.String()),
  },
  { $id: 'SynonymCheckRequest', additionalProperties: false },
);
