import { Type } from '@sinclair/typebox';
import { CategoryTree, PageSettingsAnswer, PageSettingsRequest } from '../../contracts/pages.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import { categoryTree, pageSettingsAnswer } from '../../pages/index.js';
import { draftState } from '../draft.js';
import type { LiveIndex } from '../live-index.js';

const problem = Type.Ref(Problem);

/** `GET /internal/categories` and `POST /internal/pages/settings`: the category tree and a page's settings. */
export function pageSettingsRoutes(app: HttpServer, live: LiveIndex): void {
  app.get(
    '/internal/categories',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalCategories',
        summary: 'Category tree of what is live',
        response: { 200: Type.Ref(CategoryTree), 503: problem },
      },
    },
    async () => categoryTree(live.searchable().storefront),
  );

  app.post(
    '/internal/pages/settings',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPageSettings',
        summary: 'What a page shows and where each setting comes from',
        description:
          '`files` are read over the live release. 400 for a category the live catalog lacks, or a channel or locale the release lacks; 422 when the files make a release with violations.',
        body: Type.Ref(PageSettingsRequest),
        response: { 200: Type.Ref(PageSettingsAnswer), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => {
      const state = live.searchable();
      const { files, ...question } = request.body;
      const storefront =
        files === undefined ? state.storefront : draftState(state, files, request.arrivedAt).storefront;
      return pageSettingsAnswer(storefront, question, files !== undefined);
    },
  );
}
