import type { PreviewFindAnswer } from '../../contracts/previews.js';
import type { SearchRequest } from '../../contracts/search.js';
import type { TraceEntry } from '../../contracts/trace.js';
import {
  entityMeets,
  executeSection,
  missingWords,
  REACHABLE_HITS,
  selectEntities,
  soldChannels,
} from '../../engine/index.js';
import type { PlannedFilter, PlannedSection, Relaxation, SearchPlan } from '../plan.js';
import { answerRequest, type PlannedAnswer, type SearchTarget, sectionSettings } from './answer.js';
import { refuseTogether } from './request-checks.js';
import { type SectionSettings, sectionQuery } from './section-query.js';

type Found = Omit<PreviewFindAnswer, 'time' | 'draft' | 'trace'>;

/**
 * Where an entity is in a search's answer (section, page, position), or exactly why it is not
 * there, checked in the order a search narrows: the catalog, the channel, an offer, the page's
 * category, each filter, each hide, the words, and the `reachable_hits` limit. The search is
 * answered with its trace, the `entity` step last.
 */
export function findEntity(
  target: SearchTarget,
  request: SearchRequest,
  entity: string,
  arrival: Date,
): { answer: PlannedAnswer; found: Found } {
  const answer = answerRequest(target, { ...request, debug: true }, arrival);
  // The results the answer shows: a redirect's are the same search without it.
  const plan = refuseTogether([], () =>
    target.planner.plan({ ...request, redirect: false }, { arrival, trace: false }),
  );
  if (plan.kind !== 'search') throw new Error('a search without redirect planned a redirect');
  const found = locate(target, plan, request, answer, entity);
  const step: TraceEntry = {
    step: 'entity',
    entity,
    outcome: found.outcome,
    detail: found.detail,
    ...(found.position !== undefined ? { position: found.position } : {}),
    ...(found.page !== undefined ? { page: found.page } : {}),
    ...(found.rule !== undefined ? { rule: found.rule } : {}),
    ...(found.filter !== undefined ? { filter: found.filter.id } : {}),
    ...(found.missing !== undefined ? { missing: found.missing } : {}),
  };
  return { answer: { ...answer, trace: [...(answer.trace ?? []), step] }, found };
}

/** What a find asks about, read once: the entity, its section, and what every answer starts from. */
interface Sought {
  target: SearchTarget;
  plan: SearchPlan;
  request: SearchRequest;
  answer: PlannedAnswer;
  entity: string;
  type: string;
  id: string;
  /** Whether the entity's type is the listed section's. */
  listed: boolean;
  section: PlannedAnswer['sections'][number] | undefined;
  base: Pick<Found, 'entity' | 'section' | 'per_page' | 'total'>;
  /** The relaxed search the answer made, whose filters and text the listed section used. */
  relaxation: Relaxation | undefined;
}

/** Where the entity stands, or the first reason it is not on the page, in the order a trace shows them. */
function locate(
  target: SearchTarget,
  plan: SearchPlan,
  request: SearchRequest,
  answer: PlannedAnswer,
  entity: string,
): Found {
  const type = entity.slice(0, entity.indexOf(':'));
  const id = entity.slice(type.length + 1);
  const listed = type === plan.listed;
  const perPage = listed
    ? plan.perPage
    : Math.max(1, plan.sections.find((one) => one.type === type)?.hits ?? 0);
  const section = answer.sections.find((one) => one.type === type);
  const base = { entity, section: type, per_page: perPage, ...(section ? { total: section.total } : {}) };
  const relaxation = listed ? relaxationOf(plan, answer) : undefined;
  const sought: Sought = {
    target,
    plan,
    request,
    answer,
    entity,
    type,
    id,
    listed,
    section,
    base,
    relaxation,
  };
  return shownHere(sought) ?? notSold(sought) ?? leftOutByPlan(sought) ?? byRank(sought);
}

/** The entity among the hits the answer shows. */
function shownHere({ plan, entity, type, listed, section, base }: Sought): Found | undefined {
  const shown = section?.hits.findIndex((hit) => hit.entity === entity) ?? -1;
  if (shown < 0) return undefined;
  const position = (listed ? (plan.page - 1) * plan.perPage : 0) + shown + 1;
  return {
    ...base,
    outcome: 'on_page',
    found: true,
    position,
    page: listed ? plan.page : 1,
    detail: `${entity} stands at position ${position} of the ${type} section, on this page.`,
  };
}

