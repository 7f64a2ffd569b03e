import { Type } from '@sinclair/typebox';
import { CategoryTree, PageSettingsAnswer, PageSettingsRequest } from '../../contracts/pages.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';

const problem = Type.Ref(Problem);

/** `GET /categories` and `POST /pages/settings`: the live category tree and what a page shows, asked of the query side. */
export function pageRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['management'],
        operationId: 'listCategories',
        summary: 'Category tree of what is live',
        description:
          'Every category node: its parent (a parent need not come before its children), titles and paths per locale, channels, the type its page lists and a count.',
        response: { 200: Type.Ref(CategoryTree), 401: problem, 502: problem, 503: problem },
      },
    },
    async () => deps.querySide.categories(),
  );

  app.post(
    '/pages/settings',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'pageSettings',
        summary: 'What a page shows and where each setting comes from',
        description:
          '`category` defaults to the search page; `files` are read over the live release, so a draft’s page is seen before publishing. 400 for a category the live catalog lacks, or a channel or locale the release lacks; 422 when the files make a release with violations.',
        body: Type.Ref(PageSettingsRequest),
        response: {
          200: Type.Ref(PageSettingsAnswer),
          400: problem,
          401: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => deps.querySide.pageSettings(request.body),
  );
}
