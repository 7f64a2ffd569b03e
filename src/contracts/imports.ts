import { type Static, Type } from '@sinclair/typebox';
import { PagedList, Timestamp } from './common.js';
import { IndexRun } from './management.js';
import { ProblemCodeSchema } from './problem.js';

export const ImportStatus = Type.Union(
  [
    Type.Literal('draft'),
    Type.Literal('publishing'),
    Type.Literal('live'),
    Type.Literal('failed'),
    Type.Literal('replaced'),
    Type.Literal('discarded'),
  ],
  {
    description:
      '`draft`: kept, not published; it can be inspected, changed, published or discarded. `publishing`: its index run is queued or running. `live`: searches read its export with its release. `failed`: its index run failed (`run.error` says why) and what was live stays live. `replaced`: another catalog or release took its place (or its run was superseded before it went live); publishing it again goes back to it while its export is kept. `discarded`: put aside; it stays in the history.',
  },
);
export type ImportStatus = Static<typeof ImportStatus>;

export const ImportExport = Type.Object(
  {
    name: Type.Optional(
      Type.String({ description: 'The file name it arrived with (the `name` parameter).' }),
    ),
    snapshot: Type.String({ description: 'The snapshot that keeps its bytes, named by content.' }),
    format: Type.String({
      description:
        'What the bytes hold, once decompressed when they were gzip-compressed: `jsonl`, `csv`, `tsv`, `json`, `xml` or `xlsx`.',
    }),
    bytes: Type.Integer({ minimum: 0 }),
    received_at: Timestamp,
    removed_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When the clean-up removed the file. Until the same export is sent again (POST /api/v1/imports with the same bytes), the import cannot be inspected or published.',
      }),
    ),
  },
  { $id: 'ImportExport', additionalProperties: false, description: 'The export the import keeps.' },
);

/** A release file as a draft holds it: a JSON object, or text. */
const DraftFile = Type.Union([Type.Object({}, { additionalProperties: true }), Type.String()]);

export const DraftFiles = Type.Record(Type.String(), DraftFile, {
  $id: 'DraftFiles',
  description:
    'The release files the import changes, by name, in canonical form. The import’s release is the published release’s files with these over them.',
});

const importFields = {
  id: Type.Integer({ minimum: 1 }),
  status: ImportStatus,
  export: Type.Ref(ImportExport),
  builds_on: Type.Optional(
    Type.String({
      description:
        'The release it builds on: for a draft always the one published now, for a published import the one it was published over. Absent while nothing is published.',
    }),
  ),
  version: Type.String({
    description:
      'An opaque draft version: it changes with every change of the files and of the release the import builds on. Writes and publishing name the version they read.',
  }),
  release: Type.Optional(Type.String({ description: 'Once published: the release it made.' })),
  run: Type.Optional(
    Type.Ref(IndexRun, {
      description: 'Once published: its index run (the latest if published more than once).',
    }),
  ),
  published_at: Type.Optional(
    Type.String({ format: 'date-time', description: 'When it was published last.' }),
  ),
  discarded_at: Type.Optional(Type.String({ format: 'date-time', description: 'When it was discarded.' })),
  created_at: Timestamp,
};

export const Import = Type.Object(
  { ...importFields, files: Type.Ref(DraftFiles) },
  {
    $id: 'Import',
    additionalProperties: false,
    description: 'An export kept as a draft with the release files it is read with.',
  },
);
export type Import = Static<typeof Import>;

export const ImportSummary = Type.Object(
  {
    ...importFields,
    file_names: Type.Array(Type.String(), {
      description: 'The release files it changes; GET the import for their content.',
    }),
  },
  { $id: 'ImportSummary', additionalProperties: false },
);
export type ImportSummary = Static<typeof ImportSummary>;

export const ImportList = PagedList('ImportList', Type.Ref(ImportSummary));

export const ImportDraft = Type.Object(
  {
    import: Type.Integer({ minimum: 1 }),
    version: Type.String({ description: 'The version to name in the next write or publish.' }),
    builds_on: Type.Optional(
      Type.String({ description: 'The release published now, which the draft builds on.' }),
    ),
    files: Type.Ref(DraftFiles),
  },
  {
    $id: 'ImportDraft',
    additionalProperties: false,
    description: 'A draft as it is now: its version and the files it changes.',
  },
);
export type ImportDraft = Static<typeof ImportDraft>;

export const ImportAccepted = Type.Object(
  {
    import: Type.Ref(Import),
    next: Type.String({ description: 'What happens now and what to do next.' }),
  },
  { $id: 'ImportAccepted', additionalProperties: false },
);
export type ImportAccepted = Static<typeof ImportAccepted>;

