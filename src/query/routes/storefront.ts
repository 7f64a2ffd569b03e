import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { HttpServer } from '../../http/server.js';

/** Where the example storefront is served on the public port. */
export const STOREFRONT_PATH = '/demo';

/**
 * The example storefront (built into dist/storefront) at /demo, served with the demo shop: its
 * bundled assets, named by their content and so kept by browsers for good, and its one page for
 * every shop URL under /demo, which the page itself resolves with `/v1/resolve`.
 */
export async function storefrontRoutes(app: HttpServer, folder: string): Promise<void> {
  const page = await readFile(join(folder, 'index.html'));
  await app.register(fastifyStatic, {
    root: join(folder, 'assets'),
    prefix: `${STOREFRONT_PATH}/assets/`,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });
  const plain = app as unknown as FastifyInstance;
  for (const url of [STOREFRONT_PATH, `${STOREFRONT_PATH}/*`]) {
    plain.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
    );
  }
}
