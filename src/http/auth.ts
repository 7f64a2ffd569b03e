import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemBody, sendProblemBody } from './problem.js';

/** A secret a server asks for as `Authorization: Bearer <key>`, and how its refusals name it. */
export interface BearerKey {
  key: string | undefined;
  /** What the key is called in sentences: "management key". */
  name: string;
  /** The setting that sets it, named when none is set. */
  setting: string;
}

/**
 * A check of the Bearer key: answers 401 (and so ends the request) unless the request carries the
 * key. The key is compared as a digest in constant time, so neither its length nor its content
 * leaks through timing. Without a key set every call is refused: a server that needs one never
 * runs open.
 */
export function bearerKeyCheck(
  secret: BearerKey,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const expected = secret.key ? digest(secret.key) : undefined;
  return async (request, reply) => {
    if (!expected) {
      refuse(
        reply,
        'key_not_set',
        `No ${secret.name} is set on this server: start it with ${secret.setting} set.`,
      );
      return;
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1] || !timingSafeEqual(digest(match[1].trim()), expected)) {
      if (match) refuse(reply, 'wrong_key', `The ${secret.name} is wrong.`);
      else refuse(reply, 'missing_key', `Send the ${secret.name} as \`Authorization: Bearer <key>\`.`);
    }
  };
}

/** The Bearer-key check on every route registered in `scope`. */
export function requireBearerKey(scope: FastifyInstance, secret: BearerKey): void {
  scope.addHook('onRequest', bearerKeyCheck(secret));
}

function refuse(
  reply: FastifyReply,
  code: 'missing_key' | 'wrong_key' | 'key_not_set',
  detail: string,
): void {
  reply.header('WWW-Authenticate', 'Bearer');
  sendProblemBody(reply, problemBody(code, detail));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
