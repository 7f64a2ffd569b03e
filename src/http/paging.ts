import type { FastifyRequest } from 'fastify';
import { type PageRequest, pageMeta } from '../lib/paging.js';

/**
 * A paged list with `links` as whole URLs to the same path, keeping `per_page`, and `meta` with
 * the page arithmetic.
 */
export function pagedAnswer<T>(request: FastifyRequest, page: PageRequest, total: number, data: T[]) {
  const meta = pageMeta(page, total);
  const path = request.url.split('?')[0];
  const link = (n: number) =>
    `${request.protocol}://${request.host}${path}?page=${n}&per_page=${page.perPage}`;
  return {
    data,
    links: {
      first: link(1),
      last: link(meta.last_page),
      ...(page.page > 1 ? { prev: link(Math.min(page.page - 1, meta.last_page)) } : {}),
      ...(page.page < meta.last_page ? { next: link(page.page + 1) } : {}),
    },
    meta,
  };
}

export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? 15 };
}
