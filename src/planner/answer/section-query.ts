import type { EngineQuery, FacetSpec, SectionMerchandising, Synonyms } from '../../engine/index.js';
import type { PlannedFilter, PlannedSection, PlannedTarget, SearchPlan } from '../plan.js';

/** What every section of a plan shares: the listing's locale, synonyms and facets. */
export interface SectionSettings {
  /** The locale results are written in: the one the channel serves for the request's. */
  locale: string;
  synonyms: Synonyms;
  /** The listed section's facets, as the page counts them. */
  facets: readonly FacetSpec[];
  /** Labels of the fields the shopper chose, for the chips of the request's filters. */
  fieldLabels: Readonly<Record<string, string>>;
  explain: boolean;
  /** The request's own filters: the listed section counts each facet without its field's choice. */
  requestFilters: Record<string, unknown> | undefined;
}

/**
 * The engine query of one section of a plan: its text and paging, the filters that name its type
 * (the category page's category as the listing's category, the shopper's choices as `filters`,
 * what the query named as `detected` choices in the listed section and as constraints beside it,
 * the rules' filters as constraints), and the rules' hides, pins and weights of its type.
 */
export function sectionQuery(
  plan: SearchPlan,
  section: PlannedSection,
  filters: readonly PlannedFilter[],
  settings: SectionSettings,
  text = section.text,
  rankText = plan.rankText,
): EngineQuery & { type: string; role: 'listed' | 'beside' } {
  const own = filters.filter((filter) => filter.types.includes(section.type));
  const page = own.find((filter) => filter.from === 'page');
  // In the listed section what the query named is chosen as the shopper's choices are: each
  // facet is counted without its own field's choice and shows the named value selected.
  const detected = section.listed ? own.filter((filter) => filter.from === 'resolution') : [];
  const where = own.filter(
    (filter) => filter.from !== 'page' && filter.from !== 'request' && !detected.includes(filter),
  );
  const chosen = section.listed && own.some((filter) => filter.from === 'request');
  const common = {
    type: section.type,
    text,
    time: plan.time.getTime(),
    channel: plan.channel,
    locale: settings.locale,
    synonyms: settings.synonyms,
    prefix: plan.prefix,
    explain: settings.explain,
    leaveOut: plan.leaveOut,
    fill: plan.fill,
    countOnly: plan.countOnly,
    ...(page !== undefined ? { category: (page.where.category as { within: string }).within } : {}),
    ...(chosen && settings.requestFilters !== undefined ? { filters: settings.requestFilters } : {}),
    ...(detected.length > 0
      ? { detected: Object.assign({}, ...detected.map((filter) => filter.where)) }
      : {}),
    ...(where.length > 0 ? { where: where.map((filter) => filter.where) } : {}),
    merchandising: merchandisingOf(plan, section.type),
  };
  if (!section.listed) {
    return { ...common, role: 'beside', page: 1, perPage: Math.max(1, section.hits), sideHits: section.hits };
  }
  return {
    ...common,
    role: 'listed',
    page: plan.page,
    perPage: plan.perPage,
    facets: settings.facets,
    fieldLabels: settings.fieldLabels,
    ...(plan.sort.by !== undefined && plan.sort.direction !== undefined
      ? { sort: { by: plan.sort.by, direction: plan.sort.direction } }
      : {}),
    ...(rankText !== undefined && text === '' ? { rankText } : {}),
  };
}

/** The ids of a type's entities among `type:id` names. */
function idsOf(entities: readonly string[] | undefined, type: string): string[] {
  const prefix = `${type}:`;
  return (entities ?? [])
    .filter((entity) => entity.startsWith(prefix))
    .map((entity) => entity.slice(prefix.length));
}

function reaches(target: PlannedTarget, type: string): boolean {
  return target.type === undefined || target.type === type;
}

/** The hides, pins, boosts and buries of the plan that act on one type's section. */
function merchandisingOf(plan: SearchPlan, type: string): SectionMerchandising {
  const hides = plan.hides.filter((hide) => reaches(hide, type));
  return {
    hidden: hides.flatMap((hide) => idsOf(hide.entities, type)),
    hides: hides.flatMap((hide) => (hide.where !== undefined ? [hide.where] : [])),
    // In precedence order at the positions asked: the engine moves a pin past those that stand
    // before it, so a pin that does not stand here (a paid one the filters exclude, one a selector
    // hides) holds no slot. Where all stand, that is the position the plan decided.
    pins: plan.pins
      .filter((pin) => pin.type === type)
      .map((pin) => ({
        id: pin.entity.slice(type.length + 1),
        position: pin.asked,
        onlyIfMatching: pin.onlyIfMatching,
        ...(pin.sponsored !== undefined ? { campaign: pin.sponsored.campaign } : {}),
      })),
    weights: plan.weights
      .filter((weight) => reaches(weight, type))
      .map((weight) => ({
        ids: idsOf(weight.entities, type),
        ...(weight.where !== undefined ? { where: weight.where } : {}),
        factor: weight.factor,
      }))
      // A weight naming only entities of other types does nothing here.
      .filter((weight) => weight.ids.length > 0 || weight.where !== undefined),
  };
}
