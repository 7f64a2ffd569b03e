import type { AppliedFilter, SearchRequest, SearchResponse, Suggestion } from '../../contracts/search.js';
import type { TraceEntry } from '../../contracts/trace.js';
import {
  type EngineIndex,
  type EngineSection,
  entityFields,
  executeSection,
  type ListingExtras,
  selectEntities,
} from '../../engine/index.js';
import { AppError } from '../../lib/errors.js';
import { servedLocale } from '../../lib/locale.js';
import { releaseView } from '../../release/release-view.js';
import { placementsForPage } from '../effects/placements.js';
import type { RedirectPlan, Relaxation, SearchPlan } from '../plan.js';
import type { Planner } from '../planner.js';
import { synonymsOf } from '../synonyms.js';
import { executionTrace, type SectionRun } from './execution-trace.js';
import { filterShapeViolations, listingViolations, refuseTogether } from './request-checks.js';
import { type SectionSettings, sectionQuery } from './section-query.js';

/** What a search is answered from: an index, the release's files, and the planner compiled for both. */
export interface SearchTarget {
  index: EngineIndex;
  files: Record<string, unknown>;
  planner: Planner;
  /** Suggests queries on the autocomplete surface; without one the answer suggests nothing. */
  suggester?: QuerySuggester;
}

/** Suggests queries for what a shopper typed on the autocomplete surface (see suggestions/suggester.ts). */
export interface QuerySuggester {
  suggest(place: SuggestionPlace): Suggestion[];
}

/** Where an autocomplete request asks: what was typed, its channel and locale (as planned) and time. */
export interface SuggestionPlace {
  typed: string;
  channel: string;
  locale: string;
  /** The request's time, ms. */
  time: number;
}

/** A search answer without the names the query node adds: query id, release and snapshot. */
export type PlannedAnswer = Omit<SearchResponse, 'query_id' | 'release' | 'snapshot'>;

/**
 * Answers a search request: plans it, then executes the plan section by section. A redirect is
 * answered with the sections the search would show (a client that does not follow it shows
 * them). When the listed section finds nothing and the plan can relax, the listed section is
 * searched again without what the query named. The request's `time` is read as given: only
 * callers that may fix it (tests, previews) pass one.
 */
export function answerRequest(target: SearchTarget, request: SearchRequest, arrival: Date): PlannedAnswer {
  if (request.filters !== undefined) {
    const shape = filterShapeViolations(request.filters);
    if (shape.length > 0)
      throw new AppError('invalid_request', 'The request cannot be answered as sent.', shape);
  }
  const violations = listingViolations(target.index, target.planner.pages, request);
  const plan = refuseTogether(violations, () => target.planner.plan(request, { arrival }));
  if (plan.kind === 'search') return executePlan(target, plan, request);
  const results = target.planner.plan({ ...request, redirect: false }, { arrival });
  if (results.kind !== 'search') throw new Error('a search without redirect planned a redirect');
  const redirect = redirectAnswer(target, plan);
  // A page whose address neither the release nor the index holds is no place to send a shopper.
  if (redirect === undefined) return executePlan(target, results, request);
  // The trace plans once: the redirect's planning steps, then the plan of the results it carries
  // (its own planning repeated the same steps without the redirect).
  const planning =
    plan.trace !== undefined
      ? [...plan.trace, ...(results.trace ?? []).filter((entry) => entry.step === 'plan')]
      : undefined;
  return { ...executePlan(target, results, request, planning), redirect };
}

/** Where a redirect plan sends the shopper; undefined when neither the release nor the index holds its address. */
export function redirectAnswer(
  target: SearchTarget,
  plan: RedirectPlan,
): NonNullable<SearchResponse['redirect']> | undefined {
  const { redirect } = plan;
  let url = redirect.url;
  if (url === undefined && redirect.entity !== undefined) {
    const fields = entityFields(target.index, redirect.entity, {
      locale: plan.locale,
      channel: plan.channel,
      time: plan.time.getTime(),
    });
    url = typeof fields?.url === 'string' ? fields.url : undefined;
  }
  if (url === undefined) return undefined;
  return {
    url,
    ...(redirect.entity !== undefined ? { entity: redirect.entity } : {}),
    ...(redirect.rule !== undefined ? { rule: redirect.rule } : {}),
  };
}

