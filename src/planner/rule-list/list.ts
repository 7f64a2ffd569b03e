import type { Violation } from '../../contracts/problem.js';
import type { Rule } from '../../contracts/release-files/index.js';
import type { ListedRule, NamedEntity } from '../../contracts/rules.js';
import { releaseView } from '../../release/release-view.js';
import { textIn } from '../localized.js';
import type { SurfaceName } from '../rules/condition.js';
import type { Vocabulary } from '../vocabulary.js';
import { ruleConflicts } from './conflicts.js';
import { fieldsOf } from './fields.js';
import type { RequestSpace } from './overlap.js';
import { type Names, ruleSummary } from './summary.js';

/** What the catalog searches read tells of an entity a rule names. */
export interface EntityFact {
  held: boolean;
  title?: string;
  image?: string;
}

/** The catalog searches read, as a rule list needs it. */
export interface ListedCatalog {
  vocabulary: Vocabulary;
  entity(reference: string): EntityFact;
  /** Names the release gives the catalog that it does not hold (see missingCatalogNames). */
  missing: readonly Violation[];
}

export interface RuleListInput {
  /** A valid release's files. */
  files: Record<string, unknown>;
  /** The time states are read at, in ms. */
  time: number;
  channel: string;
  locale: string;
  /** Undefined while nothing is live: entities then carry no titles and no rule is dormant. */
  catalog?: ListedCatalog;
}

/** How far down a category page's grid a rule may pin and still be that page's grid: its first page. */
export const GRID_POSITIONS = 24;

const SURFACES: readonly SurfaceName[] = ['search', 'category_page', 'autocomplete'];
type Condition = NonNullable<Rule['when']>;
type Target = NonNullable<Rule['then']['hide']>[number];

/** The rules of a release as a merchandiser's list (see ListedRule), in precedence order. */
export function listRules(input: RuleListInput): ListedRule[] {
  const view = releaseView(input.files);
  const rules = view.rules.rules;
  const { catalog, locale } = input;
  const names = namesOf(catalog, locale);
  const conflicts = ruleConflicts(rules, requestSpace(input, view.channels.channels), input.time, names);
  const grids = gridRules(rules, input.time);
  return rules.map((rule, index): ListedRule => {
    const entities = namedEntities(rule).map((entity) => namedEntity(entity, catalog));
    const warnings = (catalog?.missing ?? []).filter(
      (one) => one.file === 'rules.json' && one.pointer.startsWith(`/rules/${index}/`),
    );
    const fields = fieldsOf(rule);
    return {
      id: rule.id,
      position: index + 1,
      name: rule.description.replace(/\s+/g, ' ').trim(),
      summary: ruleSummary(rule, names),
      enabled: rule.enabled !== false,
      surfaces: surfacesOf(rule.when),
      state: stateOf(rule, input.time, catalog !== undefined && isDormant(rule, entities)),
      ...(rule.schedule?.from !== undefined ? { starts_at: rule.schedule.from } : {}),
      ...(rule.schedule?.until !== undefined ? { ends_at: rule.schedule.until } : {}),
      conflicts: conflicts[index]!,
      entities,
      ...(warnings.length > 0 ? { warnings } : {}),
      ...(fields !== undefined ? { fields } : {}),
      ...(grids.has(index) ? { grid_of: grids.get(index)! } : {}),
    };
  });
}

function namesOf(catalog: ListedCatalog | undefined, locale: string): Names {
  return {
    locale,
    entity: (reference) => {
      const title = catalog?.entity(reference).title;
      return title !== undefined ? `${title} (${reference})` : reference;
    },
    category: (id) => {
      const title = textIn(catalog?.vocabulary.categories.get(id)?.title, locale);
      return title !== undefined ? title : id;
    },
  };
}

