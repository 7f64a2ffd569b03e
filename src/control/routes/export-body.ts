import type { HttpServer } from '../../http/server.js';

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

/**
 * Makes a scope read every body as raw bytes up to the limit: an export is kept as sent, so no
 * parser may read it.
 */
export function acceptExportBodies(scope: HttpServer, uploadLimitBytes: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: uploadLimitBytes },
    (_request, body, done) => done(null, body),
  );
}

export function bodyBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
