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
 * The request's `filters` as a selector: `any` and `all` take a list of selectors, `not` one
 * selector, at every depth. Fields and their values are the engine's to judge; this is the shape
 * the planner walks before it gets there.
 */
export function filterShapeViolations(filters: unknown, pointer = '/filters'): Violation[] {
  if (!isSelector(filters)) {
    return [
      {
        pointer,
        message: 'filters is a selector: write an object keyed by field, such as { "brand": "nike" }.',
      },
    ];
  }
  const violations: Violation[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key === 'not') {
      violations.push(...nestedSelector(value, at, '"not"'));
    } else if (key === 'any' || key === 'all') {
      if (!Array.isArray(value) || value.length === 0) {
        violations.push({
          pointer: at,
          message: `"${key}" takes a list of at least one selector: write [{ ... }].`,
        });
        continue;
      }
      value.forEach((item, index) => {
        violations.push(...nestedSelector(item, `${at}/${index}`, `Each item of "${key}"`));
      });
    }
  }
  return violations;
}

function nestedSelector(value: unknown, pointer: string, what: string): Violation[] {
  if (isSelector(value)) return filterShapeViolations(value, pointer);
  return [
    {
      pointer,
      message: `${what} is a selector: write an object keyed by field, such as { "brand": "nike" }.`,
    },
  ];
}

function isSelector(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
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
    if (error instanceof AppError && error.code === 'unknown_name') {
      throw new AppError(
        error.code,
        error.detail,
        inRequestOrder([...(error.violations ?? []), ...violations]),
      );
    }
    throw error;
  }
  if (violations.length > 0) {
    throw new AppError('unknown_name', 'The request cannot be answered as sent.', [...violations]);
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
