import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { sharedSchemas } from '../contracts/index.js';
import { type BodyTimeouts, timeBodies } from './body-timeout.js';
import { answerClientError, frameworkErrorAnswer } from './client-errors.js';
import { errorHandler } from './error-handler.js';
import { parseJsonBodies } from './json-body.js';
import { installNotFoundHandler, type UnroutedGuard } from './method-not-allowed.js';
import { problemBody, sendProblemBody } from './problem.js';
import { createValidatorCompiler } from './validation.js';

export interface HttpServerOptions {
  logger: FastifyBaseLogger;
  /** Largest body the server reads, in bytes. */
  bodyLimit?: number;
  /** How long a body may pause, and how slowly it may arrive, before it is refused with 408. */
  bodyTimeouts: BodyTimeouts;
  /**
   * Runs before a request that no route takes is answered (404, 405, a malformed path): a server
   * that answers nobody without a key refuses there first, so its routes cannot be discovered.
   */
  guardUnrouted?: UnroutedGuard;
  /**
   * Every route answers a question (the Query API, the internal API): a request its schema
   * refuses is a 400 whatever the violation, never a 422 (see validationRefusal).
   */
  questionsOnly?: boolean;
}

export type HttpServer = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const eagerSerializers = SerializerSelector();

/**
 * Fastify's own response serializers, each compiled when its route first answers rather than
 * when the server starts: compiling every route's at start is most of a second of a process's
 * start, paid again by every start, for routes most processes never answer.
 */
function lazySerializers(...factoryArguments: Parameters<typeof eagerSerializers>) {
  const compile = eagerSerializers(...factoryArguments);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= compile(route) as (data: unknown) => string;
      return serialize(data);
    };
  };
}

/**
 * A Fastify instance set up the way every aisle server is: TypeBox schemas validated strictly,
 * every failure answered as application/problem+json (Fastify's own and the HTTP parser's too), JSON
 * bodies limited in depth, bodies that stall or trickle refused with 408, 405 for known paths under
 * other methods.
 */
export function createHttpServer(options: HttpServerOptions): HttpServer {
  const handleError = errorHandler({ questionsOnly: options.questionsOnly === true });
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
    // Every request would be two log lines; the search log, not the server log, records searches.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request: made for every request, it showed in profiles of searches, and
    // only failures log, naming their request themselves (see error-handler.ts).
    childLoggerFactory: (logger) => logger,
    // Fastify's own 503 while closing is no problem document: refuseWhileClosing answers it.
    return503OnClosing: false,
    // A closing server ends idle keep-alive connections at once and lets requests in flight finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorAnswer(options.guardUnrouted, handleError),
    clientErrorHandler: answerClientError,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  refuseWhileClosing(app as unknown as FastifyInstance);
  parseJsonBodies(app as unknown as FastifyInstance);
  timeBodies(app as unknown as FastifyInstance, options.bodyTimeouts);
  for (const schema of sharedSchemas) app.addSchema(schema);
  app.setValidatorCompiler(createValidatorCompiler(sharedSchemas as TSchema[]));
  app.setErrorHandler(handleError);
  installNotFoundHandler(app as unknown as FastifyInstance, options.guardUnrouted);
  return app as HttpServer;
}

/**
 * A request that reaches a closing server (on a keep-alive connection it had) is refused with a
 * 503 problem and the connection closed, so a load balancer sends it to another node.
 */
function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    return sendProblemBody(
      reply,
      problemBody(
        'shutting_down',
        'This server is stopping: send the request again to another node, or once it is back.',
      ),
    );
  });
}
