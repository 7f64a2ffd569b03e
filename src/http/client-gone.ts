import type { FastifyReply } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * Aborts once the client closed its connection before its answer was sent: work done only for
 * that answer (reading an upload, listing rules) can stop there instead of running on for no one.
 * The reason is a problem like any other, in case it still reaches the error handler.
 */
export function whenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (response.writableFinished) return;
    controller.abort(
      // The reason the work stops; no answer carries it, the client being gone.
      new AppError(
        'invalid_request',
        'The client closed its connection before the answer: the work for it was stopped.',
      ),
    );
  });
  return controller.signal;
}
