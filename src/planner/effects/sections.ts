import type { RankingFile, TypesFile } from '../../contracts/release-files/index.js';
import type { PlannedSection } from '../plan.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';
import type { VocabularyCategory } from '../vocabulary.js';

/** The release's section order: ranking.json's `sections`, then the types of types.json in file order. */
export function releaseSectionOrder(types: TypesFile, ranking: RankingFile): string[] {
  const codes = types.types.map((type) => type.code);
  const ranked = (ranking.sections ?? []).filter((code) => codes.includes(code));
  return [...ranked, ...codes.filter((code) => !ranked.includes(code))];
}

/**
 * The section order of a search: the highest matching rule's `sections` first, the types it
 * leaves out in release order; without such a rule, the release's order.
 */
export function orderSections(
  rules: readonly CompiledRule[],
  release: readonly string[],
  ledger: RuleLedger,
): { order: string[]; rule?: CompiledRule } {
  const ordering = rules.filter((rule) => rule.effects.sections !== undefined);
  const [winner, ...lower] = ordering;
  for (const rule of lower) ledger.note(rule, 'sections', 'superseded', winner);
  if (winner === undefined) return { order: [...release] };
  ledger.note(winner, 'sections', 'applied');
  const first = winner.effects.sections!.filter((code) => release.includes(code));
  return { order: [...first, ...release.filter((code) => !first.includes(code))], rule: winner };
}

/** Hits a section beside the listed one shows, on the first page only: it does not page. */
export const SIDE_SECTION_HITS = 4;

export interface SectionTexts {
  /** What resolution left: the listed section searches it. */
  listed: string;
  /** The query after rewrites: the sections beside search it, so "lamp" finds the Lamps category. */
  query: string;
}

/** One section per type: the listed one pages; those beside show a few hits on the first page. */
export function planSections(
  order: readonly string[],
  listed: string,
  texts: SectionTexts,
  paging: { page: number; perPage: number; countOnly: boolean },
): PlannedSection[] {
  return order.map((type) =>
    type === listed
      ? {
          type,
          listed: true,
          text: texts.listed,
          hits: paging.countOnly ? 0 : paging.perPage,
          searched: true,
        }
      : {
          type,
          listed: false,
          text: texts.query,
          hits: paging.countOnly || paging.page > 1 || texts.query === '' ? 0 : SIDE_SECTION_HITS,
          searched: texts.query !== '',
        },
  );
}

/**
 * The type whose section pages: `product`, unless the category (the page's, else the one the
 * query named) holds no products but another type with offers. A release without products lists
 * its first type with offers.
 */
export function listedType(types: TypesFile, category: VocabularyCategory | undefined): string {
  const withOffers = types.types.filter((type) => type.offers === true).map((type) => type.code);
  const fallback = withOffers.includes('product')
    ? 'product'
    : (withOffers[0] ?? types.types[0]?.code ?? 'product');
  if (category === undefined || category.holds.includes(fallback)) return fallback;
  return category.holds.find((type) => withOffers.includes(type)) ?? fallback;
}
