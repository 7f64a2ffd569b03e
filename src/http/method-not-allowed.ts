import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { problemBody, sendProblemBody } from './problem.js';

/** Runs before a request no route takes is answered (see HttpServerOptions.guardUnrouted). */
export type UnroutedGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Fastify answers 404 for a known path under an unknown method. The contract wants 405 with the
 * methods that are allowed, so every route is also recorded in a second router that is asked,
 * for a request nothing matched, which methods the path does take.
 */
export function installNotFoundHandler(app: FastifyInstance, guard?: UnroutedGuard): void {
  const known = FindMyWay();
  app.addHook('onRoute', (route) => {
    // Catch-all routes (CORS preflight answers OPTIONS on '*') would make every path look known.
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !known.hasRoute(method as HTTPMethod, route.url)) {
        known.on(method as HTTPMethod, route.url, () => {});
      }
    }
  });
  app.setNotFoundHandler(guard ? { preHandler: guard } : {}, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => known.find(method, path) !== null);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendProblemBody(
        reply,
        problemBody(
          'method_not_allowed',
          `${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}.`,
        ),
      );
    }
    return sendProblemBody(
      reply,
      problemBody('route_not_found', `There is nothing at ${request.method} ${path}.`),
    );
  });
}
