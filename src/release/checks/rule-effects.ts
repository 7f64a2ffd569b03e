import type { Violation } from '../../contracts/problem.js';
import type { Rule } from '../../contracts/release-files/index.js';
import type { ReleaseView } from '../release-view.js';
import { listed, type Path, violation } from './check.js';
import { isFilterable } from './fields.js';
import { entityTypeProblem, isShopLink, typeCodes } from './known.js';
import { selectorViolations } from './selector.js';

type Effects = Rule['then'];
type Target = NonNullable<Effects['hide']>[number];
type Add = (rest: Path, message: string) => void;

const FILE = 'rules.json';

/** What a rule does, at `path`: the types, entities, fields and links its effects name. */
export function effectViolations(view: ReleaseView, effects: Effects, path: Path): Violation[] {
  const violations: Violation[] = [];
  const add: Add = (rest, message) => violations.push(violation(FILE, [...path, ...rest], message));
  const types = typeCodes(view);
  const type = (at: Path, code: string) => {
    if (!types.includes(code)) add(at, `"${code}" is no type of types.json: use one of ${listed(types)}.`);
  };
  const entity = (at: Path, reference: string) => {
    const problem = entityTypeProblem(types, reference);
    if (problem !== undefined) add(at, problem);
  };
  const selector = (at: Path, where: Record<string, unknown>) =>
    violations.push(...selectorViolations(view, FILE, where, [...path, ...at]));

  checkResolve(view, effects, add);
  const redirect = effects.redirect;
  if (redirect !== undefined && 'to' in redirect) {
    entity(['redirect', 'to'], redirect.to);
    if (redirect.filters !== undefined) selector(['redirect', 'filters'], redirect.filters);
  } else if (redirect !== undefined && !isShopLink(redirect.url)) {
    add(['redirect', 'url'], linkProblem(redirect.url));
  }
  if (effects.filter !== undefined) {
    if (effects.filter.type !== undefined) type(['filter', 'type'], effects.filter.type);
    selector(['filter', 'where'], effects.filter.where);
  }
  for (const kind of ['boost', 'bury'] as const) {
    // Strengths are the shop's own factors: aisle invents none, so a rule that uses one needs them.
    if (effects[kind] !== undefined && view.ranking.strengths === undefined) {
      add(
        [kind],
        `A ${kind} moves entities by the strengths ranking.json defines, and it defines none: add "strengths" with "boost" and "bury" factors to ranking.json.`,
      );
    }
  }
  for (const kind of ['hide', 'boost', 'bury'] as const) {
    effects[kind]?.forEach((target: Target, index) => {
      const at = [kind, index];
      if ('entity' in target) entity([...at, 'entity'], target.entity);
      if ('entities' in target) {
        for (const [oneIndex, one] of target.entities.entries()) entity([...at, 'entities', oneIndex], one);
      }
      if ('where' in target) {
        if (target.type !== undefined) type([...at, 'type'], target.type);
        selector([...at, 'where'], target.where);
      }
    });
  }
  checkPins(effects, entity, add);
  checkPlacements(effects, add);
  effects.sections?.forEach((code, index) => {
    type(['sections', index], code);
    if (effects.sections!.indexOf(code) < index) {
      add(['sections', index], `The type "${code}" is listed twice: list each type once.`);
    }
  });
  return violations;
}

function linkProblem(link: string): string {
  return `"${link}" is neither a path on the shop (starting with one /) nor a URL starting with https://: write it as "/sale" or "https://example.com/sale".`;
}

/** A term means text, or fields a query can name: a brand, a category or a filterable attribute. */
function checkResolve(view: ReleaseView, effects: Effects, add: Add): void {
  const fields = [
    'brand',
    'category',
    ...view.attributeList.filter(isFilterable).map((attribute) => attribute.code),
  ];
  const terms = new Set<string>();
  effects.resolve?.forEach(({ term, as }, index) => {
    const normalized = term.trim().toLowerCase();
    if (terms.has(normalized)) {
      add(
        ['resolve', index, 'term'],
        `The term "${term}" is resolved earlier in this rule: resolve each term once.`,
      );
    }
    terms.add(normalized);
    if (as === 'text') return;
    const keys = Object.keys(as);
    if (keys.length === 0) {
      add(
        ['resolve', index, 'as'],
        `"${term}" resolves to nothing: name what it means, such as { "brand": "nike" }, or write "text".`,
      );
    }
    for (const key of keys.filter((one) => !fields.includes(one))) {
      add(
        ['resolve', index, 'as', key],
        `A term cannot mean "${key}": map it to one of ${listed(fields)}, or write "text".`,
      );
    }
  });
}

/** Pins of one rule ask for different positions and name different entities. */
function checkPins(effects: Effects, entity: (at: Path, reference: string) => void, add: Add): void {
  const positions = new Map<number, string>();
  const entities = new Set<string>();
  effects.pin?.forEach((pin, index) => {
    entity(['pin', index, 'entity'], pin.entity);
    if (entities.has(pin.entity)) {
      add(['pin', index, 'entity'], `"${pin.entity}" is pinned earlier in this rule: pin each entity once.`);
    }
    entities.add(pin.entity);
    const holder = positions.get(pin.position);
    if (holder !== undefined) {
      add(
        ['pin', index, 'position'],
        `Position ${pin.position} is taken by "${holder}" in this rule: give each pin its own position.`,
      );
    }
    positions.set(pin.position, holder ?? pin.entity);
  });
}

/** A grid placement stands before a tile, so it needs a position; the other slots have none. */
function checkPlacements(effects: Effects, add: Add): void {
  effects.place?.forEach((placement, index) => {
    if (placement.link !== undefined && !isShopLink(placement.link)) {
      add(['place', index, 'link'], linkProblem(placement.link));
    }
    if (placement.slot === 'grid' && placement.position === undefined) {
      add(
        ['place', index],
        'A placement in the grid stands before the tile at its position, and this one has none: add a position, such as 5.',
      );
    }
    if (placement.slot !== 'grid' && placement.position !== undefined) {
      add(
        ['place', index, 'position'],
        `Only a grid placement has a position, and this one is in the ${placement.slot} slot: remove position ${placement.position}, or set slot to grid.`,
      );
    }
  });
}