/** An entity the catalog lacks, or the request's channel does not sell. */
function notSold({ target, plan, entity, type, id, base }: Sought): Found | undefined {
  const channels = soldChannels(target.index, type, id);
  if (channels === undefined) {
    return {
      ...base,
      outcome: 'not_in_catalog',
      found: false,
      detail: `The live catalog holds no ${entity}.`,
    };
  }
  if (channels.includes(plan.channel)) return undefined;
  return channels.length === 0
    ? { ...base, outcome: 'no_offer', found: false, detail: `No channel sells ${entity}: it has no offer.` }
    : {
        ...base,
        outcome: 'not_in_channel',
        found: false,
        channels,
        detail: `Channel ${plan.channel} does not sell ${entity}; ${channels.join(', ')} ${channels.length === 1 ? 'does' : 'do'}.`,
      };
}

/** A filter or a hide of the plan that leaves the entity out, or a section the answer lacks. */
function leftOutByPlan({ target, plan, entity, type, listed, base, relaxation }: Sought): Found | undefined {
  const { index } = target;
  const context = { channel: plan.channel, time: plan.time.getTime() };
  // The shopper's choices narrow the listed section only, as the search applies them.
  const filters = (relaxation?.filters ?? plan.filters).filter(
    (filter) => filter.types.includes(type) && (listed || filter.from !== 'request'),
  );
  for (const filter of filters) {
    if (passes(target, filter, entity, context)) continue;
    if (filter.from === 'page') {
      const category = (filter.where.category as { within: string }).within;
      return {
        ...base,
        outcome: 'outside_category',
        found: false,
        category,
        filter: { id: filter.id, from: filter.from, chips: filter.chips },
        detail: `${entity} is not in category ${category}, the page's.`,
      };
    }
    return {
      ...base,
      outcome: 'filtered',
      found: false,
      filter: { id: filter.id, from: filter.from, chips: filter.chips },
      ...(filter.rule !== undefined ? { rule: filter.rule } : {}),
      detail: `Filter ${filter.id} (${describeFilter(filter)}) leaves ${entity} out.`,
    };
  }
  for (const hide of plan.hides) {
    if (hide.type !== undefined && hide.type !== type) continue;
    const named = hide.entities?.includes(entity) === true;
    if (
      named ||
      (hide.where !== undefined && selectEntities(index, hide.where, [entity], context).has(entity))
    ) {
      return {
        ...base,
        outcome: 'hidden',
        found: false,
        rule: hide.rule,
        detail: `Rule ${hide.rule} hides ${entity}${named ? ' by name' : ' by what it is'}.`,
      };
    }
  }
  const planned = plan.sections.find((one) => one.type === type);
  if (planned === undefined) {
    return {
      ...base,
      outcome: 'not_shown',
      found: false,
      detail: `${entity} is in the catalog, but this answer shows no ${type} section.`,
    };
  }
  return undefined;
}

