import { Readable } from 'node:stream';
import type { CompareAnswer, CompareRequest, InspectRequest } from '../contracts/imports.js';
import type { Inspection } from '../contracts/inspection.js';
import type { PublicationDecision } from '../contracts/management.js';
import type { ResolvedOffers, ResolveOffersRequest } from '../contracts/offers.js';
import type { CategoryTree, PageSettingsAnswer, PageSettingsRequest } from '../contracts/pages.js';
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
import type { Violation } from '../contracts/problem.js';
import { PROBLEM_CODES } from '../contracts/problem-codes.js';
import type { RuleListRequest } from '../contracts/rules.js';
import type { SearchSettings } from '../contracts/search-settings.js';
import type { ColumnSuggestions, SuggestRequest } from '../contracts/suggestions.js';
import type { SynonymCheck, SynonymEntry, SynonymList } from '../contracts/synonyms.js';
import { AppError, type ErrorCode } from '../lib/errors.js';

export type ReleaseValidation =
  | { ok: true; release: { id: string; files: Record<string, Record<string, unknown>> } }
  | { ok: false; violations: Violation[] };

/**
 * What the control plane asks of the query side. It is always asked over HTTP, even in one
 * process, so a single-process stack and a scaled one behave the same.
 */
export interface QuerySide {
  /**
   * Checks a release's files; with `catalogNames`, also refuses the names they give the catalog
   * that the live catalog does not hold (a release stored or published, not a draft).
   */
  validateRelease(
    files: Record<string, unknown>,
    options?: { catalogNames?: boolean },
  ): Promise<ReleaseValidation>;
  /** How the release would go live with the snapshot, against what the query side serves now. */
  publication(files: Record<string, unknown>, snapshot: string): Promise<PublicationDecision>;
  /** What the indexer would make of a kept export with these release files. */
  inspect(request: InspectRequest): Promise<Inspection>;
  /** A draft export with its release against the live one: products, attributes and filters. */
  compare(request: CompareRequest): Promise<CompareAnswer>;
  /** The live category tree. */
  categories(): Promise<CategoryTree>;
  /** What a page shows and where each setting comes from, draft files read over the live release. */
  pageSettings(request: PageSettingsRequest): Promise<PageSettingsAnswer>;
  /** A search at any time and in any context, over the live release or draft files, with the trace. */
  previewSearch(request: PreviewSearchRequest): Promise<PreviewSearchAnswer>;
  /** A shop URL opened as a shopper would. */
  previewPage(request: PreviewPageRequest): Promise<PreviewPageAnswer>;
  /** Why one hit of a trace sits above another. */
  previewCompare(request: PreviewCompareRequest): Promise<PreviewCompareAnswer>;
  /** Where an entity is in a preview's answer, or exactly why it is not there. */
  previewFind(request: PreviewFindRequest): Promise<PreviewFindAnswer>;
  /** Where the model behind the AI gateway would send a kept export's columns. */
  suggest(request: SuggestRequest): Promise<ColumnSuggestions>;
  /** The entity of each variant an offers update names, in what is live (422 for what it lacks). */
  resolveOffers(request: ResolveOffersRequest): Promise<ResolvedOffers>;
  /**
   * The rules of the live release (no `files`) or of a draft's files, as a merchandiser's list
   * (a RuleList as UTF-8 JSON, streamed as it comes: with thousands of rules, tens of megabytes);
   * aborting `signal` (its caller left) stops the query side's work on it.
   */
  rules(request: RuleListRequest, signal?: AbortSignal): Promise<Readable>;
  /** The synonyms of the live release (no `files`) or of a draft's files. */
  synonyms(request: { files?: Record<string, unknown>; needs_live?: boolean }): Promise<SynonymList>;
  /** An entry checked against a draft's dictionary, with live counts per word. */
  checkSynonym(request: {
    files: Record<string, unknown>;
    locale: string;
    channel?: string;
    entry: SynonymEntry;
    id?: string;
  }): Promise<SynonymCheck>;
  /** How each type of the live release (no `files`) or of a draft's files is searched. */
  searchSettings(request: { files?: Record<string, unknown>; locale?: string }): Promise<SearchSettings>;
}