export const ChangeImportBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version the change was made on.' }),
    files: Type.Record(Type.String(), Type.Union([DraftFile, Type.Null()]), {
      description:
        'Release files by name: a JSON object or text replaces the draft’s file, `null` drops it so the published release’s file applies. Files not named stay as they are.',
    }),
  },
  { $id: 'ChangeImportBody', additionalProperties: false },
);

export const PublishImportBody = Type.Object(
  {
    version: Type.String({ minLength: 1, description: 'The draft version that was read.' }),
    removing: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'How many live products the caller accepts to remove. Needed when publishing removes half the live products or more.',
      }),
    ),
  },
  { $id: 'PublishImportBody', additionalProperties: false },
);

export const ImportPublishAccepted = Type.Object(
  {
    import: Type.Ref(Import),
    run: Type.Ref(IndexRun),
    next: Type.String({ description: 'What happens now and how to follow it.' }),
  },
  { $id: 'ImportPublishAccepted', additionalProperties: false },
);
export type ImportPublishAccepted = Static<typeof ImportPublishAccepted>;

export const DraftConflict = Type.Object(
  {
    type: Type.Literal('about:blank'),
    title: Type.String({ description: "The status's own phrase." }),
    status: Type.Integer(),
    code: ProblemCodeSchema,
    detail: Type.Optional(Type.String({ description: 'What happened and what to do.' })),
    draft: Type.Optional(
      Type.Ref(ImportDraft, {
        description:
          'The draft as it is now, when it changed since the version that was sent; absent when the import was published or discarded, or the conflict is another.',
      }),
    ),
    removes: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'When publishing would remove half the live products or more: how many it removes.',
      }),
    ),
    live_products: Type.Optional(
      Type.Integer({ minimum: 0, description: 'With `removes`: how many products are live now.' }),
    ),
  },
  {
    $id: 'DraftConflict',
    additionalProperties: true,
    description: 'A problem (409) of a write to an import.',
  },
);

const ProductChanges = Type.Object(
  {
    count: Type.Integer({ minimum: 0 }),
    first: Type.Array(Type.String(), { description: 'The first product ids, in id order, up to 50.' }),
  },
  { additionalProperties: false },
);

const CompareFields = {
  products: Type.Object(
    {
      added: ProductChanges,
      removed: ProductChanges,
      kept: Type.Integer({ minimum: 0, description: 'Products live now that the import keeps.' }),
      live: Type.Integer({ minimum: 0, description: 'Products live now.' }),
    },
    {
      additionalProperties: false,
      description: 'Products by id: added are new, removed are live now and missing from the import.',
    },
  ),
  attributes: Type.Object(
    {
      new: Type.Array(Type.String(), {
        description: 'Attribute codes the import has that the live catalog lacks.',
      }),
      gone: Type.Array(Type.String(), { description: 'Attribute codes live now that the import lacks.' }),
    },
    { additionalProperties: false },
  ),
  filters: Type.Object(
    {
      new: Type.Array(Type.String(), {
        description: 'Fields shoppers could filter by with the import that they cannot now.',
      }),
      gone: Type.Array(Type.String(), {
        description: 'Fields shoppers filter by now that the import drops.',
      }),
    },
    { additionalProperties: false },
  ),
};

export const ImportChanges = Type.Object(
  {
    import: Type.Integer({ minimum: 1 }),
    against: Type.Optional(
      Type.Object(
        { snapshot: Type.String(), release: Type.String() },
        {
          additionalProperties: false,
          description: 'What is live now; absent when nothing is, and then everything is new.',
        },
      ),
    ),
    ...CompareFields,
  },
  { $id: 'ImportChanges', additionalProperties: false, description: 'What making the import live changes.' },
);
export type ImportChanges = Static<typeof ImportChanges>;

export const ReleaseFilesByName = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Release files by name.',
});

export const InspectRequest = Type.Object(
  {
    snapshot: Type.String({ minLength: 1, description: 'The kept export.' }),
    files: ReleaseFilesByName,
    sample: Type.Optional(
      Type.Boolean({ description: 'Map only the first rows (a file up to 8 MB is read whole).' }),
    ),
  },
  { $id: 'InspectRequest', additionalProperties: false },
);
export type InspectRequest = Static<typeof InspectRequest>;

export const CompareRequest = Type.Object(
  {
    snapshot: Type.String({ minLength: 1, description: 'The draft export.' }),
    files: ReleaseFilesByName,
    live: Type.Optional(
      Type.Object(
        { snapshot: Type.String({ minLength: 1 }), files: ReleaseFilesByName },
        { additionalProperties: false, description: 'What is live; without it everything is new.' },
      ),
    ),
  },
  { $id: 'CompareRequest', additionalProperties: false },
);
export type CompareRequest = Static<typeof CompareRequest>;

export const CompareAnswer = Type.Object(CompareFields, {
  $id: 'CompareAnswer',
  additionalProperties: false,
});
export type CompareAnswer = Static<typeof CompareAnswer>;
