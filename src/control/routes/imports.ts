import { Type } from '@sinclair/typebox';
import { READ_FORMATS } from '../../catalog/index.js';
import { PageQuery } from '../../contracts/common.js';
import {
  ChangeImportBody,
  DraftConflict,
  Import,
  ImportAccepted,
  ImportChanges,
  ImportDraft,
  ImportList,
  ImportPublishAccepted,
  PublishImportBody,
} from '../../contracts/imports.js';
import { Inspection } from '../../contracts/inspection.js';
import { Publication } from '../../contracts/management.js';
import { Problem } from '../../contracts/problem.js';
import { ColumnSuggestions, SUGGESTION_THRESHOLD } from '../../contracts/suggestions.js';
import { pagedAnswer, pageRequest } from '../../http/paging.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import {
  changeImportFiles,
  createImport,
  discardImport,
  getImport,
  listImports,
} from '../services/imports.js';
import { importChanges, inspectImport, suggestImportColumns } from '../services/imports-inspect.js';
import { importPublication, publishImport } from '../services/imports-publish.js';
import { acceptExportBodies, EXPORT_CONTENT_TYPES, type Uploads, withUploadedExport } from './export-body.js';
import { ImportParams } from './params.js';

const problem = Type.Ref(Problem);

/** Imports: exports kept as drafts with the release files they are read with, then published. */
export async function importRoutes(app: HttpServer, deps: ControlDeps, uploads: Uploads): Promise<void> {
  await draftRoutes(app, deps, uploads);
  readingRoutes(app, deps);
  goingLiveRoutes(app, deps);
}

