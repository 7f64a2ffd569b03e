import type { Violation } from '../../contracts/problem.js';
import { type Path, violation } from './check.js';
import type { Bucket } from './page-types.js';

const FILE = 'categories.json';

function bounds(bucket: Bucket): string {
  if (bucket.from === undefined) return `below ${bucket.to}`;
  if (bucket.to === undefined) return `from ${bucket.from} on`;
  return `from ${bucket.from} to ${bucket.to}`;
}

/**
 * A facet's buckets, at `path`: each holds some values but not all, and they ascend. Buckets with
 * an open end may overlap ("under 50", "under 100"); two closed ones may not, or a value would
 * count twice where the shopper expects a partition.
 */
export function bucketViolations(buckets: Bucket[], path: Path): Violation[] {
  const violations: Violation[] = [];
  buckets.forEach((bucket, index) => {
    const at = [...path, index];
    if (bucket.from === undefined && bucket.to === undefined) {
      violations.push(
        violation(
          FILE,
          at,
          'A bucket with neither from nor to holds every value: give it a from, a to, or both.',
        ),
      );
      return;
    }
    if (bucket.from !== undefined && bucket.to !== undefined && bucket.from >= bucket.to) {
      violations.push(
        violation(
          FILE,
          [...at, 'to'],
          `The bucket ${bounds(bucket)} holds no value, since to is exclusive: make to greater than ${bucket.from}.`,
        ),
      );
      return;
    }
    const previous = buckets[index - 1];
    if (previous === undefined || (previous.from === undefined && previous.to === undefined)) return;
    const problem = orderProblem(previous, bucket);
    if (problem !== undefined) violations.push(violation(FILE, at, problem));
  });
  return violations;
}

function orderProblem(previous: Bucket, bucket: Bucket): string | undefined {
  const lower = (one: Bucket) => one.from ?? Number.NEGATIVE_INFINITY;
  const upper = (one: Bucket) => one.to ?? Number.POSITIVE_INFINITY;
  if (lower(bucket) === lower(previous) && upper(bucket) === upper(previous)) {
    return `The bucket ${bounds(bucket)} repeats the one before it: remove it.`;
  }
  if (lower(bucket) < lower(previous) || upper(bucket) < upper(previous)) {
    return `Buckets ascend, and ${bounds(bucket)} comes after ${bounds(previous)}: list it before that one.`;
  }
  if (
    previous.to !== undefined &&
    bucket.from !== undefined &&
    previous.from !== undefined &&
    bucket.to !== undefined
  ) {
    if (bucket.from < previous.to) {
      return `The bucket ${bounds(bucket)} overlaps ${bounds(previous)} before it, and only buckets with an open end may overlap: start it at ${previous.to} or later.`;
    }
  }
  return undefined;
}
