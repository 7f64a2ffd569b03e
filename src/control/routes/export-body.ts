import type { FastifyReply, FastifyRequest } from 'fastify';
import { whenClientLeaves } from '../../http/client-gone.js';
import type { HttpServer } from '../../http/server.js';
import { AppError, retryAfter } from '../../lib/errors.js';
import type { Gate } from '../../lib/gate.js';
import { type BlobStore, BlobTooLargeError, type StagedBlob } from '../../store/index.js';

/** Every type an export may be sent as; the bytes, not the type, decide how it is read. */
export const EXPORT_CONTENT_TYPES = [
  'application/x-ndjson',
  'text/csv',
  'text/tab-separated-values',
  'application/xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json',
  'application/gzip',
  'application/octet-stream',
];

/** When a client turned away by a full gate is asked to send again: most uploads are read in seconds. */
const UPLOAD_RETRY_SECONDS = 5;

/** How uploads are taken: the largest body, and how many are read at once. */
export interface Uploads {
  limitBytes: number;
  gate: Gate;
}

/**
 * Makes a scope leave every body unread: the route streams it into the blob store itself, so an
 * export is never held whole in memory and is kept as sent.
 */
export function acceptExportBodies(scope: HttpServer): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/**
 * Streams the request's body into the blob store, hashing it on the way, and hands it to `use`
 * staged: kept if `use` keeps it, removed otherwise. A body announced larger than the limit is
 * refused before a byte is read, and one that grows past it as soon as it does; a full gate (as
 * many uploads being read as the server takes at once) answers 503. A body that stalls or trickles
 * fails with 408 (see src/http/body-timeout.ts) and leaves the gate; `use` is handed a signal that
 * aborts when the client leaves before its answer, so the reading stops with it.
 */
export async function withUploadedExport<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  uploads: Uploads,
  use: (upload: StagedBlob, clientGone: AbortSignal) => Promise<T>,
): Promise<T> {
  const clientGone = whenClientLeaves(reply);
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > uploads.limitBytes) throw tooLarge(uploads.limitBytes);
  const leave = uploads.gate.tryEnter();
  if (!leave) {
    throw retryAfter(
      'uploads_busy',
      UPLOAD_RETRY_SECONDS,
      `${uploads.gate.size} uploads are being read already, as many as this server reads at once (AISLE_UPLOAD_CONCURRENCY): send this one again when one of them is answered.`,
    );
  }
  try {
    let upload: StagedBlob;
    try {
      upload = await blobs.stage(request.body as AsyncIterable<Uint8Array>, uploads.limitBytes);
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw tooLarge(uploads.limitBytes);
      throw error;
    }
    try {
      return await use(upload, clientGone);
    } finally {
      await upload.discard();
    }
  } finally {
    leave();
  }
}

function tooLarge(limitBytes: number): AppError {
  return new AppError(
    'body_too_large',
    `The body is larger than this server accepts (${Math.round(limitBytes / (1024 * 1024))} MB at most, AISLE_UPLOAD_LIMIT_MB): compress the export with gzip, or raise the limit.`,
  );
}
