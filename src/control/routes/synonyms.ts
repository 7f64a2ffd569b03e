import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import { VersionQuery } from '../../contracts/rules.js';
import {
  AddSynonymsBody,
  ChangeSynonymBody,
  CheckSynonymBody,
  DraftSynonyms,
  SYNONYMS_PER_CALL,
  SynonymCheck,
  SynonymList,
  WORDS_PER_CHECK,
} from '../../contracts/synonyms.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import {
  addSynonyms,
  changeSynonym,
  checkSynonym,
  deleteSynonym,
  draftSynonyms,
  liveSynonyms,
} from '../services/synonyms.js';
import { DRAFT_WRITE_PROBLEMS, ImportParams } from './params.js';

const problem = Type.Ref(Problem);
/** A synonym id holds slashes (`en/groups/0`), sent as they are: its three parts are three path segments. */
const SynonymParams = Type.Object({
  import: ImportParams.properties.import,
  locale: Type.String({
    description: 'The first part of the entry id `<locale>/<kind>/<index>`: its dictionary.',
  }),
  kind: Type.String({ description: 'The second part: `groups`, `one_way` or `never`.' }),
  index: Type.String({ description: 'The third part: its place among the entries of its kind, from 0.' }),
});

const WRITE_DESCRIPTION =
  'Written on `version`: 409 with `draft` when the draft moved on since, without it once the import was published or discarded. Synonyms go live as settings without a rebuild. Answers the draft’s synonyms with the new `version`.';

/** The entry id of the path. */
function synonymId(params: { locale: string; kind: string; index: string }): string {
  return `${params.locale}/${params.kind}/${params.index}`;
}

/** Synonyms: the live dictionaries, and a draft's written and checked one entry at a time. */
export function synonymRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/synonyms',
    {
      schema: {
        tags: ['management'],
        operationId: 'listSynonyms',
        summary: 'Live synonyms of every language',
        description:
          'The dictionaries searches read now, each entry with its id, summary and clashes. 503 while nothing is live.',
        response: { 200: Type.Ref(SynonymList), 401: problem, 502: problem, 503: problem },
      },
    },
    async () => liveSynonyms(deps),
  );

  app.get(
    '/imports/:import/synonyms',
    {
      schema: {
        tags: ['management'],
        operationId: 'listDraftSynonyms',
        summary: 'List the synonyms of a draft',
        description:
          'The draft’s synonyms.json, or the published release’s when it changes none, with the draft’s `version`. 422 when the draft makes a release with violations (its files no longer agree with the release published under it); 503 while nothing is live.',
        params: ImportParams,
        response: {
          200: Type.Ref(DraftSynonyms),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => draftSynonyms(deps, request.params.import),
  );

  app.post(
    '/imports/:import/synonyms',
    {
      schema: {
        tags: ['management'],
        operationId: 'addDraftSynonyms',
        summary: 'Add synonyms to a draft',
        description: `1 to ${SYNONYMS_PER_CALL} entries at once (\`synonyms_per_call\`), each after the entries of its kind, checked in the order sent: one that would put a word in a second group, start a second one-way entry from the same word, relate fewer than two words, or merge words a never entry keeps apart (unless \`despite_never\`) is refused with why, in \`refused\`; the others are written, \`written\` naming their ids. 422 with \`refused\` when every entry clashes (nothing is written). ${WRITE_DESCRIPTION}`,
        params: ImportParams,
        body: Type.Ref(AddSynonymsBody),
        response: { 201: Type.Ref(DraftSynonyms), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addSynonyms(deps, request.params.import, request.body)),
  );

  app.post(
    '/imports/:import/synonyms/check',
    {
      config: { question: true },
      schema: {
        tags: ['management'],
        operationId: 'checkDraftSynonym',
        summary: 'Check an entry being typed',
        description: `Nothing is written. The entry as it would be written, how many results the search page lists now for each of its words (with the live synonyms), and its conflicts with the draft’s dictionary (absent when it can be written). \`id\` names the entry being changed, whose own words clash with nothing. 400 for a channel or locale the release lacks; 422 when the draft makes a release with violations or the entry has more than ${WORDS_PER_CHECK} words (\`words_per_check\`); 503 while nothing is live to count in.`,
        params: ImportParams,
        body: Type.Ref(CheckSynonymBody),
        response: {
          200: Type.Ref(SynonymCheck),
          400: problem,
          401: problem,
          404: problem,
          422: problem,
          502: problem,
          503: problem,
        },
      },
    },
    async (request) => checkSynonym(deps, request.params.import, request.body),
  );

  app.patch(
    '/imports/:import/synonyms/:locale/:kind/:index',
    {
      schema: {
        tags: ['management'],
        operationId: 'changeDraftSynonym',
        summary: 'Change one synonym entry of a draft',
        description: `Replaces the entry’s words, checked as an add with its own words left out (422 with \`refused\` when it clashes). An entry of another kind moves after the entries of its new kind; \`written\` names its id. 404 for an id the draft lacks. ${WRITE_DESCRIPTION}`,
        params: SynonymParams,
        body: Type.Ref(ChangeSynonymBody),
        response: { 200: Type.Ref(DraftSynonyms), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request) => changeSynonym(deps, request.params.import, synonymId(request.params), request.body),
  );

  app.delete(
    '/imports/:import/synonyms/:locale/:kind/:index',
    {
      schema: {
        tags: ['management'],
        operationId: 'deleteDraftSynonym',
        summary: 'Remove one synonym entry of a draft',
        description: `Later entries of its kind move up, so their ids change. 404 for an id the draft lacks. ${WRITE_DESCRIPTION}`,
        params: SynonymParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref(DraftSynonyms), ...DRAFT_WRITE_PROBLEMS },
      },
    },
    async (request) =>
      deleteSynonym(deps, request.params.import, synonymId(request.params), request.query.version),
  );
}
