import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../lib/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';

/**
 * The one JSON body parser of every server: Fastify's own, plus a limit on nesting judged before
 * the text is parsed, so that no body can make validation or the code after it recurse past the
 * stack. `__proto__` and `constructor.prototype` keys are refused, as Fastify refuses them.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonText);
}

/**
 * Reads a body of JSON text as the servers read JSON, whatever type it came as: the events
 * endpoint takes the text/plain a browser beacon sends through it too.
 */
export function parseJsonText(
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value: unknown) => void,
): void {
  const text = body as string;
  // A route that reads no body (a fetch asked for, a rebuild) takes an empty one whatever its
  // type says: clients send `Content-Type: application/json` with every call.
  if (text === '' && request.routeOptions.schema?.body === undefined) {
    done(null, undefined);
    return;
  }
  if (text.trim() === '') {
    done(new AppError('malformed_json', 'The body is empty: send a JSON document.'), undefined);
    return;
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    done(
      new AppError(
        'malformed_json',
        `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep: no request needs that many.`,
      ),
      undefined,
    );
    return;
  }
  try {
    done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
  } catch (error) {
    const reason =
      error instanceof SyntaxError ? error.message : 'it sets __proto__ or constructor.prototype';
    done(new AppError('malformed_json', `The body is not valid JSON: ${reason}.`), undefined);
  }
}
