import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Where every server serves its API reference page. */
export const API_REFERENCE_PATH = '/docs';

/**
 * Scalar's settings: it renders the description this server serves at /openapi.json, and reaches
 * nothing beyond this server (no fonts from Scalar's CDN, no telemetry, no hosted AI chat or MCP
 * offers, no developer tools for Scalar's cloud).
 */
const SCALAR_SETTINGS = {
  url: '/openapi.json',
  pageTitle: 'aisle API reference',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  defaultOpenAllTags: true,
} as const;

/** Headers of Scalar's answers worth passing on. */
const PASSED_HEADERS = ['content-type', 'location'];

/**
 * `GET /docs`: the API reference, rendered in the browser by Scalar from /openapi.json, its script
 * served from here. Scalar's Fastify plugin carries a 4 MB script and a parser that take half a
 * second to load, which every start would pay for a page few ever open; so the plugin is loaded when
 * /docs is first asked for, into a Fastify instance of its own that these routes hand requests to.
 */
export function apiReferenceRoutes(app: FastifyInstance): void {
  let reference: Promise<FastifyInstance> | undefined;
  const load = () => {
    reference ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const inner = Fastify({ logger: false });
      await inner.register(scalar, { routePrefix: API_REFERENCE_PATH, configuration: SCALAR_SETTINGS });
      await inner.ready();
      return inner;
    })();
    return reference;
  };
  app.addHook('onClose', async () => {
    if (reference) await (await reference).close();
  });

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const inner = await load();
    const scalar = await inner.inject({ method: 'GET', url: request.url });
    if (scalar.statusCode === 404) return reply.callNotFound();
    for (const name of PASSED_HEADERS) {
      const value = scalar.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    // The page names its script by a fixed path, so neither is kept without asking again.
    return reply.code(scalar.statusCode).header('cache-control', 'no-cache').send(scalar.rawPayload);
  };
  for (const url of [API_REFERENCE_PATH, `${API_REFERENCE_PATH}/*`]) {
    app.get(url, { schema: { hide: true } }, answer);
  }
}
