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
  validateRelease(files: Record<string, unknown>): Promise<ReleaseValidation>;
  /** How the release would go live with the snapshot, against what the query side serves now. */
  publication(files: Record<string, unknown>, snapshot: string): Promise<PublicationDecision>;
}

const TIMEOUT_MS = 30_000;

export function httpQuerySide(internalUrl: string): QuerySide {
  const base = internalUrl.replace(/\/+$/, '');
  return {
    async validateRelease(files) {
      const response = await call(`${base}/internal/releases/validate`, { files });
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
  };
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
