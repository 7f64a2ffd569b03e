import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const THRESHOLD_BYTES = 1024;

/**
 * zstd when the client takes it, else gzip, from `node:zlib` (zstd since Node.js 22.15): small
 * answers are compressed inline by @fastify/compress, larger ones streamed. The order of
 * `encodings` is the server's preference among codings the client weighs alike.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: ['zstd', 'gzip'], threshold: THRESHOLD_BYTES });
}
