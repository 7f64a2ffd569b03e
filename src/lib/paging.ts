/** Page arithmetic shared by every paged list. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export function pageMeta(request: PageRequest, total: number): PageMeta {
  return {
    current_page: request.page,
    last_page: Math.max(1, Math.ceil(total / request.perPage)),
    per_page: request.perPage,
    total,
  };
}

export function pageOffset(request: PageRequest): number {
  return (request.page - 1) * request.perPage;
}
