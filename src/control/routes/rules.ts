import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import {
  ChangeRuleBody,
  CreateRuleBody,
  DraftRules,
  MoveRuleBody,
  RuleList,
  RuleListQuery,
  VersionQuery,
} from '../../contracts/rules.js';
import { whenClientLeaves } from '../../http/client-gone.js';
import { sendJson } from '../../http/json-text.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import {
  changeRule,
  createRule,
  deleteRule,
  draftRules,
  liveRules,
  moveRule,
  type NewRule,
  type RuleChange,
} from '../services/rules.js';
import { DRAFT_WRITE_PROBLEMS, ImportParams } from './params.js';

const problem = Type.Ref(Problem);
const RuleParams = Type.Object({
  import: ImportParams.properties.import,
  rule: Type.String({ minLength: 1, description: 'The rule id.' }),
});

const WRITE_DESCRIPTION =
  'Written on `version`: 409 with `draft` (the draft as it is now) when the draft moved on since, 409 without it once the import was published or discarded. The release the draft makes must have no violations (422, each naming file, pointer and sentence). Answers the draft’s rules with the new `version`, listed against the live catalog (entities without titles while nothing is live).';

/** Rules: the live list, and the rules of a draft written one at a time. */
export function ruleRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/rules',
    {
      schema: {
        tags: ['management'],
        operationId: 'listRules',
        summary: 'Live rules in order with state and conflicts',
        description:
          'The rules searches apply now, in precedence order, each with its place, name, a summary in plain words, surfaces, state at `time`, conflicts (for requests in `channel` and `locale`), the entities it names and, when they express it, the editor fields. 400 for a channel, locale or time that cannot be answered; 503 while nothing is live.',
        querystring: RuleListQuery,
        response: { 200: Type.Ref(RuleList), 400: problem, 401: problem, 502: problem, 503: problem },
      },
    },
    async (request, reply) => sendJson(reply, await liveRules(deps, request.query, whenClientLeaves(reply))),
  );

  app.get(
    '/imports/:import/rules',
    {
      schema: {
        tags: ['management'],
        operationId: 'listDraftRules',
        summary: 'List the rules of a draft',
        description:
          'The draft’s rules.json (the published release’s when it changes none) as GET /rules lists the live ones, read against the live catalog, with the draft’s `version`. 400 for a channel, locale or time that cannot be answered; 422 when the draft makes a release with violations; 503 while nothing is live.',
        params: ImportParams,
        querystring: RuleListQuery,
        response: {
          200: Type.Ref(DraftRules),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request, reply) =>
      sendJson(reply, await draftRules(deps, request.params.import, request.query, whenClientLeaves(reply))),
  );

  app.post(
    '/imports/:import/rules',
    {
      schema: {
        tags: ['management'],
        operationId: 'createDraftRule',
        summary: 'Add a rule to a draft',
        description: `The rule whole (\`rule\`), or its \`id\` with editor \`fields\`, at \`position\` (default last; the rules from there shift down). 422 for an id the draft has, or fields that do not make a rule. ${WRITE_DESCRIPTION}`,
        params: ImportParams,
        body: Type.Ref(CreateRuleBody),
        response: { 201: Type.Ref(DraftRules), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request, reply) =>
      sendJson(reply.code(201), await createRule(deps, request.params.import, request.body as NewRule)),
  );

  app.patch(
    '/imports/:import/rules/:rule',
    {
      schema: {
        tags: ['management'],
        operationId: 'changeDraftRule',
        summary: 'Change one rule of a draft',
        description: `The rule whole (\`rule\`, whose id may change), or editor \`fields\` to change (\`null\` clears one). \`description\`, \`enabled\`, \`starts_at\` and \`ends_at\` change any rule; the other fields only a rule the fields express whole: 422 otherwise, since the change would lose what they cannot say. 404 for a rule the draft lacks. ${WRITE_DESCRIPTION}`,
        params: RuleParams,
        body: Type.Ref(ChangeRuleBody),
        response: { 200: Type.Ref(DraftRules), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await changeRule(deps, request.params.import, request.params.rule, request.body as RuleChange),
      ),
  );

  app.delete(
    '/imports/:import/rules/:rule',
    {
      schema: {
        tags: ['management'],
        operationId: 'deleteDraftRule',
        summary: 'Remove one rule of a draft',
        description: `Publishing the draft removes it from searches; an earlier release still holds it. 404 for a rule the draft lacks. ${WRITE_DESCRIPTION}`,
        params: RuleParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref(DraftRules), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await deleteRule(deps, request.params.import, request.params.rule, request.query.version),
      ),
  );

  app.put(
    '/imports/:import/rules/:rule/position',
    {
      schema: {
        tags: ['management'],
        operationId: 'moveDraftRule',
        summary: 'Move a rule of a draft',
        description: `To \`position\` (from 1; past the end puts it last); the rules between shift by one. 404 for a rule the draft lacks. ${WRITE_DESCRIPTION}`,
        params: RuleParams,
        body: Type.Ref(MoveRuleBody),
        response: { 200: Type.Ref(DraftRules), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request, reply) =>
      sendJson(reply, await moveRule(deps, request.params.import, request.params.rule, request.body)),
  );
}
