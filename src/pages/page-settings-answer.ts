import type { PageSettingsAnswer, SettingOrigin } from '../contracts/pages.js';
import { AppError } from '../lib/errors.js';
import { listedType } from '../planner/index.js';
import { arrangeFacets, naturalKind, type SettingOrigin as Origin } from '../release/page-settings.js';
import type { Storefront } from './storefront.js';

export interface PageSettingsQuestion {
  category?: string;
  channel?: string;
  locale?: string;
}

/**
 * What a page shows and where each setting comes from: its facets in display order (label, kind
 * and natural kind, as categories.json writes it, its group, whether it is counted when the page
 * opens), its groups, the sort it starts in and the sorts it offers, and its filter pages, each
 * with its origin. A category the live catalog lacks, or a channel or locale the release lacks,
 * is a 400.
 */
export function pageSettingsAnswer(
  storefront: Storefront,
  question: PageSettingsQuestion,
  draft: boolean,
): PageSettingsAnswer {
  const { category } = question;
  const place = (() => {
    try {
      return storefront.place(question.channel, question.locale);
    } catch (error) {
      if (
        !(error instanceof AppError) ||
        category === undefined ||
        storefront.vocabulary.categories.has(category)
      ) {
        throw error;
      }
      throw new AppError(error.code, error.detail, [...(error.violations ?? []), unknownCategory(category)]);
    }
  })();
  if (category !== undefined && !storefront.vocabulary.categories.has(category)) {
    throw new AppError('unknown_name', 'The request cannot be answered as sent.', [
      unknownCategory(category),
    ]);
  }
  const locale = place.textLocale;
  const { pages, view } = storefront;
  const layout = pages.layout(category);
  const origin = (from: Origin, derived?: string): SettingOrigin => ({
    from: from.from,
    ...(from.from === 'category'
      ? { category: from.category, title: storefront.categoryTitle(from.category, locale) }
      : {}),
    ...(derived !== undefined ? { derived: true as const, reason: derived } : {}),
  });
  const { ordered, groupOf, counted } = arrangeFacets(layout);
  const title =
    category !== undefined
      ? storefront.categoryTitle(category, locale)
      : storefront.text(view.routes.titles?.search, locale);
  const address =
    category !== undefined
      ? storefront.categoryUrl(category, locale)
      : storefront.text(view.routes.search?.path, locale);
  const sortFrom = origin(layout.from.sort);
  return {
    release: storefront.source.release,
    snapshot: storefront.source.snapshot,
    ...(draft ? { draft: true as const } : {}),
    channel: place.channel.id,
    locale,
    ...(category !== undefined ? { category } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(address !== undefined ? { address } : {}),
    lists: listedType(
      view.types,
      category !== undefined ? storefront.vocabulary.categories.get(category) : undefined,
    ),
    facets: ordered.map((facet) => {
      const group = groupOf.get(facet.field);
      return {
        field: facet.field,
        label: pages.fieldLabel(facet.field, locale),
        kind: facet.kind,
        natural_kind: naturalKind(facet.field, pages.attributes.get(facet.field)),
        written: facet.written,
        ...(group !== undefined ? { group: group.group } : {}),
        counted: counted.has(facet.field),
        from: origin(layout.from.facets, facet.derived),
      };
    }),
    groups: layout.groups.map((group) => ({
      group: group.group,
      label: storefront.text(group.label, locale) ?? group.group,
      facets: group.facets,
      ...(group.display !== undefined ? { display: group.display } : {}),
      drawn: group.facets.some((field) => groupOf.get(field) === group),
      from: origin(layout.from.groups),
    })),
    sort: {
      code: layout.sort.default,
      label: pages.sortLabel(layout.sort.default, locale),
      from: origin(layout.from.sort, layout.sortDefaultDerived),
    },
    sorts: (layout.sort.options ?? []).map((code) => ({
      code,
      label: pages.sortLabel(code, locale),
      from: sortFrom,
    })),
    filter_pages: {
      combinations: layout.filterPages.map((combination) => [...combination]),
      from: origin(layout.from.filterPages),
    },
  };
}

function unknownCategory(category: string) {
  return {
    pointer: '/category',
    message: `"${category}" is no category of the live catalog: name a category id it holds, or none for the search page.`,
  };
}
