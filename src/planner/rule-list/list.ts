import type { Violation } from '../../contracts/problem.js';
import type { Rule } from '../../contracts/release-files/index.js';
import type { ListedRule, NamedEntity } from '../../contracts/rules.js';
import type { ChannelView } from '../../release/release-view.js';
import { conflictsInWords, findConflicts } from './conflicts.js';
import { fieldsOf } from './fields.js';
import type { RequestSpace } from './overlap.js';
import { type Names, ruleSummary } from './summary.js';
import { surfacesOf } from './surfaces.js';

/** What the catalog searches read tells of an entity a rule names. */
export interface EntityFact {
  held: boolean;
  title?: string;
  image?: string;
}

/**
 * The catalog searches read, as a rule list needs it: plain data, so that the list can be made on
 * a thread that does not hold the catalog (see src/query/rule-tasks.ts).
 */
export interface ListedCatalog {
  /** Every category: its title in the list's locale, and its parent. */
  categories: Array<{ id: string; title?: string; parent?: string }>;
  /** What the catalog holds of each entity the rules name (see entitiesNamedBy). */
  entities: Record<string, EntityFact>;
  /** Names the release gives the catalog that it does not hold (see missingCatalogNames). */
  missing: Violation[];
}

export interface RuleListInput {
  /** A valid release's rules, in precedence order, and its channels. */
  rules: Rule[];
  channels: ChannelView[];
  /** The time states are read at, in ms. */
  time: number;
  channel: string;
  locale: string;
  /** Undefined while nothing is live: entities then carry no titles and no rule is dormant. */
  catalog?: ListedCatalog;
}

/** How far down a category page's grid a rule may pin and still be that page's grid: its first page. */
export const GRID_POSITIONS = 24;

type Target = NonNullable<Rule['then']['hide']>[number];

/**
 * The rules of a release as a merchandiser's list (see ListedRule), in precedence order. Finding
 * the conflicts is most of the work (see conflicts.ts): with thousands of rules, seconds.
 */
export function listRules(input: RuleListInput): ListedRule[] {
  const { rules, catalog, locale } = input;
  const categories = new Map((catalog?.categories ?? []).map((category) => [category.id, category]));
  const names = namesOf(catalog, categories, locale);
  const found = findConflicts(rules, requestSpace(input, categories), input.time);
  const conflicts = conflictsInWords(rules, found, names);
  const grids = gridRules(rules, input.time);
  const warnings = warningsByRule(catalog?.missing ?? []);
  return rules.map((rule, index): ListedRule => {
    const entities = namedEntities(rule).map((entity) => namedEntity(entity, catalog));
    const ruleWarnings = warnings.get(index);
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
      ...(found.more[index] ? { more_conflicts: true as const } : {}),
      entities,
      ...(ruleWarnings !== undefined ? { warnings: ruleWarnings } : {}),
      ...(fields !== undefined ? { fields } : {}),
      ...(grids.has(index) ? { grid_of: grids.get(index)! } : {}),
    };
  });
}

/** Every entity the rules name, each once: what the list asks the catalog about. */
export function entitiesNamedBy(rules: readonly Rule[]): string[] {
  return [...new Set(rules.flatMap(namedEntities))];
}

/** The names rules.json gives the catalog that it lacks, by the rule they are in. */
function warningsByRule(missing: readonly Violation[]): Map<number, Violation[]> {
  const byRule = new Map<number, Violation[]>();
  for (const violation of missing) {
    if (violation.file !== 'rules.json') continue;
    const rule = /^\/rules\/(\d+)\//.exec(violation.pointer)?.[1];
    if (rule === undefined) continue;
    const at = Number(rule);
    const known = byRule.get(at);
    if (known) known.push(violation);
    else byRule.set(at, [violation]);
  }
  return byRule;
}

function namesOf(
  catalog: ListedCatalog | undefined,
  categories: ReadonlyMap<string, { title?: string }>,
  locale: string,
): Names {
  return {
    locale,
    entity: (reference) => {
      const title = catalog?.entities[reference]?.title;
      return title !== undefined ? `${title} (${reference})` : reference;
    },
    category: (id) => categories.get(id)?.title ?? id,
  };
}

function requestSpace(
  input: RuleListInput,
  categories: ReadonlyMap<string, { parent?: string }>,
): RequestSpace {
  const children = new Map<string, string[]>();
  for (const [id, category] of categories) {
    if (category.parent === undefined) continue;
    const siblings = children.get(category.parent);
    if (siblings) siblings.push(id);
    else children.set(category.parent, [id]);
  }
  const within = (category: string, ancestor: string) => {
    const seen = new Set<string>();
    for (
      let at: string | undefined = category;
      at !== undefined && !seen.has(at);
      at = categories.get(at)?.parent
    ) {
      if (at === ancestor) return true;
      seen.add(at);
    }
    return false;
  };
  return {
    channels: input.channels,
    channel: input.channel,
    locale: input.locale,
    within,
    children: (category) => children.get(category) ?? [],
  };
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
  const fact = catalog.entities[entity] ?? { held: false };
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
