import type {
  PreviewCompareAnswer,
  PreviewCompareRequest,
  PreviewFindAnswer,
  PreviewFindRequest,
  PreviewPageAnswer,
  PreviewPageRequest,
  PreviewSearchAnswer,
  PreviewSearchRequest,
} from '../contracts/previews.js';
import type { SearchRequest } from '../contracts/search.js';
import { compareHits, findEntity } from '../planner/index.js';
import { draftState } from './draft.js';
import type { LiveState } from './live-index.js';
import { answerResolve } from './pages.js';
import { asRequestError, searchState } from './search.js';

/**
 * Previews answer what a shopper would see, at any time and in any context, over the live
 * release or draft files read over it, always with the trace. Nothing of them goes to the search
 * log: they are answered on the internal API, which logs no search.
 */

/** The state a preview reads: the live one, or the draft files over it (422 for violations). */
function previewState(
  state: LiveState,
  files: Record<string, unknown> | undefined,
  arrival: Date,
): { state: LiveState; draft: boolean } {
  return files === undefined
    ? { state, draft: false }
    : { state: draftState(state, files, arrival), draft: true };
}

function momentOf(time: string | undefined, arrival: Date): Date {
  return time !== undefined ? new Date(time) : arrival;
}

/** `POST /internal/preview/search`: a search at any time, in any channel, locale and context, with the trace. */
export function previewSearch(
  live: LiveState,
  body: PreviewSearchRequest,
  arrival: Date,
): PreviewSearchAnswer {
  const { files, ...fields } = body;
  const { state, draft } = previewState(live, files, arrival);
  const answer = searchState(state, { ...fields, debug: true }, arrival);
  return {
    ...answer,
    time: momentOf(fields.time, arrival).toISOString(),
    ...(draft ? { draft: true as const } : {}),
    trace: answer.trace ?? [],
  };
}

/** `POST /internal/preview/page`: a shop URL opened as a shopper would, at any time, with every trace. */
export function previewPage(live: LiveState, body: PreviewPageRequest, arrival: Date): PreviewPageAnswer {
  const { files, time, context, ...page } = body;
  const { state, draft } = previewState(live, files, arrival);
  const moment = momentOf(time, arrival);
  const answer = answerResolve(state, { ...page, results: true, debug: true }, arrival, {
    time: moment,
    ...(context !== undefined ? { context } : {}),
  });
  return { ...answer, time: moment.toISOString(), ...(draft ? { draft: true as const } : {}) };
}

/** `POST /internal/preview/compare`: why one hit of a preview sits above another. */
export function previewCompare(body: PreviewCompareRequest): PreviewCompareAnswer {
  return compareHits(body.trace, body.type, [body.places[0]!, body.places[1]!]);
}

/** `POST /internal/preview/find`: where an entity is in a preview's answer, or exactly why it is not there. */
export function previewFind(live: LiveState, body: PreviewFindRequest, arrival: Date): PreviewFindAnswer {
  const { files, entity, ...fields } = body;
  const { state, draft } = previewState(live, files, arrival);
  const request: SearchRequest = fields;
  const { answer, found } = asRequestError(() =>
    findEntity(
      { index: state.index, files: state.releaseFiles, planner: state.planner },
      request,
      entity,
      arrival,
    ),
  );
  return {
    ...found,
    time: momentOf(fields.time, arrival).toISOString(),
    ...(draft ? { draft: true as const } : {}),
    trace: answer.trace ?? [],
  };
}
