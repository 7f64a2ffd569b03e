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
import type { ControlDeps } from '../services/deps.js';

const problem = Type.Ref(Problem);

/**
 * `POST /preview/search`, `/preview/page`, `/preview/compare` and `/preview/find`: a merchandiser
 * sees a change before shoppers do, and why each product sits where it does. The query side
 * answers them; none goes to the search log.
 */
export function previewRoutes(app: HttpServer, deps: ControlDeps): void {
  app.post(
    '/preview/search',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'previewSearch',
        summary: 'Search in any context and at any time, with the trace',
        description:
          'Any channel, locale and context, any `time` (a scheduled rule shows before its window opens), over the live release or draft `files` read over it; the answer always carries the trace and is never written to the search log. 400 when the request cannot be answered as sent (a channel, locale or context key the release lacks); 422 for draft files with violations.',
        body: Type.Ref(PreviewSearchRequest),
        response: {
          200: Type.Ref(PreviewSearchAnswer),
          400: problem,
          401: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => deps.querySide.previewSearch(request.body),
  );

  app.post(
    '/preview/page',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'previewPage',
        summary: 'Open a shop URL as a shopper would',
        description:
          'Resolves the URL, then answers its listing or product, with the same options as a search preview and every trace. 400 when the request cannot be answered as sent; 422 for draft files with violations.',
        body: Type.Ref(PreviewPageRequest),
        response: {
          200: Type.Ref(PreviewPageAnswer),
          400: problem,
          401: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => deps.querySide.previewPage(request.body),
  );

  app.post(
    '/preview/compare',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'previewCompare',
        summary: 'Why one hit sits above another',
        description:
          'Given a trace and two places of a section, says in parts a person reads why the higher sits above the lower: pins, sort values, the words each lacks or matched (fields, typos, synonyms, stems), proximity, exactness, signals, boosts and buries. 400 when the body is not a trace and two places; 422 when the trace’s rank step holds no hit of the section at a place.',
        body: Type.Ref(PreviewCompareRequest),
        response: {
          200: Type.Ref(PreviewCompareAnswer),
          400: problem,
          401: problem,
          422: problem,
          502: problem,
        },
      },
    },
    async (request) => deps.querySide.previewCompare(request.body),
  );

  app.post(
    '/preview/find',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'previewFind',
        summary: 'Why a product is not on a preview’s page, or where it is',
        description:
          'A search preview’s request and an `entity`: its section, page and position, or exactly why it is not there (not in the catalog or the channel, no offer, outside the category, a filter, a hide, a word it lacks, beyond `reachable_hits`). 400 when the body names no entity or cannot be answered as sent; 422 for draft files with violations.',
        body: Type.Ref(PreviewFindRequest),
        response: {
          200: Type.Ref(PreviewFindAnswer),
          400: problem,
          401: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => deps.querySide.previewFind(request.body),
  );
}
