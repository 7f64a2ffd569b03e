import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { type Path, violation } from './check.js';
import { filterFieldProblem } from './fields.js';
import type { FacetGroup } from './page-types.js';

const FILE = 'categories.json';

/** A page's groups at `path`: codes differ, and a facet belongs to one group at most. */
export function facetGroupViolations(view: ReleaseView, groups: FacetGroup[], path: Path): Violation[] {
  const violations: Violation[] = [];
  const codes = new Set<string>();
  const owners = new Map<string, string>();
  groups.forEach((group, index) => {
    if (codes.has(group.group)) {
      violations.push(
        violation(
          FILE,
          [...path, index, 'group'],
          `The group code "${group.group}" names an earlier group of this page too: give each group its own code.`,
        ),
      );
    }
    codes.add(group.group);
    group.facets.forEach((field, facetIndex) => {
      const at = [...path, index, 'facets', facetIndex];
      const owner = owners.get(field);
      const problem =
        filterFieldProblem(view, field) ??
        (owner === undefined
          ? undefined
          : `"${field}" is a facet of group "${owner}" already, and a facet is in one group at most: remove it from one of them.`);
      if (problem !== undefined) violations.push(violation(FILE, at, problem));
      owners.set(field, owner ?? group.group);
    });
  });
  return violations;
}
