import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { sharedSchemas } from '../contracts/index.js';
import { handleError } from './error-handler.js';
import { installNotFoundHandler } from './method-not-allowed.js';
import { createValidatorCompiler } from './validation.js';

export interface HttpServerOptions {
  logger: FastifyBaseLogger;
  /** Largest body the server reads, in bytes. */
  bodyLimit?: number;
}

export type HttpServer = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A Fastify instance set up the way every aisle server is: TypeBox schemas validated strictly,
 * every failure answered as application/problem+json, 405 for known paths under other methods.
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
  }).withTypeProvider<TypeBoxTypeProvider>();
  for (const schema of sharedSchemas) app.addSchema(schema);
  app.setValidatorCompiler(createValidatorCompiler(sharedSchemas as TSchema[]));
  app.setErrorHandler(handleError);
  installNotFoundHandler(app as unknown as FastifyInstance);
  return app as HttpServer;
}
