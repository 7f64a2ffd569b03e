import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import {
  ChangeSearchSettingsBody,
  DraftSearchSettings,
  SearchSettings,
  SearchSettingsQuery,
} from '../../contracts/search-settings.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import {
  changeSearchSettings,
  draftSearchSettings,
  liveSearchSettings,
} from '../services/search-settings.js';
import { DRAFT_WRITE_PROBLEMS, ImportParams } from './params.js';

const problem = Type.Ref(Problem);
const TypeParams = Type.Object({
  import: ImportParams.properties.import,
  type: Type.String({ minLength: 1, description: 'An entity type code.' }),
});

/** Search settings: how each type is searched now, and in a draft. */
export function searchSettingsRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/search-settings',
    {
      schema: {
        tags: ['management'],
        operationId: 'getSearchSettings',
        summary: 'How each type is searched now',
        description:
          'Per type of the live release: the fields searched with their weights and how each matches, typo settings, exempt and identifier attributes, prefixes, and whether words of `locale` are stemmed. 400 for a locale the release does not serve; 503 while nothing is live.',
        querystring: SearchSettingsQuery,
        response: { 200: Type.Ref(SearchSettings), 400: problem, 401: problem, 502: problem, 503: problem },
      },
    },
    async (request) => liveSearchSettings(deps, request.query.locale),
  );

  app.get(
    '/imports/:import/search-settings',
    {
      schema: {
        tags: ['management'],
        operationId: 'getDraftSearchSettings',
        summary: 'How each type of a draft is searched',
        description:
          'As GET /search-settings, for the release the draft makes, with its `version`. 400 for a locale it does not serve; 422 when the draft makes a release with violations.',
        params: ImportParams,
        querystring: SearchSettingsQuery,
        response: {
          200: Type.Ref(DraftSearchSettings),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
        },
      },
    },
    async (request) => draftSearchSettings(deps, request.params.import, request.query.locale),
  );

  app.patch(
    '/imports/:import/search-settings/:type',
    {
      schema: {
        tags: ['management'],
        operationId: 'changeDraftSearchSettings',
        summary: 'Change how one type of a draft is searched',
        description:
          'The members sent replace those of the type’s `search` in the draft’s types.json (a type searched by the defaults gets the default fields unless `fields` is sent); a change needs an index run when published. Written on `version`: 409 with `draft` when the draft moved on since. 404 for a type the draft lacks; 422 when the release it makes has violations.',
        params: TypeParams,
        body: Type.Ref(ChangeSearchSettingsBody),
        response: { 200: Type.Ref(DraftSearchSettings), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request) => changeSearchSettings(deps, request.params.import, request.params.type, request.body),
  );
}
