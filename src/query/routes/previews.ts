import { Type } from '@sinclair/typebox';
import {
  PreviewCompareAnswer,
  PreviewCompareRequest,
  PreviewFindAnswer,
  PreviewFindRequest,
  PreviewPageAnswer,
  PreviewPageRequest,
  PreviewSearchAnswer,
  PreviewSearchRequest,
} from '../../contracts/previews.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import type { LiveIndex } from '../live-index.js';
import { previewCompare, previewFind, previewPage, previewSearch } from '../previews.js';

const problem = Type.Ref(Problem);

/** `POST /internal/preview/search`, `/page`, `/compare` and `/find`: what the control plane's previews ask. */
export function previewRoutes(app: HttpServer, live: LiveIndex): void {
  app.post(
    '/internal/preview/search',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPreviewSearch',
        summary:
          'A search at any time and in any context, over the live release or draft files, with the trace',
        body: Type.Ref(PreviewSearchRequest),
        response: { 200: Type.Ref(PreviewSearchAnswer), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => previewSearch(live.searchable(), request.body, request.arrivedAt),
  );

  app.post(
    '/internal/preview/page',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPreviewPage',
        summary: 'A shop URL opened as a shopper would, at any time, with every trace',
        body: Type.Ref(PreviewPageRequest),
        response: { 200: Type.Ref(PreviewPageAnswer), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => previewPage(live.searchable(), request.body, request.arrivedAt),
  );

  app.post(
    '/internal/preview/compare',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPreviewCompare',
        summary: 'Why one hit of a trace sits above another',
        body: Type.Ref(PreviewCompareRequest),
        response: { 200: Type.Ref(PreviewCompareAnswer), 400: problem, 422: problem },
      },
    },
    async (request) => previewCompare(request.body),
  );

  app.post(
    '/internal/preview/find',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPreviewFind',
        summary: "Where an entity is in a preview's answer, or exactly why it is not there",
        body: Type.Ref(PreviewFindRequest),
        response: { 200: Type.Ref(PreviewFindAnswer), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => previewFind(live.searchable(), request.body, request.arrivedAt),
  );
}
