import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';

/**
 * A context a rule condition or a test request names, at `path` of `file`: keys channels.json
 * declares, and values among the key's values where it lists them.
 */
export function contextViolations(
  view: ReleaseView,
  file: string,
  context: Record<string, string | string[]>,
  path: Path,
): Violation[] {
  const declared = view.channels.context ?? [];
  const violations: Violation[] = [];
  for (const [key, value] of Object.entries(context)) {
    const declaration = declared.find((one) => one.key === key);
    if (declaration === undefined) {
      violations.push(
        violation(
          file,
          [...path, key],
          `"${key}" is no context key of channels.json: use one of ${listed(declared.map((one) => one.key))}, or declare it under context there.`,
        ),
      );
      continue;
    }
    const values = declaration.values;
    if (values === undefined) continue;
    const named: Array<[Path, string]> =
      typeof value === 'string' ? [[[key], value]] : value.map((one, index) => [[key, index], one]);
    for (const [at, one] of named) {
      if (!values.includes(one)) {
        violations.push(
          violation(
            file,
            [...path, ...at],
            `"${one}" is no value of the context key "${key}": use one of ${listed(values)}.`,
          ),
        );
      }
    }
  }
  return violations;
}
