import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compress as zstdCompress } from 'zstd-napi';

const THRESHOLD_BYTES = 1024;

/**
 * zstd when the client takes it, else gzip. Node 20's zlib has no zstd, so zstd answers are made
 * here with zstd-napi in an onSend hook that runs before @fastify/compress; that plugin then sees
 * the body already encoded and leaves it alone, and handles gzip itself.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!acceptsZstd(request.headers['accept-encoding'])) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('Content-Encoding')) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < THRESHOLD_BYTES) return payload;
    const encoded = zstdCompress(bytes);
    reply.header('Content-Encoding', 'zstd');
    reply.header('Vary', 'Accept-Encoding');
    reply.header('Content-Length', encoded.length);
    return encoded;
  });
  await app.register(compress, { encodings: ['gzip'], threshold: THRESHOLD_BYTES });
}

/** True when the Accept-Encoding header names zstd with a quality above zero. */
export function acceptsZstd(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'zstd') continue;
    const quality = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return !quality || Number(quality.slice(2)) > 0;
  }
  return false;
}
