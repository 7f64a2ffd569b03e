import type { TestsFile } from '../../contracts/release-files/index.js';
import type { SearchRequest } from '../../contracts/search.js';
import { AppError } from '../../lib/errors.js';
import type { Selector } from '../selector.js';
import { outcomeOf, type TestFailure, type TestOutcome, unanswerableRequest } from './outcome.js';

type Results = NonNullable<TestsFile['tests'][number]['expect']['results']>;

/** What a result expectation reads of an answer: the listed section's hits, or the redirect. */
export interface ResultAnswer {
  listed?: string;
  sections?: ReadonlyArray<{ type: string; hits: ReadonlyArray<{ entity: string }> }>;
  redirect?: { url?: string; entity?: string };
}

/** The index a release's result expectations run against. */
export interface ResultIndex {
  /** Answers a search request as POST /v1/search does (a fixed `time` included). */
  search(request: SearchRequest): Promise<ResultAnswer>;
  /**
   * The entities among `entities` that the selector chooses, read in the request's channel and
   * locale as a filter of the listed section reads them (`all` and `none` need what hits do not
   * carry in their result fields).
   */
  select(
    selector: Selector,
    entities: readonly string[],
    request: SearchRequest,
  ): Promise<ReadonlySet<string>>;
}

const DEFAULT_TOP = 10;
const MAX_PER_PAGE = 100;
/** Entities a failure names before it only counts the rest. */
const NAMED = 5;

/**
 * Runs the result expectations of tests.json (first, contains, excludes, all, none, over the
 * top hits of the listed section) against an index. Tests without `results` are left to
 * runPlanTests.
 */
export async function runResultTests(tests: TestsFile, index: ResultIndex): Promise<TestOutcome[]> {
  const outcomes: TestOutcome[] = [];
  for (const [position, test] of tests.tests.entries()) {
    const results = test.expect.results;
    if (results === undefined) continue;
    outcomes.push(outcomeOf(test.id, position, await resultFailures(test.request, results, index)));
  }
  return outcomes;
}

async function resultFailures(
  request: SearchRequest,
  results: Results,
  index: ResultIndex,
): Promise<TestFailure[]> {
  const top = results.top ?? DEFAULT_TOP;
  let hits: string[] | string;
  try {
    hits = await topHits(request, top, index);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return unanswerableRequest(error);
  }
  if (typeof hits === 'string') return [{ member: ['results'], message: hits }];
  const failures: TestFailure[] = [];
  const shown = hits.length === 0 ? 'no hits' : `the first is "${hits[0]}"`;
  if (results.first !== undefined && hits[0] !== results.first) {
    failures.push({
      member: ['results', 'first'],
      message: `expected "${results.first}" first, but ${shown}.`,
    });
  }
  results.contains?.forEach((entity, at) => {
    if (!hits.includes(entity)) {
      failures.push({
        member: ['results', 'contains', at],
        message: `expected "${entity}" within the top ${top}, but it is not there.`,
      });
    }
  });
  results.excludes?.forEach((entity, at) => {
    const rank = hits.indexOf(entity);
    if (rank >= 0) {
      failures.push({
        member: ['results', 'excludes', at],
        message: `expected "${entity}" not within the top ${top}, but it is at ${rank + 1}.`,
      });
    }
  });
  if (results.all !== undefined) {
    const chosen = await index.select(results.all, hits, request);
    const outside = hits.filter((entity) => !chosen.has(entity));
    if (outside.length > 0) {
      failures.push({
        member: ['results', 'all'],
        message: `expected every hit within the top ${top} to match, but ${named(outside)} do not.`,
      });
    }
  }
  if (results.none !== undefined) {
    const chosen = await index.select(results.none, hits, request);
    const inside = hits.filter((entity) => chosen.has(entity));
    if (inside.length > 0) {
      failures.push({
        member: ['results', 'none'],
        message: `expected no hit within the top ${top} to match, but ${named(inside)} do.`,
      });
    }
  }
  return failures;
}

/** The listed section's first `top` hits, page after page; a sentence when the search redirects. */
async function topHits(request: SearchRequest, top: number, index: ResultIndex): Promise<string[] | string> {
  const perPage = Math.min(top, MAX_PER_PAGE);
  const hits: string[] = [];
  for (let page = 1; hits.length < top; page++) {
    const answer = await index.search({
      ...request,
      page,
      per_page: perPage,
      count_only: false,
      traffic: 'test',
    });
    if (answer.redirect !== undefined) {
      const target = answer.redirect.url ?? answer.redirect.entity ?? 'another page';
      return `expected results, but the search redirects to ${target}; add "redirect": false to the request to test its results.`;
    }
    const listed = answer.sections?.find((section) => section.type === answer.listed) ?? answer.sections?.[0];
    const entities = listed?.hits.map((hit) => hit.entity) ?? [];
    hits.push(...entities.slice(0, top - hits.length));
    if (entities.length < perPage) break;
  }
  return hits;
}

function named(entities: readonly string[]): string {
  const shown = entities
    .slice(0, NAMED)
    .map((entity) => `"${entity}"`)
    .join(', ');
  return entities.length > NAMED ? `${shown} and ${entities.length - NAMED} more` : shown;
}
