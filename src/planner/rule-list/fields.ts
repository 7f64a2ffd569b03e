import type { Rule } from '../../contracts/release-files/index.js';
import type { RuleFields } from '../../contracts/rules.js';

/**
 * The editor fields of a rule: a flat form for the common rules (see RuleFields). `fieldsOf`
 * answers them only when they express the whole rule, so that `ruleOf` of them is the same rule;
 * a rule with anything more (combined conditions, filters, placements, selector targets, …) has
 * none and is changed whole.
 */

type Condition = NonNullable<Rule['when']>;
type Effects = Rule['then'];
type Target = NonNullable<Effects['hide']>[number];
type Strength = NonNullable<RuleFields['boost_strength']>;

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
/** One value as itself, several as a list: the shortest form rules.json takes. */
const oneOrMany = <T>(values: T[]): T | T[] => (values.length === 1 ? values[0]! : values);

const CONDITION_MEMBERS = new Set(['on', 'query', 'category', 'channel', 'locale']);
const EFFECTS = new Set(['redirect', 'pin', 'hide', 'boost', 'bury', 'rewrite', 'sections']);

/** The editor fields that express the whole rule, or undefined when they cannot. */
export function fieldsOf(rule: Rule): RuleFields | undefined {
  const fields: RuleFields = { description: rule.description, enabled: rule.enabled !== false };
  if (rule.schedule?.from !== undefined) fields.starts_at = rule.schedule.from;
  if (rule.schedule?.until !== undefined) fields.ends_at = rule.schedule.until;
  if (rule.when !== undefined && !conditionFields(rule.when, fields)) return undefined;
  return effectFields(rule.then, fields) ? fields : undefined;
}

function conditionFields(when: Condition, fields: RuleFields): boolean {
  if (Object.keys(when).some((member) => !CONDITION_MEMBERS.has(member))) return false;
  if (when.on !== undefined) fields.surfaces = [...new Set(list(when.on))];
  if (when.query !== undefined) {
    const matches = Object.keys(when.query);
    const match = matches[0] as 'is' | 'contains' | 'starts_with' | 'empty';
    if (matches.length !== 1 || match === 'empty') return false;
    fields.query_match = match;
    fields.query_words = list(when.query[match]!);
  }
  if (when.category !== undefined) {
    const ids = list('is' in when.category ? when.category.is : when.category.within);
    if (ids.length !== 1) return false;
    fields.category = ids[0]!;
    if ('within' in when.category) fields.category_below = true;
  }
  if (when.channel !== undefined) fields.channels = [...new Set(list(when.channel))];
  if (when.locale !== undefined) fields.locales = [...new Set(list(when.locale))];
  return true;
}

function effectFields(then: Effects, fields: RuleFields): boolean {
  if (Object.keys(then).some((effect) => !EFFECTS.has(effect))) return false;
  const redirect = then.redirect;
  if (redirect !== undefined) {
    if ('url' in redirect) fields.redirect_url = redirect.url;
    else if (redirect.filters === undefined) fields.redirect_to = redirect.to;
    else return false;
  }
  if (then.pin !== undefined) {
    fields.pins = then.pin.map((pin) => ({
      entity: pin.entity,
      position: pin.position,
      ...(pin.sponsored !== undefined ? { campaign: pin.sponsored.campaign } : {}),
    }));
  }
  if (then.hide !== undefined) {
    const entities = entitiesOf(then.hide);
    if (entities === undefined) return false;
    fields.hide = entities;
  }
  for (const kind of ['boost', 'bury'] as const) {
    const targets = then[kind] as Array<Target & { strength: Strength }> | undefined;
    if (targets === undefined) continue;
    const entities = entitiesOf(targets);
    const strengths = new Set(targets.map((target) => target.strength));
    // One strength for the whole list: a form has one field for it.
    if (entities === undefined || strengths.size !== 1) return false;
    fields[kind] = entities;
    fields[`${kind}_strength`] = targets[0]!.strength;
  }
  if (then.rewrite !== undefined) fields.remove_words = [...then.rewrite.remove];
  if (then.sections !== undefined) fields.sections = [...then.sections];
  return true;
}