/** Where the entity ranks in its section, or why its words do not find it. */
function byRank({
  target,
  plan,
  request,
  answer,
  entity,
  type,
  id,
  listed,
  section,
  base,
  relaxation,
}: Sought): Found {
  const { index } = target;
  // leftOutByPlan answered an answer without a section of the type.
  const planned = plan.sections.find((one) => one.type === type)!;
  const text = relaxation?.text ?? planned.text;
  const settings = sectionSettings(target, plan, request);
  const rank = planned.searched
    ? rankInSection(target, plan, planned, relaxation, settings, text, entity)
    : -1;
  if (rank > 0 && listed) {
    const page = Math.ceil(rank / plan.perPage);
    // A page that only counts its hits lists none, yet the entity stands on it.
    const here = page === plan.page;
    return {
      ...base,
      outcome: here ? 'on_page' : 'other_page',
      found: true,
      position: rank,
      page,
      detail: here
        ? `${entity} stands at position ${rank} of the ${type} section, on this page.`
        : `${entity} stands at position ${rank}, on page ${page} of ${plan.perPage} hits each.`,
    };
  }
  if (rank > 0) {
    return {
      ...base,
      outcome: 'not_shown',
      found: false,
      position: rank,
      detail:
        planned.hits === 0
          ? `${entity} ranks ${rank} in the ${type} section, which shows hits beside the listed one on the first page only.`
          : `${entity} ranks ${rank} in the ${type} section, which shows only its first ${planned.hits} hit${planned.hits === 1 ? '' : 's'} beside the listed one.`,
    };
  }
  const leftOut = new Set(leftOutWords(answer.trace ?? [], type));
  const words = { type, text, locale: settings.locale, synonyms: settings.synonyms, prefix: plan.prefix };
  const missing = (missingWords(index, words, id) ?? []).filter((word) => !leftOut.has(word));
  if (missing.length > 0) {
    return {
      ...base,
      outcome: 'unmatched',
      found: false,
      missing,
      detail: `${entity} holds ${missing.map((word) => `"${word}"`).join(', ')} in no field searched, by no typo, stem or synonym.`,
    };
  }
  if (!planned.searched) {
    return {
      ...base,
      outcome: 'not_shown',
      found: false,
      detail: `The ${type} section beside the listed one lists hits only for the query's words, and this request leaves none to search.`,
    };
  }
  return {
    ...base,
    outcome: 'beyond_reach',
    found: false,
    detail: `${entity} matches, but ranks below the first ${REACHABLE_HITS} of ${section?.total ?? 0} hits, which is as far as ${listed ? 'pages reach' : 'a section reaches'}.`,
  };
}

/**
 * The entity's position counted from 1 among the section's hits ranked as deep as pages reach
 * (a section beside the listed one ranked as if it showed them all), or -1 past that or not
 * matched. A short list filled with entities lacking a word holds them too.
 */
function rankInSection(
  target: SearchTarget,
  plan: SearchPlan,
  planned: PlannedSection,
  relaxation: Relaxation | undefined,
  settings: SectionSettings,
  text: string,
  entity: string,
): number {
  const query = sectionQuery(
    plan,
    planned,
    relaxation?.filters ?? plan.filters,
    { ...settings, facets: [], explain: false },
    text,
    relaxation?.rankText ?? plan.rankText,
  );
  const deep = { ...query, page: 1, perPage: REACHABLE_HITS, countOnly: false };
  const ran = executeSection(
    target.index,
    query.role === 'beside' ? { ...deep, sideHits: REACHABLE_HITS } : deep,
  );
  const at = ran?.section.hits.findIndex((hit) => hit.entity === entity) ?? -1;
  return at < 0 ? -1 : at + 1;
}

/** Whether an entity meets a filter of the plan: the shopper's choices read as the listing reads them, the others as selectors. */
function passes(
  target: SearchTarget,
  filter: PlannedFilter,
  entity: string,
  context: { channel: string; time: number },
): boolean {
  const test = filter.from === 'request' ? { filters: filter.where } : { where: filter.where };
  return entityMeets(target.index, entity, test, context);
}

function describeFilter(filter: PlannedFilter): string {
  // A rule's chip names its field in its value's label already ("Material: Canvas, Mesh").
  const chips = filter.chips
    .map((chip) =>
      chip.value_label.startsWith(`${chip.label}:`) ? chip.value_label : `${chip.label}: ${chip.value_label}`,
    )
    .join(' or ');
  const from =
    filter.from === 'rule'
      ? `rule ${filter.rule}'s filter`
      : filter.from === 'resolution'
        ? 'what the query names'
        : "the shopper's choice";
  return chips === '' ? from : `${from}, ${chips}`;
}

/**
 * The words the section's search left out (so none of its hits needs them), from its `match`
 * step; none when it left out every word, as a section beside the listed one then shows nothing.
 */
function leftOutWords(trace: readonly TraceEntry[], type: string): string[] {
  const match = trace.findLast((entry) => entry.step === 'match' && entry.type === type);
  return match?.step === 'match' && match.searched !== '' ? match.left_out : [];
}

/**
 * The step of the plan's relaxation that answered, when the answer is relaxed: the one that
 * searched the text the answer says it searched and left out what its resolution says it did.
 */
function relaxationOf(plan: SearchPlan, answer: PlannedAnswer): Relaxation | undefined {
  if (answer.relaxed !== true) return undefined;
  const leftOut = JSON.stringify(answer.resolution?.left_out ?? []);
  return plan.relaxations?.find(
    (step) => step.text === answer.query.searched && JSON.stringify(step.leftOut) === leftOut,
  );
}