const TIMEOUT_MS = 30_000;
/** Suggestions wait for the AI gateway, whose own time limit (AI_GATEWAY_TIMEOUT_MS) is at most 600 s. */
const SUGGEST_TIMEOUT_MS = 610_000;
/**
 * A rule list of many thousand rules takes seconds to make on a busy node (its work is bounded,
 * see src/planner/rule-list/conflicts.ts, and stops when its caller leaves).
 */
const RULES_TIMEOUT_MS = 120_000;

/**
 * The query side over HTTP at `internalUrl`, each call carrying the internal key (the secret the
 * query nodes ask for: without it they answer 401, which is a configuration to correct, not a
 * query side that is away).
 */
export function httpQuerySide(internalUrl: string, internalKey: string | undefined): QuerySide {
  const base = internalUrl.replace(/\/+$/, '');
  const call: Call = (url, body, options) => send(url, body, internalKey, options);
  return {
    async validateRelease(files, options = {}) {
      const response = await call(`${base}/internal/releases/validate`, {
        files,
        ...(options.catalogNames === true ? { catalog_names: true } : {}),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status === 200) return { ok: true, release: body as never };
      if (response.status === 422 || response.status === 400) {
        return { ok: false, violations: (body.violations as Violation[] | undefined) ?? [] };
      }
      throw unanswered(base, `it answered ${response.status}`);
    },

    async publication(files, snapshot) {
      const response = await call(`${base}/internal/publication`, { files, snapshot });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status === 200) return body as unknown as PublicationDecision;
      if (response.status === 422) {
        throw new AppError(
          'release_violations',
          'The release has violations: correct each file at the pointer named.',
          (body.violations as Violation[] | undefined) ?? [],
        );
      }
      throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
    },

    inspect: (request) => exportCall(call, base, '/internal/imports/inspect', request) as Promise<Inspection>,

    compare: (request) =>
      exportCall(call, base, '/internal/imports/compare', request) as Promise<CompareAnswer>,

    categories: () => question(call, base, '/internal/categories') as Promise<CategoryTree>,

    pageSettings: (request) =>
      question(call, base, '/internal/pages/settings', request) as Promise<PageSettingsAnswer>,

    previewSearch: (request) =>
      question(call, base, '/internal/preview/search', request) as Promise<PreviewSearchAnswer>,

    previewPage: (request) =>
      question(call, base, '/internal/preview/page', request) as Promise<PreviewPageAnswer>,

    previewCompare: (request) =>
      question(call, base, '/internal/preview/compare', request) as Promise<PreviewCompareAnswer>,

    previewFind: (request) =>
      question(call, base, '/internal/preview/find', request) as Promise<PreviewFindAnswer>,

    async suggest(request) {
      // The query node's 502 (the gateway gave no answer) and 503 (no gateway key) are the
      // caller's answer as they are.
      const response = await call(`${base}/internal/imports/suggest`, request, {
        timeoutMs: SUGGEST_TIMEOUT_MS,
        answered: [502, 503],
      });
      if (response.status === 502 || response.status === 503) {
        const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        if (typeof body.detail !== 'string') throw unanswered(base, `it answered ${response.status}`);
        throw new AppError(
          forwardedCode(body, response.status === 503 ? 'ai_gateway_off' : 'ai_gateway_failed'),
          body.detail,
        );
      }
      return (await exportAnswer(base, response)) as ColumnSuggestions;
    },

    async resolveOffers(request) {
      const response = await call(`${base}/internal/offers/resolve`, request);
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status === 200) return body as unknown as ResolvedOffers;
      if (response.status === 422) {
        throw new AppError(
          forwardedCode(body, 'unknown_variants'),
          String(body.detail ?? 'The offers name what the live catalog lacks.'),
          (body.violations as Violation[] | undefined) ?? [],
        );
      }
      throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
    },

    rules: (request, signal) =>
      question(call, base, '/internal/rules', request, {
        timeoutMs: RULES_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
        answerAs: 'stream',
      }) as Promise<Readable>,

    synonyms: (request) => question(call, base, '/internal/synonyms', request) as Promise<SynonymList>,

    checkSynonym: (request) =>
      question(call, base, '/internal/synonyms/check', request) as Promise<SynonymCheck>,

    searchSettings: (request) =>
      question(call, base, '/internal/search-settings', request) as Promise<SearchSettings>,
  };
}