/** A draft's life: listed, kept from an uploaded export, shown, its files changed, discarded. */
async function draftRoutes(app: HttpServer, deps: ControlDeps, uploads: Uploads): Promise<void> {
  app.get(
    '/imports',
    {
      schema: {
        tags: ['management'],
        operationId: 'listImports',
        summary: 'List imports, newest first',
        querystring: PageQuery,
        response: { 200: Type.Ref(ImportList), 400: problem, 401: problem },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { items, total } = await listImports(deps, page);
      return pagedAnswer(request, page, total, items);
    },
  );

  await app.register(async (scope) => {
    acceptExportBodies(scope);
    scope.post(
      '/imports',
      {
        schema: {
          tags: ['management'],
          operationId: 'createImport',
          summary: 'Keep an export as a draft',
          description: `Body: the export file, kept byte for byte as a snapshot. Sent as any of ${EXPORT_CONTENT_TYPES.join(', ')}; the format is recognized from the bytes (aisle reads ${READ_FORMATS}). Nothing goes live. The body is streamed to storage as it arrives: 413 as soon as it passes the upload limit; 422 when the body holds no export (no format the readers know, or no row that makes a catalog entity) or passes a reading limit; 503 when as many uploads as the server reads at once are being read. Sending the bytes of an export the clean-up removed brings it back for the imports that kept it.`,
          querystring: Type.Object(
            {
              name: Type.Optional(
                Type.String({
                  minLength: 1,
                  maxLength: 255,
                  description: 'The file name, such as export.csv.',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 201: Type.Ref(ImportAccepted), 401: problem, 413: problem, 422: problem, 503: problem },
        },
      },
      async (request, reply) => {
        const name = (request.query as { name?: string }).name;
        const created = await withUploadedExport(request, reply, deps.blobs, uploads, (upload, clientGone) =>
          createImport(deps, upload, name, clientGone),
        );
        return reply.code(201).send(created);
      },
    );
  });

  app.get(
    '/imports/:import',
    {
      schema: {
        tags: ['management'],
        operationId: 'getImport',
        summary: 'Show an import with its files and run',
        params: ImportParams,
        response: { 200: Type.Ref(Import), 400: problem, 401: problem, 404: problem },
      },
    },
    async (request) => getImport(deps, request.params.import),
  );

  app.patch(
    '/imports/:import',
    {
      schema: {
        tags: ['management'],
        operationId: 'changeImport',
        summary: 'Change the release files of a draft',
        description:
          'Only an unpublished import may change. The release the draft makes (the published release’s files with the draft’s over them) must have no violations, and the plan expectations of its tests.json must hold against the live catalog (a failing one is a violation naming the test). 409 names the draft as it is now in `draft` when `version` is not its version any more; without `draft` when the import was published or discarded.',
        params: ImportParams,
        body: Type.Ref(ChangeImportBody),
        response: {
          200: Type.Ref(ImportDraft),
          400: problem,
          401: problem,
          404: problem,
          409: Type.Ref(DraftConflict),
          422: problem,
          502: problem,
        },
      },
    },
    async (request) =>
      changeImportFiles(deps, request.params.import, request.body.version, request.body.files),
  );

  app.delete(
    '/imports/:import',
    {
      schema: {
        tags: ['management'],
        operationId: 'discardImport',
        summary: 'Discard an import',
        description:
          'Puts an unpublished import aside; it stays in the history and the clean-up removes its export after the retention period. Answers the import as it is now; 409 once it was published.',
        params: ImportParams,
        response: { 200: Type.Ref(Import), 400: problem, 401: problem, 404: problem, 409: problem },
      },
    },
    async (request) => discardImport(deps, request.params.import),
  );
}

/** What an import makes of its export: the inspection, a model's suggestions, the changes it makes. */
function readingRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/imports/:import/inspection',
    {
      schema: {
        tags: ['management'],
        operationId: 'inspectImport',
        summary: 'What the import makes of its export',
        description:
          'How the file was read, every column with its destination and reason, the derived mapping and release files, counts, the first products and rejected rows by cause. 422 when the export cannot be read (or was removed by the clean-up) or the release has violations.',
        params: ImportParams,
        querystring: Type.Object(
          {
            sample: Type.Optional(
              Type.Boolean({ description: 'Map only the first rows; a file up to 8 MB is read whole.' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Ref(Inspection),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
        },
      },
    },
    async (request) => inspectImport(deps, request.params.import, request.query.sample === true),
  );

  app.get(
    '/imports/:import/suggestions',
    {
      schema: {
        tags: ['management'],
        operationId: 'suggestImportColumns',
        summary: 'Where a decision model would send the columns',
        description: `Shows a model behind the AI gateway each column with values (its name and up to five values) and the release's attribute codes, and answers per column the model's suggestion (a catalog field, an attribute with its type and unit, or ignore) with its probability beside the mapping's own read, and the mapping (feed.json) and attributes (attributes.json) with the suggestions taken whose probability reaches ${SUGGESTION_THRESHOLD} where the rules were not certain (columns made attributes from an unknown name, or left out by feed.json); every other column keeps its reason. \`model\` names the model that answered. 422 when the export cannot be read (or was removed by the clean-up) or the release has violations; 502 when the query side or the AI gateway does not answer, or the model answers no column mapping; 503 when no AI gateway key is set (\`AI_GATEWAY_API_KEY\`).`,
        params: ImportParams,
        response: {
          200: Type.Ref(ColumnSuggestions),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => suggestImportColumns(deps, request.params.import),
  );

  app.get(
    '/imports/:import/changes',
    {
      schema: {
        tags: ['management'],
        operationId: 'getImportChanges',
        summary: 'What making the import live changes',
        description:
          'Products added and removed, attributes and filters new and gone, against what is live now; without a live catalog everything is new.',
        params: ImportParams,
        response: {
          200: Type.Ref(ImportChanges),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
        },
      },
    },
    async (request) => importChanges(deps, request.params.import),
  );
}

/** Going live: publishing the import, and how publishing it would go live. */
function goingLiveRoutes(app: HttpServer, deps: ControlDeps): void {
  app.post(
    '/imports/:import/publish',
    {
      schema: {
        tags: ['management'],
        operationId: 'publishImport',
        summary: 'Make the import live, or go back to an earlier one',
        description:
          'Keeps and publishes the import’s release, makes its export the catalog and queues an index run. 409 when the draft changed since `version` (with `draft`), or, without `draft`, when the import was discarded, is going live already, lost its export to the clean-up, or would remove half the live products or more while `removing` does not accept as many (`removes` and `live_products` say how many).',
        params: ImportParams,
        body: Type.Ref(PublishImportBody),
        response: {
          202: Type.Ref(ImportPublishAccepted),
          400: problem,
          401: problem,
          404: problem,
          409: Type.Ref(DraftConflict),
          422: problem,
          502: problem,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await publishImport(deps, request.params.import, request.body)),
  );

  app.get(
    '/imports/:import/publication',
    {
      schema: {
        tags: ['management'],
        operationId: 'getImportPublication',
        summary: 'How publishing the import would go live',
        description:
          'A switch or a rebuild, why, and for a rebuild an estimate from the last rebuild. 409 when the import has no catalog that could go live (discarded, or its export removed); 422 when its release has violations.',
        params: ImportParams,
        response: {
          200: Type.Ref(Publication),
          400: problem,
          401: problem,
          404: problem,
          409: problem,
          422: problem,
          502: problem,
        },
      },
    },
    async (request) => importPublication(deps, request.params.import),
  );
}
