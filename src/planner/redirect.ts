import type { RoutesFile } from '../contracts/release-files/index.js';
import type { SearchRequest } from '../contracts/search.js';
import { textIn } from './localized.js';
import type { PlannedRedirect } from './plan.js';
import type { Resolved } from './resolution/types.js';
import type { CompiledRule } from './rules/compile.js';
import type { RuleLedger } from './rules/ledger.js';
import type { Vocabulary } from './vocabulary.js';

export interface RedirectDecision {
  outcome: 'redirected' | 'refused' | 'none';
  redirect?: PlannedRedirect;
  /** The rule that redirects. */
  rule?: CompiledRule;
  reason: string;
}

/**
 * The highest redirect of the matching rules wins and ends planning. Without one, a search whose
 * query names a category or a brand completely, and nothing else, lands on that page, unless the
 * shopper is choosing filters on the search page. A request with `redirect: false` is answered
 * with results instead.
 */
export function decideRedirect(
  matched: readonly CompiledRule[],
  request: SearchRequest,
  resolved: Resolved | undefined,
  vocabulary: Vocabulary,
  routes: RoutesFile,
  locale: string,
  ledger: RuleLedger,
): RedirectDecision {
  const redirecting = matched.filter((rule) => rule.effects.redirect !== undefined);
  const refused = request.redirect === false;
  const [winner, ...lower] = redirecting;
  if (winner !== undefined) {
    for (const rule of lower)
      ledger.note(rule, 'redirect', refused ? 'refused' : 'superseded', refused ? undefined : winner);
    if (refused) {
      ledger.note(winner, 'redirect', 'refused');
      return {
        outcome: 'refused',
        rule: winner,
        reason: 'a rule redirects, and the request asks for results (redirect: false)',
      };
    }
    ledger.note(winner, 'redirect', 'applied');
    const target = winner.effects.redirect!;
    const redirect: PlannedRedirect =
      'url' in target
        ? { url: target.url, rule: winner.id }
        : {
            ...addressOf(target.to, vocabulary, routes, locale),
            entity: target.to,
            ...(target.filters !== undefined ? { filters: target.filters } : {}),
            rule: winner.id,
          };
    return { outcome: 'redirected', redirect, rule: winner, reason: 'the highest matching rule redirects' };
  }
  const page = pageNamed(request, resolved, vocabulary);
  if (page === undefined)
    return { outcome: 'none', reason: 'no rule redirects and the query names no page completely' };
  const address = addressOf(page, vocabulary, routes, locale);
  if (address.url === undefined)
    return { outcome: 'none', reason: `the query names ${page}, which has no page address` };
  if (refused)
    return {
      outcome: 'refused',
      reason: `the query names ${page}, and the request asks for results (redirect: false)`,
    };
  return {
    outcome: 'redirected',
    redirect: { url: address.url, entity: page },
    reason: `the query names ${page} completely`,
  };
}

/**
 * Whether the query names a page completely that has an address, so that it lands there (or, with
 * `redirect: false`, shows that page's sections), whatever the rules do.
 */
export function landsOnPage(
  request: SearchRequest,
  resolved: Resolved | undefined,
  vocabulary: Vocabulary,
  routes: RoutesFile,
  locale: string,
): boolean {
  const page = pageNamed(request, resolved, vocabulary);
  return page !== undefined && addressOf(page, vocabulary, routes, locale).url !== undefined;
}

/** The page a search's complete resolution names, unless the shopper is refining the search page. */
function pageNamed(
  request: SearchRequest,
  resolved: Resolved | undefined,
  vocabulary: Vocabulary,
): string | undefined {
  // A shopper choosing in the search page's facets refines that page: the query does not move them.
  const refining = request.filters !== undefined && Object.keys(request.filters).length > 0;
  return resolved !== undefined && (request.on ?? 'search') === 'search' && !refining
    ? namedPage(resolved, vocabulary)
    : undefined;
}

/** The page a complete resolution names: one category alone, or one brand alone. */
function namedPage(resolved: Resolved, vocabulary: Vocabulary): string | undefined {
  if (!resolved.complete) return undefined;
  if (resolved.category !== undefined) {
    return resolved.fields.length === 0 ? `category:${resolved.category.value}` : undefined;
  }
  const [only, ...others] = resolved.fields;
  if (only?.field !== 'brand' || others.length > 0 || only.detections.length !== 1) return undefined;
  const value = only.detections[0]!.value;
  for (const brand of vocabulary.brands.values()) {
    if (brand.value === value) return brand.page ? `brand:${brand.id}` : undefined;
  }
  return undefined;
}

/** A category's path, or the brand page of routes.json; other entities' addresses the catalog holds. */
function addressOf(
  entity: string,
  vocabulary: Vocabulary,
  routes: RoutesFile,
  locale: string,
): { url?: string } {
  const colon = entity.indexOf(':');
  const type = entity.slice(0, colon);
  const id = entity.slice(colon + 1);
  if (type === 'category') {
    const path = textIn(vocabulary.categories.get(id)?.path, locale);
    return path !== undefined ? { url: path } : {};
  }
  if (type === 'brand') {
    const path = textIn(routes.brands?.path, locale);
    return path !== undefined ? { url: path.replace('{brand}', encodeURIComponent(id)) } : {};
  }
  return {};
}