/** How long a call waits, and the 5xx statuses that are the query side's answer, not its failure. */
interface CallOptions {
  timeoutMs?: number;
  answered?: number[];
  /** Ends the call early: the caller's own client left. */
  signal?: AbortSignal;
}

/**
 * One call to the query side: a POST with a JSON body, or a GET without one. A server error is
 * no answer (502), unless the caller takes that status as an answer (`answered`).
 */
type Call = (url: string, body: unknown, options?: CallOptions) => Promise<Response>;

/**
 * The causes the query side's refusals of a management question are forwarded as when its
 * problem names none this control plane knows (a query node of another version): the cause its
 * status most often means.
 */
const FORWARDED: Record<number, ErrorCode> = {
  400: 'unknown_name',
  404: 'route_not_found',
  422: 'release_violations',
  503: 'not_searchable',
};

/** The cause a query side's problem names, when it is one this control plane knows. */
function forwardedCode(body: Record<string, unknown>, fallback: ErrorCode): ErrorCode {
  return typeof body.code === 'string' && Object.hasOwn(PROBLEM_CODES, body.code)
    ? (body.code as ErrorCode)
    : fallback;
}

/**
 * A management question about what is live or a draft over it (categories, page settings,
 * previews, rules, synonyms, search settings): 200 is the answer; a 400, 404, 422 or 503 is the
 * caller's problem as the query side worded it (a channel the release lacks, draft files with
 * violations, nothing live yet); anything else means the query side did not answer (502). A
 * question without a body is a GET.
 */
async function question(
  call: Call,
  base: string,
  path: string,
  request?: unknown,
  {
    answerAs = 'object',
    ...options
  }: Omit<CallOptions, 'answered'> & { answerAs?: 'object' | 'stream' } = {},
): Promise<unknown> {
  // A 503 is an answer here (nothing live yet), not a query side that is away.
  const response = await call(`${base}${path}`, request, { ...options, answered: [503] });
  if (response.status === 200 && answerAs === 'stream' && response.body)
    return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 200) return body;
  const fallback = FORWARDED[response.status];
  if (fallback === undefined)
    throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  throw new AppError(
    forwardedCode(body, fallback),
    String(body.detail ?? ''),
    body.violations as Violation[] | undefined,
    undefined,
    Number.isInteger(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
}

/**
 * A call that reads kept exports: 404 (the snapshot's bytes are not in storage) and 422 (the export
 * cannot be read, or the release has violations) are the caller's to act on, so they become 422.
 */
async function exportCall(call: Call, base: string, path: string, request: unknown): Promise<unknown> {
  return exportAnswer(base, await call(`${base}${path}`, request));
}

async function exportAnswer(base: string, response: Response): Promise<unknown> {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) return body;
  if (response.status === 404 || response.status === 422) {
    throw new AppError(
      response.status === 404 ? 'export_unreadable' : forwardedCode(body, 'export_unreadable'),
      String(body.detail ?? 'The export cannot be read.'),
      (body.violations as Violation[] | undefined) ?? undefined,
    );
  }
  throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
}

async function send(
  url: string,
  body: unknown,
  internalKey: string | undefined,
  { timeoutMs = TIMEOUT_MS, answered = [], signal }: CallOptions = {},
): Promise<Response> {
  try {
    const authorization: Record<string, string> = internalKey
      ? { authorization: `Bearer ${internalKey}` }
      : {};
    const response = await fetch(url, {
      ...(body === undefined
        ? { method: 'GET', headers: authorization }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...authorization },
            body: JSON.stringify(body),
          }),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401) {
      throw unanswered(
        url,
        internalKey
          ? 'it refused the internal key: set the same AISLE_INTERNAL_KEY on the control plane and the query nodes'
          : 'no internal key is set on the control plane: set AISLE_INTERNAL_KEY as on the query nodes',
      );
    }
    if (response.status >= 500 && !answered.includes(response.status)) {
      throw unanswered(url, `it answered ${response.status}`);
    }
    return response;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unanswered(url, error instanceof Error ? error.message : String(error));
  }
}

function unanswered(url: string, why: string): AppError {
  return new AppError(
    'query_side_unanswered',
    `The query side did not answer at ${new URL(url).origin} (${why}); check that a query node runs there and try again.`,
  );
}
