import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { sharedSchemas } from '../contracts/index.js';
import { type BodyTimeouts, timeBodies } from './body-timeout.js';
import { answerClientError, frameworkErrorAnswer } from './client-errors.js';
import { handleError } from './error-handler.js';
import { parseJsonBodies } from './json-body.js';
import { installNotFoundHandler, type UnroutedGuard } from './method-not-allowed.js';
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
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
    // Every request would be two log lines; the search log, not the server log, records searches.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // A closing server ends idle keep-alive connections at once and lets requests in flight finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorAnswer(options.guardUnrouted),
    clientErrorHandler: answerClientError,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  parseJsonBodies(app as unknown as FastifyInstance);
  timeBodies(app as unknown as FastifyInstance, options.bodyTimeouts);
  for (const schema of sharedSchemas) app.addSchema(schema);
  app.setValidatorCompiler(createValidatorCompiler(sharedSchemas as TSchema[]));
  app.setErrorHandler(handleError);
  installNotFoundHandler(app as unknown as FastifyInstance, options.guardUnrouted);
  return app as HttpServer;
}
