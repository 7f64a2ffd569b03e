import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../lib/package-root.js';

/** Where `npm run build:panel` writes the operator panel. */
export const PANEL_DIR = join(PACKAGE_ROOT, 'dist', 'panel');

/**
 * The panel's Content-Security-Policy: its scripts, styles and calls come from this origin only,
 * nothing inline and no eval, so an injected string can never run with the key. Product photos are
 * the one thing loaded from elsewhere (shops keep them on their own hosts, over https).
 */
export const PANEL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the operator panel at `/` beside the API: the files the build wrote, each at its own path
 * (no wildcard, so any other path stays the management API's 401 or 404), compressed, the
 * content-hashed assets cached for good and index.html asked for again every time.
 */
export async function panelRoutes(app: FastifyInstance, dir = PANEL_DIR): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The operator panel is not built: run `npm run build` (or `npm run build:panel`).\n'),
    );
    return;
  }
  await app.register(async (scope) => {
    await scope.register(compress, { encodings: ['gzip'], threshold: 1024 });
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      decorateReply: false,
      // The headers below say how long each file may be kept.
      cacheControl: false,
      setHeaders(response, path) {
        response.setHeader('Content-Security-Policy', PANEL_CSP);
        response.setHeader('X-Content-Type-Options', 'nosniff');
        response.setHeader('Referrer-Policy', 'no-referrer');
        response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
        response.setHeader(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
}