/** The entities targets name, when every target names entities rather than a selector. */
function entitiesOf(targets: readonly Target[]): string[] | undefined {
  const entities: string[] = [];
  for (const target of targets) {
    if ('where' in target) return undefined;
    if ('entity' in target) entities.push(target.entity);
    else entities.push(...target.entities);
  }
  return entities;
}

/** The rule the editor fields make, in the shortest forms rules.json takes. */
export function ruleOf(id: string, fields: RuleFields): Rule {
  const when: Condition = {};
  if (fields.surfaces !== undefined) when.on = oneOrMany(fields.surfaces);
  if (fields.query_match !== undefined && fields.query_words !== undefined)
    when.query = { [fields.query_match]: oneOrMany(fields.query_words) };
  if (fields.category !== undefined)
    when.category = fields.category_below === true ? { within: fields.category } : { is: fields.category };
  if (fields.channels !== undefined) when.channel = oneOrMany(fields.channels);
  if (fields.locales !== undefined) when.locale = oneOrMany(fields.locales);

  const then: Record<string, unknown> = {};
  if (fields.redirect_url !== undefined) then.redirect = { url: fields.redirect_url };
  else if (fields.redirect_to !== undefined) then.redirect = { to: fields.redirect_to };
  if (fields.pins !== undefined)
    then.pin = fields.pins.map((pin) => ({
      entity: pin.entity,
      position: pin.position,
      ...(pin.campaign !== undefined ? { sponsored: { campaign: pin.campaign } } : {}),
    }));
  if (fields.hide !== undefined) then.hide = [{ entities: fields.hide }];
  if (fields.boost !== undefined) then.boost = [{ entities: fields.boost, strength: fields.boost_strength }];
  if (fields.bury !== undefined) then.bury = [{ entities: fields.bury, strength: fields.bury_strength }];
  if (fields.remove_words !== undefined) then.rewrite = { remove: fields.remove_words };
  if (fields.sections !== undefined) then.sections = fields.sections;

  const schedule = {
    ...(fields.starts_at !== undefined ? { from: fields.starts_at } : {}),
    ...(fields.ends_at !== undefined ? { until: fields.ends_at } : {}),
  };
  return {
    id,
    description: fields.description,
    ...(fields.enabled ? {} : { enabled: false }),
    ...(Object.keys(schedule).length > 0 ? { schedule } : {}),
    ...(Object.keys(when).length > 0 ? { when } : {}),
    then: then as Effects,
  };
}

/**
 * Sentences for fields that contradict each other or lack their pair, each at its field's pointer
 * under `at`; empty when the fields make a rule.
 */
export function fieldProblems(fields: RuleFields, at: string): Array<{ pointer: string; message: string }> {
  const problems: Array<{ pointer: string; message: string }> = [];
  const add = (field: string, message: string) => problems.push({ pointer: `${at}/${field}`, message });
  if ((fields.query_match === undefined) !== (fields.query_words === undefined)) {
    if (fields.query_words === undefined)
      add(
        'query_match',
        'query_match says how query_words meet the query, and there are none: add query_words.',
      );
    else add('query_words', 'query_words need query_match (is, contains or starts_with): add it.');
  }
  if (fields.category_below !== undefined && fields.category === undefined)
    add(
      'category_below',
      'category_below widens category to what lies below it, and there is none: add category.',
    );
  if (fields.redirect_url !== undefined && fields.redirect_to !== undefined)
    add('redirect_to', 'A rule redirects to one place: keep redirect_url or redirect_to.');
  for (const kind of ['boost', 'bury'] as const) {
    if (fields[kind] !== undefined && fields[`${kind}_strength`] === undefined)
      add(`${kind}_strength`, `${kind} needs ${kind}_strength (slight, medium or strong): add it.`);
    if (fields[kind] === undefined && fields[`${kind}_strength`] !== undefined)
      add(
        `${kind}_strength`,
        `${kind}_strength weighs the entities of ${kind}, and there are none: add ${kind}.`,
      );
  }
  return problems;
}
