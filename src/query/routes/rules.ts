import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { RuleList, RuleListRequest } from '../../contracts/rules.js';
import type { HttpServer } from '../../http/server.js';
import { rfc3339 } from '../../lib/clock.js';
import { listRules } from '../../planner/index.js';
import type { LiveIndex } from '../live-index.js';
import { questionFiles, questionPlace } from '../management/files.js';
import { listedCatalog } from '../management/listed-catalog.js';

const problem = Type.Ref(Problem);

/** `POST /internal/rules`: the rules of the live release, or of a draft's files, as a merchandiser's list. */
export function ruleListRoute(app: HttpServer, liveIndex: LiveIndex): void {
  app.post(
    '/internal/rules',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalRuleList',
        summary: 'The rules of the live release or of draft files, with states, conflicts and entities',
        description:
          'Without `files`, the live release’s rules (503 while nothing is live); with them, a draft’s (422 when they make a release with violations), read against the live catalog when there is one. 400 for a channel or locale the release lacks.',
        body: Type.Ref(RuleListRequest),
        response: { 200: Type.Ref(RuleList), 400: problem, 422: problem, 503: problem },
      },
    },
    async (request) => {
      const live = liveIndex.current();
      const files = questionFiles(request.body.files, liveIndex, request.body.needs_live === true);
      const place = questionPlace(files, request.body);
      const time = request.body.time !== undefined ? new Date(request.body.time) : request.arrivedAt;
      const at = { channel: place.channel.id, locale: place.locale, time: time.getTime() };
      return {
        ...(request.body.files === undefined && live !== undefined ? { release: live.release } : {}),
        channel: at.channel,
        locale: at.locale,
        time: rfc3339(time),
        rules: listRules({
          files,
          time: at.time,
          channel: at.channel,
          locale: at.locale,
          ...(live !== undefined ? { catalog: listedCatalog(live, files, at) } : {}),
        }),
      };
    },
  );
}
