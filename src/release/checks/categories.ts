import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { facetGroupViolations } from './facet-groups.js';
import { facetListViolations } from './facets.js';
import { sortCodes } from './known.js';
import type { CategoryNode, PageSettings } from './page-types.js';
import { selectorViolations } from './selector.js';

const FILE = 'categories.json';

/** The default page and each category node: facets, groups, sorts, smart categories, filter pages. */
export function checkCategories(view: ReleaseView): Violation[] {
  const { default: defaults, nodes = [] } = view.categories;
  const violations = defaults === undefined ? [] : pageViolations(view, defaults, ['default']);
  const categories = new Set<string>();
  nodes.forEach((node, index) => {
    const path = ['nodes', index];
    if (categories.has(node.category)) {
      violations.push(
        violation(
          FILE,
          [...path, 'category'],
          `The category "${node.category}" has an earlier node too: merge the two nodes into one.`,
        ),
      );
    }
    categories.add(node.category);
    violations.push(...pageViolations(view, node, path));
    if (node.where !== undefined)
      violations.push(...selectorViolations(view, FILE, node.where, [...path, 'where']));
    violations.push(...filterPageViolations(view, node, path));
  });
  return violations;
}

function pageViolations(view: ReleaseView, page: PageSettings, path: Path): Violation[] {
  const violations: Violation[] = [];
  if (page.facets !== undefined)
    violations.push(...facetListViolations(view, page.facets, [...path, 'facets']));
  if (page.groups !== undefined)
    violations.push(...facetGroupViolations(view, page.groups, [...path, 'groups']));
  const sort = page.sort;
  if (sort === undefined) return violations;
  const codes = sortCodes(view);
  const unknown = (code: string) =>
    `"${code}" is neither relevance nor a sort of ranking.json: use one of ${listed(codes)}, or define it there.`;
  if (sort.default !== undefined && !codes.includes(sort.default)) {
    violations.push(violation(FILE, [...path, 'sort', 'default'], unknown(sort.default)));
  } else if (
    sort.default !== undefined &&
    sort.options !== undefined &&
    !sort.options.includes(sort.default)
  ) {
    violations.push(
      violation(
        FILE,
        [...path, 'sort', 'default'],
        `The page would start sorted by "${sort.default}", which its options do not offer: add it to options, or start with one of ${listed(sort.options)}.`,
      ),
    );
  }
  sort.options?.forEach((code, index) => {
    const at = [...path, 'sort', 'options', index];
    if (!codes.includes(code)) violations.push(violation(FILE, at, unknown(code)));
    else if (sort.options!.indexOf(code) < index) {
      violations.push(violation(FILE, at, `The sort "${code}" is offered twice: list it once.`));
    }
  });
  return violations;
}

/** A node's filter pages are taken from the combinations routes.json lists; order does not matter. */
function filterPageViolations(view: ReleaseView, node: CategoryNode, path: Path): Violation[] {
  const key = (fields: string[]) => JSON.stringify([...fields].sort());
  const combinations = view.routes.filter_pages ?? [];
  const listedKeys = new Set(combinations.map(key));
  return (node.filter_pages ?? []).flatMap((fields, index) =>
    listedKeys.has(key(fields))
      ? []
      : [
          violation(
            FILE,
            [...path, 'filter_pages', index],
            combinations.length === 0
              ? `The filter page ${JSON.stringify(fields)} is not a combination routes.json lists under filter_pages, which lists none: add it there, or remove it here.`
              : `The filter page ${JSON.stringify(fields)} is not a combination routes.json lists under filter_pages: use one of ${combinations.map((one) => JSON.stringify(one)).join(', ')}, or add it there.`,
          ),
        ],
  );
}
