import { type Static, Type } from '@sinclair/typebox';
import { asSent } from './common.js';
import { TypeSearch } from './release-files/types.js';

export const TypeSearchSettings = Type.Object(
  {
    type: Type.String({ description: 'The entity type code.' }),
    label: Type.String({ description: 'In the asked locale.' }),
    defaults: Type.Boolean({
      description: 'types.json sets no `search` for the type: the fields and settings are the defaults.',
    }),
    fields: Type.Array(
      Type.Object(
        {
          field: Type.String({
            description:
              '`title`, `brand`, `keywords`, `description`, `body`, `attributes.<code>`, or `attributes.*` for every searchable attribute not listed.',
          }),
          weight: Type.Number({ description: 'How much a match here counts.' }),
          match: Type.Union([Type.Literal('words'), Type.Literal('exact'), Type.Literal('identifier')], {
            description:
              '`words`: by words, with stems, typos and prefixes; `exact`: an exempt attribute, matched as written; `identifier`: matched exactly after normalization (GTIN, MPN, …).',
          }),
        },
        { additionalProperties: false },
      ),
      { description: 'The fields searched, in the order types.json lists them.' },
    ),
    typos: Type.Object(
      {
        enabled: Type.Boolean(),
        one_typo_min_letters: Type.Integer({ description: 'Words this long allow one typo.' }),
        two_typos_min_letters: Type.Integer({ description: 'Words this long allow two typos.' }),
        exempt: Type.Array(Type.String(), { description: 'Attributes matched exactly, never with a typo.' }),
      },
      { additionalProperties: false },
    ),
    prefix: Type.Boolean({ description: 'The last word also matches as the start of a word.' }),
    stemmed: Type.Boolean({ description: 'Words of the locale’s language are matched by their stems.' }),
    identifiers: Type.Array(Type.String(), {
      description:
        'Identifier attributes, found exactly whatever the fields list: a shopper typing one means that entity.',
    }),
  },
  { $id: 'TypeSearchSettings', additionalProperties: false },
);
export type TypeSearchSettings = Static<typeof TypeSearchSettings>;

export const SearchSettings = Type.Object(
  {
    release: Type.Optional(Type.String({ description: 'The live release; absent for a draft.' })),
    locale: Type.String(),
    types: Type.Array(Type.Ref(TypeSearchSettings), { description: 'In the order of types.json.' }),
  },
  { $id: 'SearchSettings', additionalProperties: false },
);
export type SearchSettings = Static<typeof SearchSettings>;

export const DraftSearchSettings = Type.Object(
  {
    version: Type.String({ description: 'The draft version this answer is of.' }),
    locale: Type.String(),
    types: Type.Array(Type.Ref(TypeSearchSettings)),
    type: Type.Optional(Type.String({ description: 'After a change: the type changed.' })),
  },
  { $id: 'DraftSearchSettings', additionalProperties: false },
);
export type DraftSearchSettings = Static<typeof DraftSearchSettings>;

export const SearchSettingsQuery = Type.Object(
  {
    locale: Type.Optional(
      Type.String({
        minLength: 2,
        description: 'A locale the release serves; default the first channel’s first.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ChangeSearchSettingsBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }),
    fields: Type.Optional(asSent(TypeSearch.properties.fields)),
    typos: Type.Optional(asSent(TypeSearch.properties.typos)),
    prefix: Type.Optional(asSent(TypeSearch.properties.prefix)),
  },
  {
    $id: 'ChangeSearchSettingsBody',
    additionalProperties: false,
    description:
      'The members of the type’s `search` in types.json to replace; those not sent stay. A type searched by the defaults takes the default fields unless `fields` is sent.',
  },
);

/** The internal request for search settings: a draft's files, or none for the live release. */
export const SearchSettingsRequest = Type.Object(
  {
    files: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    locale: Type.Optional(Type.String({ minLength: 2 })),
  },
  { $id: 'SearchSettingsRequest', additionalProperties: false },
);
