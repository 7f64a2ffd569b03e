import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { SearchSettings, SearchSettingsRequest } from '../../contracts/search-settings.js';
import type { HttpServer } from '../../http/server.js';
import { searchSettingsOf } from '../../planner/index.js';
import { serves } from '../../release/checks/known.js';
import { releaseView } from '../../release/release-view.js';
import type { LiveIndex } from '../live-index.js';
import { questionFiles, questionPlace } from '../management/files.js';

const problem = Type.Ref(Problem);

/** `POST /internal/search-settings`: how each type of the live release, or of draft files, is searched. */
export function searchSettingsRoute(app: HttpServer, liveIndex: LiveIndex): void {
  app.post(
    '/internal/search-settings',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalSearchSettings',
        summary: 'How each type of the live release or of draft files is searched',
        description:
          'Without `files`, the live release’s (503 while nothing is live); with them, a draft’s (422 for violations). 400 for a locale no channel serves.',
        body: Type.Ref(SearchSettingsRequest),
        response: { 200: Type.Ref(SearchSettings), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => {
      const live = liveIndex.current();
      const files = questionFiles(request.body.files, liveIndex);
      const locale = servedLocale(files, request.body.locale);
      return {
        ...(request.body.files === undefined && live !== undefined ? { release: live.release } : {}),
        locale,
        types: searchSettingsOf(files, locale),
      };
    },
  );
}

/** The locale asked for when a channel serves it (400 otherwise), else the first channel's first. */
function servedLocale(files: Record<string, unknown>, locale: string | undefined): string {
  if (locale === undefined) return questionPlace(files, {}).locale;
  return questionPlace(files, { channel: channelServing(files, locale), locale }).locale;
}

function channelServing(files: Record<string, unknown>, locale: string): string | undefined {
  return releaseView(files).channels.channels.find((channel) => serves([channel], locale))?.id;
}
