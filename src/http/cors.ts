import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { problemBody, sendProblemBody } from './problem.js';

/**
 * The public API is called from any storefront: any origin, GET and POST, no credentials. An
 * OPTIONS request that is no preflight (no Origin or Access-Control-Request-Method) is refused as
 * a problem like every other refusal, before the CORS plugin would answer it in plain text.
 */
export async function allowAnyOrigin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    if (request.headers.origin && request.headers['access-control-request-method']) return;
    return sendProblemBody(
      reply,
      problemBody(
        'invalid_request',
        'OPTIONS is answered here as a CORS preflight: send it with Origin and Access-Control-Request-Method, as a browser does.',
      ),
    );
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type'],
    credentials: false,
    maxAge: 86_400,
  });
}