/**
 * Executes a search plan section by section. `planning` is the trace's planning part (default the
 * plan's own); the execution's entries follow it.
 */
function executePlan(
  target: SearchTarget,
  plan: SearchPlan,
  request: SearchRequest,
  planning: TraceEntry[] | undefined = plan.trace,
): PlannedAnswer {
  const settings = sectionSettings(target, plan, request);
  const runs: SectionRun[] = [];
  let extras: ListingExtras | undefined;
  let relaxation: Relaxation | undefined;
  const sections: EngineSection[] = [];
  for (const planned of plan.sections) {
    if (!planned.searched) {
      if (target.index.types.some((type) => type.type === planned.type && type.documents > 0)) {
        sections.push(emptySection(planned.type));
      }
      continue;
    }
    const query = sectionQuery(plan, planned, plan.filters, settings);
    let ran = executeSection(target.index, query);
    if (ran === undefined) {
      if (planned.listed) sections.push(emptySection(planned.type));
      continue;
    }
    runs.push({ planned, section: ran.section });
    // Nothing matched what the query named: leave it out step by step until something does.
    for (const step of planned.listed && ran.section.total === 0 ? (plan.relaxations ?? []) : []) {
      const again = executeSection(
        target.index,
        sectionQuery(plan, planned, step.filters, settings, step.text, step.rankText),
      );
      if (again === undefined) continue;
      runs.push({ planned, section: again.section, relaxation: step });
      if (again.section.total > 0) {
        ran = again;
        relaxation = step;
        break;
      }
    }
    if (planned.listed) extras = ran.extras;
    sections.push(ran.section);
  }

  const listed = sections.find((section) => section.type === plan.listed);
  const answerSections = sections.map((section) =>
    section.type === plan.listed
      ? {
          type: section.type,
          total: section.total,
          reachable: section.reachable,
          hits: section.hits.map(toHit),
          ...(section.facets && !(plan.surface === 'autocomplete' && section.facets.length === 0)
            ? { facets: section.facets }
            : {}),
        }
      : // A section beside the listed one does not page: reachable counts the hits it shows.
        {
          type: section.type,
          total: section.total,
          reachable: section.hits.length,
          hits: section.hits.map(toHit),
        },
  );
  const filters = appliedFilters(plan, extras, relaxation);
  const placements =
    plan.placements.length === 0 || plan.countOnly || plan.surface === 'autocomplete'
      ? undefined
      : placementsForPage(plan.placements, {
          page: plan.page,
          perPage: plan.perPage,
          hits: listed?.hits.length ?? 0,
          reachable: listed?.reachable ?? 0,
        });
  // The text the listed section searched in the end, words the engine left out included (its
  // trace's `match` entry names them): a query whose words matched nothing still says what it searched.
  const searched = relaxation?.text ?? plan.query.searched;
  const autocomplete = plan.surface === 'autocomplete';
  const suggestions =
    autocomplete && target.suggester !== undefined
      ? target.suggester.suggest({
          typed: plan.query.typed,
          channel: plan.channel,
          locale: plan.locale,
          time: plan.time.getTime(),
        })
      : undefined;
  return {
    query: { typed: plan.query.typed, searched },
    ...(plan.resolution !== undefined
      ? { resolution: { ...plan.resolution, left_out: relaxation?.leftOut ?? [] } }
      : {}),
    ...(relaxation !== undefined ? { relaxed: true } : {}),
    listed: plan.listed,
    ...(filters.length > 0 ? { filters } : {}),
    // A typeahead's answer is the lightest: no orders to choose from (nor facets, histograms or
    // banners, below and in sectionSettings).
    ...(plan.sorts !== undefined && !autocomplete ? { sorts: plan.sorts } : {}),
    sections: answerSections,
    ...currencyOf(extras?.currency ?? plan.currency),
    ...(placements !== undefined && placements.length > 0 ? { placements } : {}),
    ...(suggestions !== undefined ? { suggestions } : {}),
    ...(planning !== undefined
      ? {
          trace: [
            ...planning,
            ...executionTrace(plan, runs, (selector, entities) =>
              selectEntities(target.index, selector, entities, {
                channel: plan.channel,
                time: plan.time.getTime(),
              }),
            ),
          ],
        }
      : {}),
  };
}

