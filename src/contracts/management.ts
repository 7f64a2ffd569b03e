import { type Static, Type } from '@sinclair/typebox';
import { PagedList, Timestamp } from './common.js';
import { Violation } from './problem.js';

export const Snapshot = Type.Object(
  {
    id: Type.String({ description: 'Named by content: same bytes, same snapshot.' }),
    format: Type.String({ description: 'How the bytes were read, such as `jsonl`.' }),
    bytes: Type.Integer({ minimum: 0 }),
    entities: Type.Integer({ minimum: 0, description: 'Entities read from the file.' }),
    received_at: Timestamp,
  },
  { $id: 'Snapshot', additionalProperties: false },
);
export type Snapshot = Static<typeof Snapshot>;

export const ReleaseFiles = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_-]*\\.json$' }),
  Type.Unknown(),
  {
    $id: 'ReleaseFiles',
    description: 'Release files by name, each a JSON object.',
  },
);

export const ReleaseSummary = Type.Object(
  {
    id: Type.String({ description: 'Named by content: same files, same release.' }),
    file_names: Type.Array(Type.String()),
    created_at: Timestamp,
    published: Type.Optional(Type.Boolean({ description: 'The release published now.' })),
  },
  { $id: 'ReleaseSummary', additionalProperties: false },
);

export const Release = Type.Object(
  {
    id: Type.String({ description: 'Named by content: same files, same release.' }),
    files: Type.Ref(ReleaseFiles),
    created_at: Timestamp,
    published: Type.Optional(Type.Boolean({ description: 'The release published now.' })),
  },
  { $id: 'Release', additionalProperties: false },
);
export type Release = Static<typeof Release>;

export const CreateReleaseBody = Type.Object(
  { files: Type.Ref(ReleaseFiles) },
  { $id: 'CreateReleaseBody', additionalProperties: false },
);

export const ValidateReleaseRequest = Type.Object(
  {
    files: Type.Ref(ReleaseFiles),
    catalog_names: Type.Optional(
      Type.Boolean({
        description:
          'Refuse the names the files give the catalog (categories, brands, option values, entities) that the live catalog does not hold, each a violation with file and pointer. Asked for when a release is stored or published; with nothing live there is nothing to check against.',
      }),
    ),
  },
  { $id: 'ValidateReleaseRequest', additionalProperties: false },
);

export const RunStatus = Type.Union(
  [
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('superseded'),
  ],
  {
    description:
      '`queued` waits for an indexer; `running` builds; `succeeded` went live (see `live` for whether searches still read it); `failed` kept what was live; `superseded` was made pointless by a newer run.',
  },
);

