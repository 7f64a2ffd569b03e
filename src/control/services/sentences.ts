/** The `next` sentence of a queued run: what happens now and how to follow it. */
export function queuedSentence(runId: number, snapshot: string, release: string): string {
  return `Index run ${runId} is queued to build snapshot ${snapshot} with release ${release}; it goes live when it succeeds. Follow it at GET /api/v1/index-runs/${runId}.`;
}

/** Why a question about what searches read has no answer yet. */
export const NOTHING_LIVE =
  'Nothing is live yet: upload a catalog, publish a release and wait for the index run to succeed.';