function emptySection(type: string): EngineSection {
  return {
    type,
    total: 0,
    reachable: 0,
    hits: [],
    trace: { searched: '', words: [], leftOut: [], optional: [], candidates: 0, attempts: [] },
  };
}

/**
 * The chips of every filter that narrowed the listed section: the shopper's choices as the
 * listing read them, then what the query named (what a relaxed search kept of it) and the rules'
 * filters.
 */
function appliedFilters(
  plan: SearchPlan,
  extras: ListingExtras | undefined,
  relaxation: Relaxation | undefined,
): AppliedFilter[] {
  const chips = plan.filters
    .filter((filter) => filter.types.includes(plan.listed))
    .filter(
      (filter) =>
        filter.from === 'rule' ||
        (filter.from === 'resolution' && (relaxation === undefined || relaxation.filters.includes(filter))),
    )
    .flatMap((filter) => filter.chips);
  return [...(extras?.applied ?? []), ...chips];
}

export function sectionSettings(
  target: SearchTarget,
  plan: SearchPlan,
  request: SearchRequest,
): SectionSettings {
  const { files } = target;
  const pages = target.planner.pages;
  const channels = releaseView(files).held['channels.json']?.channels;
  const served = channels?.find((one) => one.id === plan.channel)?.locales ?? [plan.locale];
  const locale = servedLocale(plan.locale, served) ?? plan.locale;
  const requestFilters = request.filters;
  // A field the query named is chosen as much as one the shopper chose: its facet is counted.
  const detected = plan.filters
    .filter((filter) => filter.from === 'resolution' && filter.types.includes(plan.listed))
    .flatMap((filter) => Object.keys(filter.where));
  const requested = Object.keys(requestFilters ?? {}).filter(
    (key) => key !== 'any' && key !== 'all' && key !== 'not',
  );
  const chosen = new Set([...requested, ...detected]);
  const autocomplete = plan.surface === 'autocomplete';
  const facets = pages
    .facets(plan.layout, locale, {
      chosen,
      requested: new Set(request.facets ?? []),
      // A typeahead counts only the facets it names, and draws no price histogram.
      requestedOnly: plan.countOnly || autocomplete,
    })
    .map((facet) =>
      autocomplete && facet.display === 'histogram' ? { ...facet, display: 'slider' as const } : facet,
    );
  return {
    locale,
    synonyms: synonymsOf(files, plan.locale),
    facets,
    fieldLabels: Object.fromEntries(requested.map((field) => [field, pages.fieldLabel(field, locale)])),
    explain: plan.trace !== undefined,
    requestFilters,
  };
}

function toHit(hit: EngineSection['hits'][number]) {
  return {
    entity: hit.entity,
    ...(hit.variant !== undefined ? { variant: hit.variant } : {}),
    fields: hit.fields,
    ...(hit.sponsored !== undefined ? { sponsored: hit.sponsored } : {}),
  };
}

/** The answer's currency: the listing's channel's, else the plan's; absent when neither names one. */
function currencyOf(currency: string | undefined): { currency?: string } {
  return currency !== undefined ? { currency } : {};
}
