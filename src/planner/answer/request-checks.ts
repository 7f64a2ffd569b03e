import type { Violation } from '../../contracts/problem.js';
import type { SearchRequest } from '../../contracts/search.js';
import type { EngineIndex } from '../../engine/index.js';
import { AppError } from '../../lib/errors.js';
import type { PageSettings } from '../../release/page-settings.js';

/**
 * What the planner cannot check without the index: the category a request browses must be one
 * the live catalog holds (a category page must name one), and each facet it asks to count must be
 * a facet of some page of the release. Each violation points at the field.
 */
export function listingViolations(
  index: EngineIndex,
  pages: PageSettings,
  request: SearchRequest,
): Violation[] {
  const violations: Violation[] = [];
  const category = request.category;
  if (category !== undefined && !index.shared.categories.has(category)) {
    violations.push({
      pointer: '/category',
      message: `"${category}" is no category of the live catalog: name a category id it holds.`,
    });
  } else if (category === undefined && request.on === 'category_page') {
    violations.push({
      pointer: '/category',
      message: 'A category page lists a category: name it in category.',
    });
  }
  const known = pages.facetFields;
  (request.facets ?? []).forEach((field, at) => {
    if (!known.has(field)) {
      violations.push({
        pointer: `/facets/${at}`,
        message: `"${field}" is a facet of no page of the release: name a facet categories.json lists.`,
      });
    }
  });
  return violations;
}

/**
 * Runs `plan` (which refuses a channel, locale, context or sort the release lacks) and refuses
 * the request with every violation found, its own and `violations`, in the order of the request's
 * fields.
 */
export function refuseTogether<T>(violations: readonly Violation[], plan: () => T): T {
  let planned: T;
  try {
    planned = plan();
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request') {
      throw new AppError(
        error.code,
        error.detail,
        inRequestOrder([...(error.violations ?? []), ...violations]),
      );
    }
    throw error;
  }
  if (violations.length > 0) {
    throw new AppError('bad_request', 'The request cannot be answered as sent.', [...violations]);
  }
  return planned;
}

const FIELD_ORDER = ['/channel', '/locale', '/context', '/category', '/sort', '/facets'];

function inRequestOrder(violations: Violation[]): Violation[] {
  const rank = (violation: Violation) => {
    const at = FIELD_ORDER.findIndex((field) => violation.pointer.startsWith(field));
    return at < 0 ? FIELD_ORDER.length : at;
  };
  return violations.sort((a, b) => rank(a) - rank(b));
}
