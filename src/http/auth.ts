import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { problemBody, sendProblemBody } from './problem.js';

/**
 * Bearer-key check for every route registered in `scope`. The key is compared as a digest in
 * constant time, so neither its length nor its content leaks through timing. Without a key set,
 * every call is refused: a control plane must never run open.
 */
export function requireBearerKey(scope: FastifyInstance, key: string | undefined): void {
  const expected = key ? keyDigest(key) : undefined;
  scope.addHook('onRequest', async (request, reply) => {
    if (!expected) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendProblemBody(
        reply,
        problemBody(401, 'No management key is set on this server: start it with SEARCH_MANAGEMENT_KEY set.'),
      );
    }
    const presented = /^Bearer\s+\S/i.test(request.headers.authorization ?? '');
    if (!presentsKey(request.headers.authorization, expected)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendProblemBody(
        reply,
        problemBody(
          401,
          presented
            ? 'The management key is wrong.'
            : 'Send the management key as `Authorization: Bearer <key>`.',
        ),
      );
    }
  });
}

/** A key's digest, the form keys are compared in. */
export function keyDigest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether an Authorization header presents the key of this digest as a Bearer token, in constant time. */
export function presentsKey(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(keyDigest(match[1].trim()), expected);
}
