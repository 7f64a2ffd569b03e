import type { Violation } from '../../contracts/problem.js';
import type { RoutesFile } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { filterFieldProblem } from './fields.js';
import { entityType, typeCodes } from './known.js';

const FILE = 'routes.json';

type Add = (path: Path, message: string) => void;

/** Filter pages, legacy URLs, the brand path and the URL parameters listings read. */
export function checkRoutes(view: ReleaseView): Violation[] {
  const violations: Violation[] = [];
  const add: Add = (path, message) => violations.push(violation(FILE, path, message));
  checkFilterPages(view, add);
  checkLegacy(view, add);
  checkLegacyLoops(view, add);
  const brandPath = view.routes.brands?.path;
  const brandPaths: Array<[Path, string]> =
    typeof brandPath === 'string'
      ? [[['brands', 'path'], brandPath]]
      : Object.entries(brandPath ?? {}).map(([locale, path]) => [['brands', 'path', locale], path]);
  for (const [at, path] of brandPaths) {
    if (!path.includes('{brand}')) {
      add(
        at,
        `The brand path "${path}" has no {brand} where the brand id goes: write it as "/brands/{brand}" or similar.`,
      );
    }
  }
  checkParameters(view.routes, add);
  return violations;
}

/** A filter page combines different filterable fields; combinations are sets, so order does not matter. */
function checkFilterPages(view: ReleaseView, add: Add): void {
  const combinations = new Set<string>();
  view.routes.filter_pages?.forEach((fields, index) => {
    fields.forEach((field, fieldIndex) => {
      const problem =
        filterFieldProblem(view, field) ??
        (fields.indexOf(field) < fieldIndex
          ? `"${field}" is named twice in this combination: name each field once.`
          : undefined);
      if (problem !== undefined) add(['filter_pages', index, fieldIndex], problem);
    });
    const key = JSON.stringify([...new Set(fields)].sort());
    if (combinations.has(key)) {
      add(
        ['filter_pages', index],
        `The combination ${JSON.stringify(fields)} is listed before: list each combination once.`,
      );
    }
    combinations.add(key);
  });
}

/** A legacy URL either moved (`to`) or is gone, once each, and does not lead to itself. */
function checkLegacy(view: ReleaseView, add: Add): void {
  const types = typeCodes(view);
  const froms = new Set<string>();
  view.routes.legacy?.forEach((route, index) => {
    const at = ['legacy', index];
    if (froms.has(route.from)) {
      add([...at, 'from'], `"${route.from}" is listed before: list each old URL once.`);
    }
    froms.add(route.from);
    const gone = route.gone === true;
    if (gone === (route.to !== undefined)) {
      add(
        at,
        gone
          ? `"${route.from}" is both moved (to "${route.to}") and gone: keep to for a redirect, or gone for a 410.`
          : `"${route.from}" is neither moved nor gone: add to with its new place, or gone: true.`,
      );
    }
    const to = route.to;
    if (to === undefined) return;
    if (to === route.from) {
      add([...at, 'to'], `"${route.from}" would redirect to itself: send it elsewhere, or mark it gone.`);
    } else if (!to.startsWith('/') && !to.startsWith('https://') && !types.includes(entityType(to))) {
      add(
        [...at, 'to'],
        `"${to}" is of type "${entityType(to)}", which types.json does not define: name an entity of ${listed(types)}, a path or an https URL.`,
      );
    }
  });
}

/**
 * A moved URL leads to its final URL through the entries it meets: one that comes back to where
 * it started through other old URLs would never end (leading to itself directly is said above).
 */
function checkLegacyLoops(view: ReleaseView, add: Add): void {
  const legacy = view.routes.legacy ?? [];
  const next = new Map<string, string>();
  for (const route of legacy) {
    if (route.to?.startsWith('/') && !next.has(route.from)) next.set(route.from, route.to);
  }
  legacy.forEach((route, index) => {
    const to = route.to;
    if (to === undefined || !to.startsWith('/') || to === route.from) return;
    const through: string[] = [];
    for (
      let at: string | undefined = to;
      at !== undefined && through.length <= legacy.length;
      at = next.get(at)
    ) {
      if (at === route.from) {
        add(
          ['legacy', index, 'to'],
          `"${route.from}" leads back to itself through ${through.map((one) => `"${one}"`).join(', ')}: send one of them elsewhere, or mark it gone.`,
        );
        return;
      }
      if (through.includes(at)) return;
      through.push(at);
    }
  });
}

/** The search query, page and sort are read from the URL by name, so each needs its own. */
function checkParameters(routes: RoutesFile, add: Add): void {
  const names = [
    {
      at: ['search', 'query_parameter'],
      reads: 'the search query',
      given: routes.search?.query_parameter,
      name: 'q',
    },
    { at: ['parameters', 'page'], reads: 'the page', given: routes.parameters?.page, name: 'page' },
    { at: ['parameters', 'sort'], reads: 'the sort', given: routes.parameters?.sort, name: 'sort' },
  ].map((parameter) => ({ ...parameter, name: parameter.given ?? parameter.name }));
  names.forEach((parameter, index) => {
    const earlier = names.slice(0, index).find((other) => other.name === parameter.name);
    if (earlier === undefined) return;
    // Two defaults never clash, so one of the two is written in the file: point at it.
    const written = parameter.given !== undefined ? parameter : earlier;
    add(
      written.at,
      `The URL parameter "${parameter.name}" would carry both ${earlier.reads} and ${parameter.reads}: give each its own name.`,
    );
  });
}
