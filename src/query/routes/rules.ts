import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { RuleList, RuleListRequest } from '../../contracts/rules.js';
import { whenClientLeaves } from '../../http/client-gone.js';
import { sendJson } from '../../http/json-text.js';
import type { HttpServer } from '../../http/server.js';
import { rfc3339 } from '../../lib/clock.js';
import { inlineTasks, type TaskRunner } from '../../lib/tasks.js';
import type { RuleListInput } from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import type { LiveIndex } from '../live-index.js';
import { questionFiles, questionPlace } from '../management/files.js';
import { listedCatalog } from '../management/listed-catalog.js';
import { type RuleListTask, ruleTasks } from '../rule-tasks.js';

/**
 * A list of this many rules at most is made on this thread, in a few milliseconds, rather than
 * wait for a read thread that may be reading an export: the answer to every write of a draft's
 * rules is such a list.
 */
const INLINE_RULES = 100;
const inline = inlineTasks(ruleTasks);

const problem = Type.Ref(Problem);

/**
 * `POST /internal/rules`: the rules of the live release, or of a draft's files, as a merchandiser's
 * list. A list of many rules is made on a read thread (`threads.reads`, read when a list is asked for), stopped when the caller leaves.
 */
export function ruleListRoute(app: HttpServer, liveIndex: LiveIndex, threads: { reads: TaskRunner }): void {
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
    async (request, reply) => {
      const live = liveIndex.current();
      const files = questionFiles(request.body.files, liveIndex, request.body.needs_live === true);
      const place = questionPlace(files, request.body);
      const time = request.body.time !== undefined ? new Date(request.body.time) : request.arrivedAt;
      const at = { channel: place.channel.id, locale: place.locale, time: time.getTime() };
      const view = releaseView(files);
      const rules = view.rules.rules;
      const input: RuleListInput = {
        rules,
        channels: view.channels.channels,
        ...at,
        ...(live !== undefined ? { catalog: listedCatalog(live, files, rules, at) } : {}),
      };
      const answer = {
        ...(request.body.files === undefined && live !== undefined ? { release: live.release } : {}),
        channel: at.channel,
        locale: at.locale,
        time: rfc3339(time),
      };
      const task: RuleListTask = { input, answer };
      const runner = rules.length <= INLINE_RULES ? inline : threads.reads;
      // The thread ends after a long list: the heap it grew to is given back.
      const listed = await runner.run<Uint8Array>('rules:list', task, {
        signal: whenClientLeaves(reply),
        retire: true,
      });
      return sendJson(reply, listed);
    },
  );
}