function requestSpace(input: RuleListInput, channels: RequestSpace['channels']): RequestSpace {
  const categories = input.catalog?.vocabulary.categories;
  const children = new Map<string, string[]>();
  for (const category of categories?.values() ?? []) {
    if (category.parent === undefined) continue;
    children.set(category.parent, [...(children.get(category.parent) ?? []), category.id]);
  }
  const within = (category: string, ancestor: string) => {
    const seen = new Set<string>();
    for (
      let at: string | undefined = category;
      at !== undefined && !seen.has(at);
      at = categories?.get(at)?.parent
    ) {
      if (at === ancestor) return true;
      seen.add(at);
    }
    return false;
  };
  return {
    channels,
    channel: input.channel,
    locale: input.locale,
    within,
    children: (category) => children.get(category) ?? [],
  };
}

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

function stateOf(rule: Rule, time: number, dormant: boolean): ListedRule['state'] {
  if (rule.enabled === false) return 'disabled';
  if (rule.schedule?.until !== undefined && Date.parse(rule.schedule.until) <= time) return 'ended';
  if (dormant) return 'dormant';
  if (rule.schedule?.from !== undefined && Date.parse(rule.schedule.from) > time) return 'scheduled';
  return 'active';
}

/** The entities a rule names, each once, in the order it names them. */
function namedEntities(rule: Rule): string[] {
  const then = rule.then;
  const named: string[] = [];
  const targets = (list: readonly Target[] | undefined) => {
    for (const target of list ?? []) {
      if ('entity' in target) named.push(target.entity);
      if ('entities' in target) named.push(...target.entities);
    }
  };
  if (then.redirect !== undefined && 'to' in then.redirect) named.push(then.redirect.to);
  targets(then.hide);
  for (const pin of then.pin ?? []) named.push(pin.entity);
  targets(then.boost);
  targets(then.bury);
  return [...new Set(named)];
}

function namedEntity(entity: string, catalog: ListedCatalog | undefined): NamedEntity {
  if (catalog === undefined) return { entity };
  const fact = catalog.entity(entity);
  return {
    entity,
    ...(fact.title !== undefined ? { title: fact.title } : {}),
    ...(fact.image !== undefined ? { image: fact.image } : {}),
    ...(fact.held ? {} : { gone: true as const }),
  };
}

/** A rule that acts on entities alone (pins, hides, boosts, buries, a redirect to one) and none is held. */
function isDormant(rule: Rule, entities: readonly NamedEntity[]): boolean {
  const then = rule.then;
  const onEntities =
    Object.keys(then).every((effect) => ['pin', 'hide', 'boost', 'bury', 'redirect'].includes(effect)) &&
    (then.redirect === undefined || 'to' in then.redirect) &&
    [then.hide, then.boost, then.bury].every((targets) =>
      (targets ?? []).every((target) => !('where' in target)),
    );
  return onEntities && entities.length > 0 && entities.every((entity) => entity.gone === true);
}

/**
 * For each category, the highest enabled rule still open at `time` that does nothing but pin within
 * the first grid positions of that category's page: the rule a grid editor lays out.
 */
function gridRules(rules: readonly Rule[], time: number): Map<number, string> {
  const grids = new Map<number, string>();
  const taken = new Set<string>();
  rules.forEach((rule, index) => {
    const category = gridCategory(rule, time);
    if (category === undefined || taken.has(category)) return;
    taken.add(category);
    grids.set(index, category);
  });
  return grids;
}

function gridCategory(rule: Rule, time: number): string | undefined {
  if (rule.enabled === false) return undefined;
  if (rule.schedule?.until !== undefined && Date.parse(rule.schedule.until) <= time) return undefined;
  const { then, when } = rule;
  if (Object.keys(then).some((effect) => effect !== 'pin')) return undefined;
  if (!then.pin!.every((pin) => pin.position <= GRID_POSITIONS)) return undefined;
  if (when === undefined || Object.keys(when).some((member) => member !== 'on' && member !== 'category'))
    return undefined;
  const on = when.on === undefined ? ['category_page'] : [when.on].flat();
  if (on.length !== 1 || on[0] !== 'category_page' || when.category === undefined || !('is' in when.category))
    return undefined;
  const ids = [when.category.is].flat();
  return ids.length === 1 ? ids[0] : undefined;
}