export const RunTrigger = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('catalog'),
        Type.Literal('release'),
        Type.Literal('rebuild'),
        Type.Literal('import'),
        Type.Literal('indexer'),
        Type.Literal('fetch'),
      ],
      {
        description:
          'What queued the run: `catalog` a catalog sent to PUT /catalog; `release` a release published (or published again to roll back); `import` an import published; `rebuild` POST /index-runs; `indexer` the indexer itself (a sale window opened or closed, an overlay of offers reached smart categories or ended, or another version built the live indexes); `fetch` a fetch of the catalog source that found its feed changed.',
      },
    ),
    detail: Type.Optional(
      Type.String({ description: 'More on what queued it: the indexer’s reason, or that it rolls back.' }),
    ),
    import: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The import whose publishing queued the run (for `fetch`, the import the fetch made).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const RunProgress = Type.Object(
  {
    step: Type.String({
      description:
        "The step the run is in: `reading`, `compiling`, `testing` (the release's tests.json against the new index), `storing`, `switching`.",
    }),
    entities: Type.Integer({ minimum: 0, description: 'Entities read so far.' }),
    total: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const RunReport = Type.Object(
  {
    course: Type.Object(
      {
        way: Type.Union([Type.Literal('rebuild'), Type.Literal('switch')]),
        cause: Type.String({ description: 'Why the run took the way it took.' }),
      },
      { additionalProperties: false },
    ),
    entities: Type.Integer({ minimum: 0 }),
    rejected: Type.Integer({ minimum: 0, description: 'Catalog lines that could not be read.' }),
    types: Type.Array(Type.Object({ type: Type.String(), documents: Type.Integer({ minimum: 0 }) })),
    artifact_bytes: Type.Integer({ minimum: 0 }),
    duration_ms: Type.Integer({ minimum: 0 }),
    warnings: Type.Optional(
      Type.Array(Type.Ref(Violation), {
        description:
          'Names the release gives the catalog (categories, brands, attribute values, entities in categories.json, rules.json and routes.json) that the catalog built does not hold, each with its file and pointer. The run went live regardless: a selector naming one matches nothing, a rule acting only on such entities is dormant, a redirect to one is not taken. Absent when there are none.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const IndexRun = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    status: RunStatus,
    trigger: RunTrigger,
    snapshot: Type.String(),
    release: Type.String(),
    attempts: Type.Integer({ minimum: 0, maximum: 3 }),
    progress: Type.Optional(RunProgress),
    failed_step: Type.Optional(Type.String()),
    error: Type.Optional(Type.String({ description: 'Why a failed run failed, as a sentence.' })),
    queued_at: Timestamp,
    started_at: Type.Optional(Timestamp),
    finished_at: Type.Optional(Timestamp),
    live: Type.Boolean({ description: 'Searches read this run now.' }),
    superseded_by: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'For a superseded run: the newer run that made it pointless.',
      }),
    ),
    report: Type.Optional(RunReport),
  },
  { $id: 'IndexRun', additionalProperties: false },
);
export type IndexRun = Static<typeof IndexRun>;

export const Live = Type.Object(
  {
    run: Type.Integer({ minimum: 1 }),
    snapshot: Type.String(),
    release: Type.String(),
    since: Timestamp,
  },
  { $id: 'Live', additionalProperties: false },
);

export const CatalogAccepted = Type.Object(
  {
    snapshot: Type.Ref(Snapshot),
    run: Type.Optional(Type.Ref(IndexRun)),
    next: Type.String({ description: 'What happens now, or what is missing.' }),
  },
  { $id: 'CatalogAccepted', additionalProperties: false },
);

export const PublishAccepted = Type.Object(
  {
    release: Type.String(),
    run: Type.Optional(Type.Ref(IndexRun)),
    next: Type.String({ description: 'What happens now, or what is missing.' }),
  },
  { $id: 'PublishAccepted', additionalProperties: false },
);

export const RebuildAccepted = Type.Object(
  {
    run: Type.Ref(IndexRun),
    next: Type.String(),
  },
  { $id: 'RebuildAccepted', additionalProperties: false },
);

export const ReleaseList = PagedList('ReleaseList', Type.Ref(ReleaseSummary));
export const IndexRunList = PagedList('IndexRunList', Type.Ref(IndexRun));

export const ValidateReleaseAnswer = Type.Object(
  {
    id: Type.String(),
    files: Type.Ref(ReleaseFiles),
  },
  { $id: 'ValidateReleaseAnswer', additionalProperties: false },
);

export type CatalogAccepted = Static<typeof CatalogAccepted>;
export type PublishAccepted = Static<typeof PublishAccepted>;
export type RebuildAccepted = Static<typeof RebuildAccepted>;

export const PublicationRequest = Type.Object(
  {
    files: Type.Ref(ReleaseFiles),
    snapshot: Type.String({ minLength: 1, description: 'The catalog the release would be built with.' }),
  },
  { $id: 'PublicationRequest', additionalProperties: false },
);

export const PublicationDecision = Type.Object(
  {
    way: Type.Union([Type.Literal('switch'), Type.Literal('rebuild')], {
      description:
        '`switch`: the live indexes stay and searches read the new files; `rebuild`: the indexes are built anew.',
    }),
    cause: Type.String({ description: 'Why, as a sentence.' }),
    changed_files: Type.Array(Type.String(), {
      description: 'Release files that differ from the live release.',
    }),
  },
  { $id: 'PublicationDecision', additionalProperties: false },
);
export type PublicationDecision = Static<typeof PublicationDecision>;

export const Publication = Type.Object(
  {
    release: Type.String(),
    snapshot: Type.String({ description: 'The catalog it would go live with: the one kept now.' }),
    way: Type.Union([Type.Literal('switch'), Type.Literal('rebuild')]),
    cause: Type.String(),
    changed_files: Type.Array(Type.String()),
    estimate: Type.Optional(
      Type.Object(
        {
          seconds: Type.Number({ minimum: 0, description: 'Expected duration of the rebuild.' }),
          from_run: Type.Integer({ minimum: 1, description: 'The last rebuild the estimate scales.' }),
        },
        { additionalProperties: false, description: 'For a rebuild, when an earlier rebuild can tell.' },
      ),
    ),
  },
  { $id: 'Publication', additionalProperties: false },
);
export type Publication = Static<typeof Publication>;
