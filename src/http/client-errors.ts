import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorHandler } from './error-handler.js';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem.js';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL too large, broken
 * framing) are answered here, as a problem like every other refusal, and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([
          'headers_too_large',
          'The request line and headers are larger than this server reads (16 KB): shorten the URL or the headers.',
        ] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? (['request_timeout', 'The request did not arrive in time.'] as const)
        : (['malformed_http', 'The request is not well-formed HTTP.'] as const);
  const problem = problemBody(code, detail);
  const { status } = problem;
  const body = JSON.stringify(problem);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Errors Fastify meets before a route is chosen (a path that is not valid percent-encoding, a path
 * parameter too long) go through the one error handler too, after `guard` (a server that answers
 * nobody without a key checks the key first).
 */
export function frameworkErrorAnswer(
  guard: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined,
  handleError: ErrorHandler,
) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (guard) {
      await guard(request, reply);
      if (reply.sent) return;
    }
    handleError(error, request, reply);
  };
}
