import { Type } from '@sinclair/typebox';
import { Problem } from '../../contracts/problem.js';
import {
  type SynonymCheck,
  SynonymCheck as SynonymCheckAnswer,
  SynonymCheckRequest,
  SynonymList,
  SynonymListRequest,
  WORDS_PER_CHECK,
} from '../../contracts/synonyms.js';
import type { HttpServer } from '../../http/server.js';
import { AppError } from '../../lib/errors.js';
import { answerRequest } from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import { entryClashes, entryWords, normalizeEntry, parseEntryId } from '../../release/synonym-entries.js';
import { readingPlace, synonymList } from '../../release/synonym-list.js';
import type { LiveIndex, LiveState } from '../live-index.js';
import { questionFiles } from '../management/files.js';

const problem = Type.Ref(Problem);

/** `POST /internal/synonyms` and `/internal/synonyms/check`: synonym dictionaries, and an entry checked against them with live counts. */
export function synonymRoutes(app: HttpServer, liveIndex: LiveIndex): void {
  app.post(
    '/internal/synonyms',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalSynonymList',
        summary: 'The synonyms of the live release or of draft files',
        description:
          'Without `files`, the live release’s (503 while nothing is live); with them, a draft’s (422 for violations).',
        body: Type.Ref(SynonymListRequest),
        response: { 200: Type.Ref(SynonymList), 422: problem, 503: problem },
      },
    },
    async (request) => {
      const live = liveIndex.current();
      const files = questionFiles(request.body.files, liveIndex, request.body.needs_live === true);
      return {
        ...(request.body.files === undefined && live !== undefined ? { release: live.release } : {}),
        ...synonymList(files),
      };
    },
  );

  app.post(
    '/internal/synonyms/check',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalSynonymCheck',
        summary: 'Check an entry against a draft’s dictionary, with live counts per word',
        description: `Nothing is written. 400 for a channel the release lacks, or a dictionary no channel reads; 404 when \`id\` names no entry; 422 for violations or more than ${WORDS_PER_CHECK} words (the \`words_per_check\` limit); 503 while nothing is live to count in.`,
        body: Type.Ref(SynonymCheckRequest),
        response: {
          200: Type.Ref(SynonymCheckAnswer),
          400: problem,
          404: problem,
          422: problem,
          503: problem,
        },
      },
    },
    async (request) => {
      const { locale, channel, id } = request.body;
      const files = questionFiles(request.body.files, liveIndex);
      const dictionaries = releaseView(files).synonyms.dictionaries;
      const place = readingPlace(files, locale, channel);
      if (place === undefined) throw unplaced(files, locale, channel);
      if (id !== undefined) {
        const at = parseEntryId(id);
        const known = at !== undefined && at.locale === locale && dictionaries[locale]?.[at.list]?.[at.index];
        if (!known)
          throw new AppError(
            'synonym_not_found',
            `There is no synonym entry ${id} in the ${locale} dictionary of the draft.`,
          );
      }
      const entry = normalizeEntry(request.body.entry);
      const words = entryWords(entry);
      if (words.length > WORDS_PER_CHECK) {
        throw new AppError('invalid_value', 'The entry is too long to check.', [
          {
            pointer: '/entry',
            message: `The entry relates ${words.length} words, and a check counts ${WORDS_PER_CHECK} at most (words_per_check): check fewer at once.`,
          },
        ]);
      }
      const live = liveIndex.current();
      if (live === undefined) throw liveIndex.nothingLive();
      const conflicts = entryClashes(entry, locale, dictionaries[locale], id);
      const answer: SynonymCheck = {
        channel: place.channel,
        locale: place.locale,
        entry,
        words: words.map((word) => ({ word, total: searchTotal(live, word, place, request.arrivedAt) })),
        ...(conflicts.length > 0 ? { conflicts } : {}),
      };
      return answer;
    },
  );
}

/** What the search page lists for a word now: the listed section's total, with the live synonyms. */
function searchTotal(
  live: LiveState,
  word: string,
  place: { channel: string; locale: string },
  arrival: Date,
): number {
  const answer = answerRequest(
    { index: live.index, files: live.releaseFiles, planner: live.planner },
    {
      query: word,
      on: 'search',
      channel: place.channel,
      locale: place.locale,
      redirect: false,
      count_only: true,
    },
    arrival,
  );
  return answer.sections?.find((section) => section.type === answer.listed)?.total ?? 0;
}

function unplaced(files: Record<string, unknown>, locale: string, channel: string | undefined): AppError {
  const known = readingPlace(files, locale) !== undefined;
  return new AppError('unknown_name', 'The check cannot be answered as sent.', [
    channel !== undefined && known
      ? {
          pointer: '/channel',
          message: `Channel "${channel}" serves no locale that reads the ${locale} dictionary, or the release has no such channel: name another, or leave channel out.`,
        }
      : {
          pointer: '/locale',
          message: `No channel serves a locale that reads the ${locale} dictionary: name a language the channels serve.`,
        },
  ]);
}
