import type { ChannelsFile } from '../../contracts/release-files/index.js';
import type { AppliedFilter, SearchRequest, SearchResponse } from '../../contracts/search.js';
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
import { placementsForPage } from '../effects/placements.js';
import type { RedirectPlan, SearchPlan } from '../plan.js';
import type { Planner } from '../planner.js';
import type { Suggester } from '../suggestions/suggester.js';
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
  suggester?: Suggester;
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
    if (shape.length > 0) throw new AppError('bad_request', 'The request cannot be answered as sent.', shape);
  }
  const violations = listingViolations(target.index, target.planner.pages, request);
  const plan = refuseTogether(violations, () => target.planner.plan(request, { arrival }));
  if (plan.kind === 'search') return executePlan(target, plan, request);
  const results = target.planner.plan({ ...request, redirect: false }, { arrival });
  if (results.kind !== 'search') throw new Error('a search without redirect planned a redirect');
  const answer = executePlan(target, results, request);
  const redirect = redirectAnswer(target, plan);
  // A page whose address neither the release nor the index holds is no place to send a shopper.
  if (redirect === undefined) return answer;
  return {
    ...answer,
    redirect,
    ...(answer.trace !== undefined ? { trace: [...(plan.trace ?? []), ...answer.trace] } : {}),
  };
}

function redirectAnswer(
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

function executePlan(target: SearchTarget, plan: SearchPlan, request: SearchRequest): PlannedAnswer {
  const settings = sectionSettings(target, plan, request);
  const runs: SectionRun[] = [];
  let extras: ListingExtras | undefined;
  let relaxed = false;
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
    if (planned.listed && ran.section.total === 0 && plan.relaxation !== undefined) {
      const again = executeSection(
        target.index,
        sectionQuery(plan, planned, plan.relaxation.filters, settings, plan.relaxation.text),
      );
      if (again !== undefined && again.section.total > 0) {
        ran = again;
        relaxed = true;
        runs.push({ planned, section: again.section, relaxation: plan.relaxation });
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
  const filters = appliedFilters(plan, extras, relaxed);
  const placements =
    plan.placements.length === 0 || plan.countOnly || plan.surface === 'autocomplete'
      ? undefined
      : placementsForPage(plan.placements, {
          page: plan.page,
          perPage: plan.perPage,
          hits: listed?.hits.length ?? 0,
          reachable: listed?.reachable ?? 0,
        });
  const searched = listed?.trace.searched ?? plan.query.searched;
  const autocomplete = plan.surface === 'autocomplete';
  const suggestions =
    autocomplete && target.suggester !== undefined
      ? target.suggester.suggest({
          typed: plan.query.typed,
          channel: plan.channel,
          locale: plan.locale,
          time: plan.time.getTime(),
          files: target.files,
        })
      : undefined;
  return {
    query: { typed: plan.query.typed, searched },
    ...(plan.resolution !== undefined
      ? { resolution: { ...plan.resolution, left_out: relaxed ? (plan.relaxation?.leftOut ?? []) : [] } }
      : {}),
    ...(relaxed ? { relaxed: true } : {}),
    listed: plan.listed,
    ...(filters.length > 0 ? { filters } : {}),
    // A typeahead's answer is the lightest: no orders to choose from (nor facets, histograms or
    // banners, below and in sectionSettings).
    ...(plan.sorts !== undefined && !autocomplete ? { sorts: plan.sorts } : {}),
    sections: answerSections,
    currency: extras?.currency ?? plan.currency,
    ...(placements !== undefined && placements.length > 0 ? { placements } : {}),
    ...(suggestions !== undefined ? { suggestions } : {}),
    ...(plan.trace !== undefined
      ? {
          trace: [
            ...plan.trace,
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
 * listing read them, then what the query named (unless the search was relaxed without it) and
 * the rules' filters.
 */
function appliedFilters(
  plan: SearchPlan,
  extras: ListingExtras | undefined,
  relaxed: boolean,
): AppliedFilter[] {
  const chips = plan.filters
    .filter((filter) => filter.types.includes(plan.listed))
    .filter((filter) => filter.from === 'rule' || (filter.from === 'resolution' && !relaxed))
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
  const channels = (files['channels.json'] as ChannelsFile | undefined)?.channels;
  const served = channels?.find((one) => one.id === plan.channel)?.locales ?? [plan.locale];
  const locale = servedLocale(plan.locale, served) ?? plan.locale;
  const requestFilters = request.filters;
  const chosen = new Set(
    Object.keys(requestFilters ?? {}).filter((key) => key !== 'any' && key !== 'all' && key !== 'not'),
  );
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
    fieldLabels: Object.fromEntries([...chosen].map((field) => [field, pages.fieldLabel(field, locale)])),
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
