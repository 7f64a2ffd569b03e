import type { PlacementAnswer } from '../../contracts/search-parts.js';
import type { PlacementTrace } from '../../contracts/trace.js';
import { textIn } from '../localized.js';
import type { PlannedPlacement } from '../plan.js';
import type { CompiledRule } from '../rules/compile.js';
import type { RuleLedger } from '../rules/ledger.js';

/**
 * Banners in rule order, texts in the request's locale. A grid placement takes the tile position
 * it asks for unless a higher rule's placement holds it; then the next free one. The autocomplete
 * surface and a count show none (`suppressed`).
 */
export function slotPlacements(
  rules: readonly CompiledRule[],
  locale: string,
  ledger: RuleLedger,
  suppressed: boolean,
): { placements: PlannedPlacement[]; traces: PlacementTrace[] } {
  const placements: PlannedPlacement[] = [];
  const traces: PlacementTrace[] = [];
  const grid = new Map<number, CompiledRule>();
  for (const rule of rules) {
    const asked = rule.effects.place;
    if (asked === undefined) continue;
    if (suppressed) {
      ledger.note(rule, 'place', 'nothing', undefined, 'no placements on autocomplete or with count_only');
      continue;
    }
    for (const placement of asked) {
      const planned: PlannedPlacement = {
        rule: rule.id,
        slot: placement.slot,
        kind: placement.kind,
        title: textIn(placement.title, locale) ?? '',
      };
      const trace: PlacementTrace = { rule: rule.id, slot: placement.slot };
      if (placement.slot === 'grid' && placement.position !== undefined) {
        let position = placement.position;
        while (grid.has(position)) position++;
        const holder = grid.get(placement.position);
        grid.set(position, rule);
        planned.position = position;
        trace.asked = placement.position;
        trace.position = position;
        if (holder !== undefined) trace.by = holder.id;
      }
      const text = textIn(placement.text, locale);
      if (text !== undefined) planned.text = text;
      if (placement.image !== undefined) {
        planned.image = { url: placement.image.url, alt: textIn(placement.image.alt, locale) ?? '' };
      }
      if (placement.link !== undefined) planned.link = placement.link;
      placements.push(planned);
      if (ledger.tracing) traces.push(trace);
    }
    ledger.note(rule, 'place', 'applied');
  }
  return { placements, traces };
}

export interface PageOfHits {
  page: number;
  perPage: number;
  /** Hits the listed section shows on this page. */
  hits: number;
  /** How far its pages reach: the answer's `reachable`. */
  reachable: number;
}

/**
 * The placements of one page in drawing order: the top ones on the first page, those among the
 * tiles by position (a grid banner stands before the tile at its position, so it shows on the
 * page holding that tile), the bottom ones on the last page. Placements change no hit, total or
 * page size; this only picks and orders them.
 */
export function placementsForPage(
  placements: readonly PlannedPlacement[],
  page: PageOfHits,
): PlacementAnswer[] {
  const first = (page.page - 1) * page.perPage;
  const lastPage = Math.max(1, Math.ceil(page.reachable / page.perPage));
  const top = page.page === 1 ? placements.filter((one) => one.slot === 'top') : [];
  const grid = placements
    .filter(
      (one) =>
        one.slot === 'grid' &&
        one.position !== undefined &&
        one.position > first &&
        one.position <= first + page.hits,
    )
    .sort((a, b) => a.position! - b.position!);
  const bottom = page.page === lastPage ? placements.filter((one) => one.slot === 'bottom') : [];
  return [...top, ...grid, ...bottom].map(answer);
}

function answer(placement: PlannedPlacement): PlacementAnswer {
  return {
    slot: placement.slot,
    ...(placement.position !== undefined ? { position: placement.position } : {}),
    kind: placement.kind,
    title: placement.title,
    ...(placement.text !== undefined ? { text: placement.text } : {}),
    ...(placement.image !== undefined ? { image: placement.image } : {}),
    ...(placement.link !== undefined ? { link: placement.link } : {}),
    rule: placement.rule,
  };
}
