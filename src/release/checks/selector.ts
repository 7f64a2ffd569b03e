import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { AVAILABILITY, filterFieldProblem } from './fields.js';

/**
 * Selectors (rule conditions and effects, smart categories, tests) are open maps in the schema, so
 * their fields and value forms are checked here, at every depth of `any`, `all` and `not`.
 */

const COMPARISONS = ['lt', 'lte', 'gt', 'gte'];
const VALUE_FORMS = 'a value, a list of values, or an object with lt, lte, gt, gte, between or exists';

type Scalar = boolean | number | string;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}

/** Every problem of the selector at `path` in `file`. */
export function selectorViolations(
  view: ReleaseView,
  file: string,
  selector: Record<string, unknown>,
  path: Path,
): Violation[] {
  const violations: Violation[] = [];
  for (const [key, value] of Object.entries(selector)) {
    const at = [...path, key];
    if (key === 'any' || key === 'all') {
      if (!Array.isArray(value) || value.length === 0) {
        violations.push(
          violation(file, at, `"${key}" takes a list of at least one selector: write [{ ... }].`),
        );
        continue;
      }
      value.forEach((item, index) => {
        violations.push(...nested(view, file, item, [...at, index], `Each item of "${key}"`));
      });
    } else if (key === 'not') {
      violations.push(...nested(view, file, value, at, '"not"'));
    } else {
      const problem =
        key === 'category'
          ? categoryProblem(value)
          : (filterFieldProblem(view, key) ?? valueProblem(key, value));
      if (problem !== undefined) violations.push(violation(file, at, problem));
    }
  }
  return violations;
}

function nested(view: ReleaseView, file: string, value: unknown, at: Path, what: string): Violation[] {
  if (isObject(value)) return selectorViolations(view, file, value, at);
  return [
    violation(
      file,
      at,
      `${what} is a selector: write an object keyed by field, such as { "brand": "nike" }.`,
    ),
  ];
}

function categoryProblem(value: unknown): string | undefined {
  const keys = isObject(value) ? Object.keys(value) : [];
  const ids = isObject(value) ? (value.is ?? value.within) : undefined;
  const isIdList =
    Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string' && id !== '');
  if (keys.length === 1 && ((typeof ids === 'string' && ids !== '') || isIdList)) return undefined;
  return `"category" takes { "is": ids } for exactly those categories or { "within": ids } for them and everything below, ids being one category id or a list: write ${JSON.stringify(value)} in one of those forms.`;
}

function valueProblem(field: string, value: unknown): string | undefined {
  if (isScalar(value)) return plainValueProblem(field, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return `The empty list for "${field}" matches nothing: name at least one value.`;
    const item = value.find((one) => !isScalar(one));
    if (item !== undefined) {
      return `A list for "${field}" holds plain values, not ${JSON.stringify(item)}: write each value as a string, number or boolean.`;
    }
    return value
      .map((one) => plainValueProblem(field, one as Scalar))
      .find((problem) => problem !== undefined);
  }
  if (!isObject(value) || Object.keys(value).length === 0) {
    return `${JSON.stringify(value)} is no value for "${field}": give ${VALUE_FORMS}.`;
  }
  return Object.entries(value)
    .map(([operator, operand]) => operatorProblem(field, operator, operand))
    .find((problem) => problem !== undefined);
}

function operatorProblem(field: string, operator: string, operand: unknown): string | undefined {
  if (COMPARISONS.includes(operator)) {
    return isScalar(operand)
      ? undefined
      : `"${operator}" of "${field}" compares with one value, not ${JSON.stringify(operand)}: give a number or a string.`;
  }
  if (operator === 'between') {
    return Array.isArray(operand) && operand.length === 2 && operand.every(isScalar)
      ? undefined
      : `"between" of "${field}" takes exactly two values, from and to, not ${JSON.stringify(operand)}: write [from, to].`;
  }
  if (operator === 'exists') {
    return typeof operand === 'boolean'
      ? undefined
      : `"exists" of "${field}" is true or false, not ${JSON.stringify(operand)}: write true or false.`;
  }
  return `"${operator}" is no comparison for "${field}": give ${VALUE_FORMS}.`;
}

function plainValueProblem(field: string, value: Scalar): string | undefined {
  if (field !== 'availability' || AVAILABILITY.includes(String(value))) return undefined;
  return `${JSON.stringify(value)} is no availability: use one of ${listed(AVAILABILITY)}.`;
}
