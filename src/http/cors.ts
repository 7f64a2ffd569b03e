import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** The public API is called from any storefront: any origin, GET and POST, no credentials. */
export async function allowAnyOrigin(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST'],
    allowedHeaders: ['Content-Type'],
    credentials: false,
    maxAge: 86_400,
  });
}
