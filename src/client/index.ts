/**
 * The typed client of aisle's three APIs, for storefronts, scripts and the operator panel. Each
 * client is an openapi-fetch client over the operations of openapi.json: paths, parameters, bodies
 * and answers are typed from the description the server itself serves. It runs wherever `fetch`
 * does (browsers, Node.js 22 and later, workers) and imports nothing of the server.
 *
 *     const search = createQueryClient({ url: 'https://search.example.com' });
 *     const page = await unwrap(search.POST('/v1/search', { body: { query: 'kettle' } }));
 */
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './openapi-types.js';
import { AisleProblemError } from './problem-error.js';

export type { components, operations, paths } from './openapi-types.js';
export type { AisleProblem } from './problem-error.js';
export { AisleProblemError } from './problem-error.js';

export type AisleClient = Client<paths>;

export interface QueryClientOptions {
  /** The public port's base URL, such as `http://127.0.0.1:8080`. */
  url: string;
  /** A fetch of your own (a test double, one with a proxy agent); the global one otherwise. */
  fetch?: ClientOptions['fetch'];
  /** Headers sent with every call. */
  headers?: Record<string, string>;
}

export interface ManagementClientOptions extends QueryClientOptions {
  /** `SEARCH_MANAGEMENT_KEY` (or, for the internal port, `AISLE_INTERNAL_KEY`), sent as a Bearer key. */
  key: string;
}

/** A client of the public Query and Events API: search, autocomplete, product, resolve, robots, events. */
export function createQueryClient(options: QueryClientOptions): AisleClient {
  return createClient<paths>(clientOptions(options));
}

/**
 * A client of the management API (`/api/v1`) that sends the key with every call. The key lives in
 * the client only: it is never put in a URL, and a request's own Authorization header wins.
 */
export function createManagementClient(options: ManagementClientOptions): AisleClient {
  if (!options.key) throw new TypeError('createManagementClient needs the management key.');
  const client = createClient<paths>(clientOptions(options));
  client.use(bearer(options.key));
  return client;
}

/**
 * The data of a successful answer, or an `AisleProblemError` carrying the problem aisle answered:
 * for code that prefers exceptions to openapi-fetch's `{ data, error }`.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw new AisleProblemError(response.status, error, response.statusText);
}

function clientOptions(options: QueryClientOptions): ClientOptions {
  return {
    baseUrl: options.url.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

function bearer(key: string): Middleware {
  return {
    onRequest({ request }) {
      if (!request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${key}`);
      return request;
    },
  };
}
