import type { CompareAnswer, CompareRequest, InspectRequest } from '../contracts/imports.js';
import type { Inspection } from '../contracts/inspection.js';
import type { PublicationDecision } from '../contracts/management.js';
import type { Violation } from '../contracts/problem.js';
import { AppError } from '../lib/errors.js';

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
}

const TIMEOUT_MS = 30_000;

export function httpQuerySide(internalUrl: string): QuerySide {
  const base = internalUrl.replace(/\/+$/, '');
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
          'unprocessable',
          'The release has violations: correct each file at the pointer named.',
          (body.violations as Violation[] | undefined) ?? [],
        );
      }
      throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
    },

    inspect: (request) => exportCall(base, '/internal/imports/inspect', request) as Promise<Inspection>,

    compare: (request) => exportCall(base, '/internal/imports/compare', request) as Promise<CompareAnswer>,
  };
}

/**
 * A call that reads kept exports: 404 (the snapshot's bytes are not in storage) and 422 (the export
 * cannot be read, or the release has violations) are the caller's to act on, so they become 422.
 */
async function exportCall(base: string, path: string, request: unknown): Promise<unknown> {
  const response = await call(`${base}${path}`, request);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) return body;
  if (response.status === 404 || response.status === 422) {
    throw new AppError(
      'unprocessable',
      String(body.detail ?? 'The export cannot be read.'),
      (body.violations as Violation[] | undefined) ?? undefined,
    );
  }
  throw unanswered(base, `it answered ${response.status}: ${String(body.detail ?? '')}`);
}

async function call(url: string, body: unknown): Promise<Response> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status >= 500) throw unanswered(url, `it answered ${response.status}`);
    return response;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unanswered(url, error instanceof Error ? error.message : String(error));
  }
}

function unanswered(url: string, why: string): AppError {
  return new AppError(
    'bad_gateway',
    `The query side did not answer at ${new URL(url).origin} (${why}); check that a query node runs there and try again.`,
  );
}
