import type { TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';

/**
 * The URL parameters of a public GET that are left out before it is read: storefronts pass
 * marketing and tracking parameters (`utm_source`, `gclid`, `fbclid`, …) through to every call,
 * and a link shared twice can carry a parameter twice. Refusing them would break a page over
 * something the answer does not depend on, so a parameter the endpoint does not read is ignored
 * (as GET /v1/robots ignores all of them), and of a parameter sent more than once the first is
 * read. The debug trace names what was ignored.
 */
export interface UrlParameters {
  /** Runs before validation: leaves in `request.query` only what the endpoint reads, once each. */
  preValidation(request: FastifyRequest): Promise<void>;
  /** What was ignored of the request's URL, each as `name=value` as sent; empty when nothing was. */
  ignoredOf(request: FastifyRequest): string[];
}

/**
 * `schema` names the parameters the endpoint reads; `refused` those a request of the same
 * endpoint takes only in a POST body (filters, context) or not at all (a search's time), each
 * with what to do instead: ignoring them would answer another request than the one meant.
 */
export function urlParameters(
  schema: TObject,
  refused: Readonly<Record<string, string>> = {},
): UrlParameters {
  const read = new Set(Object.keys(schema.properties));
  const ignored = new WeakMap<FastifyRequest, string[]>();
  return {
    async preValidation(request) {
      const query = request.query as Record<string, unknown>;
      const wrong = Object.keys(query).filter((name) => Object.hasOwn(refused, name));
      if (wrong.length > 0) {
        throw new AppError(
          'invalid_request',
          'The request cannot be answered as sent.',
          wrong.map((name) => ({ pointer: `/${name}`, message: refused[name]! })),
        );
      }
      const left: string[] = [];
      for (const [name, value] of Object.entries(query)) {
        const values = Array.isArray(value) ? value.map(String) : [String(value)];
        if (!read.has(name)) {
          delete query[name];
          left.push(...values.map((one) => `${name}=${one}`));
        } else if (values.length > 1) {
          query[name] = values[0];
          left.push(...values.slice(1).map((one) => `${name}=${one}`));
        }
      }
      if (left.length > 0) ignored.set(request, left);
    },
    ignoredOf: (request) => ignored.get(request) ?? [],
  };
}
