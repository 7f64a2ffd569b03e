import type { Rule } from '../../contracts/release-files/index.js';
import type { SurfaceName } from '../rules/condition.js';

type Condition = NonNullable<Rule['when']>;

const SURFACES: readonly SurfaceName[] = ['search', 'category_page', 'autocomplete'];

/**
 * The surfaces a condition names (through `all` and each branch of `any`), else the category page
 * when it names a category, else every surface.
 */
export function surfacesOf(condition: Condition | undefined): SurfaceName[] {
  if (condition === undefined) return [...SURFACES];
  let surfaces = new Set<SurfaceName>(SURFACES);
  const keep = (allowed: Iterable<SurfaceName>) => {
    const set = new Set(allowed);
    surfaces = new Set([...surfaces].filter((surface) => set.has(surface)));
  };
  if (condition.on !== undefined) keep([condition.on].flat());
  else if (condition.category !== undefined) keep(['category_page']);
  for (const member of condition.all ?? []) keep(surfacesOf(member));
  if (condition.any !== undefined) keep(condition.any.flatMap(surfacesOf));
  return SURFACES.filter((surface) => surfaces.has(surface));
}
