import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { problemBody, sendProblemBody } from './problem.js';

/**
 * Bearer-key check for every route registered in `scope`. The key is compared as a digest in
 * constant time, so neither its length nor its content leaks through timing. Without a key set,
 * every call is refused: a control plane must never run open.
 */
export function requireBearerKey(scope: FastifyInstance, key: string | undefined): void {
  const expected = key ? digest(key) : undefined;
  scope.addHook('onRequest', async (request, reply) => {
    if (!expected) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendProblemBody(
        reply,
        problemBody(401, 'No management key is set on this server: start it with SEARCH_MANAGEMENT_KEY set.'),
      );
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1] || !timingSafeEqual(digest(match[1].trim()), expected)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendProblemBody(
        reply,
        problemBody(
          401,
          match
            ? 'The management key is wrong.'
            : 'Send the management key as `Authorization: Bearer <key>`.',
        ),
      );
    }
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
