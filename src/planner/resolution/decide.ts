import type { ResolutionContext } from './context.js';
import type { Meaning } from './phrases.js';
import type { Claim } from './types.js';

/** What every open claim means without context: one meaning, one field, or one in the unit typed. */
export function settle(claims: Claim[], context: ResolutionContext): void {
  for (const claim of claims) {
    if (claim.outcome !== undefined || claim.bare) continue;
    if (claim.rule !== undefined) {
      claim.chosen = claim.meanings;
      continue;
    }
    const chosen = decisive(claim.meanings, context);
    if (chosen !== undefined) claim.chosen = chosen;
  }
}

/** The meanings a span settles on, or undefined while they differ in field. */
function decisive(meanings: readonly Meaning[], context: ResolutionContext): Meaning[] | undefined {
  if (meanings.length === 1) return [...meanings];
  const field = meanings[0]!.field;
  if (meanings.every((meaning) => meaning.field === field)) {
    if (field !== 'category') return [...meanings];
    const deepest = deepestOf(meanings, context);
    return deepest === undefined ? undefined : [deepest];
  }
  const sameUnit = meanings.filter((meaning) => meaning.sameUnit === true);
  return sameUnit.length === 1 ? sameUnit : undefined;
}

/** The deepest of categories on one line of the tree, or undefined when they branch apart. */
function deepestOf(meanings: readonly Meaning[], context: ResolutionContext): Meaning | undefined {
  let deepest = meanings[0]!;
  for (const meaning of meanings.slice(1)) {
    if (context.within(meaning.value as string, deepest.value as string)) deepest = meaning;
    else if (!context.within(deepest.value as string, meaning.value as string)) return undefined;
  }
  return deepest;
}

/**
 * The category the query names: the deepest of those it names when they lie on one line of the
 * tree ("electronics headphones" is headphones); categories that branch apart stay text.
 */
export function decideCategory(claims: Claim[], context: ResolutionContext): Meaning | undefined {
  const naming = claims.filter((claim) => claim.chosen?.some((meaning) => meaning.field === 'category'));
  if (naming.length === 0) return undefined;
  const categories = naming.flatMap((claim) =>
    claim.chosen!.filter((meaning) => meaning.field === 'category'),
  );
  const deepest = deepestOf(categories, context);
  if (deepest !== undefined) return deepest;
  for (const claim of naming) {
    claim.chosen = undefined;
    claim.outcome = 'conflict';
  }
  return undefined;
}

/**
 * Open claims read in the light of the category (the one named, else the page's): meanings of
 * attributes no entity there carries go. A claim that comes to name a category on the line of
 * the one named may deepen it; one off that line conflicts. The category the query names in the end.
 */
export function narrow(
  claims: Claim[],
  named: Meaning | undefined,
  context: ResolutionContext,
): Meaning | undefined {
  let category = named;
  const scope = (named?.value as string | undefined) ?? context.pageCategory;
  for (const claim of claims) {
    if (claim.outcome !== undefined || claim.chosen !== undefined) continue;
    const carried =
      scope === undefined
        ? claim.bare
          ? []
          : claim.meanings
        : claim.meanings.filter((meaning) => carriedWithin(meaning, scope, context));
    const chosen = carried.length > 0 ? decisive(carried, context) : undefined;
    if (chosen === undefined) {
      claim.outcome = 'ambiguous';
      continue;
    }
    const naming = chosen.find((meaning) => meaning.field === 'category');
    if (naming !== undefined && category !== undefined) {
      const line = deepestOf([category, naming], context);
      if (line === undefined) {
        claim.outcome = 'conflict';
        continue;
      }
      category = line;
    } else if (naming !== undefined) {
      category = naming;
    }
    claim.chosen = chosen;
  }
  return category;
}

function carriedWithin(meaning: Meaning, scope: string, context: ResolutionContext): boolean {
  const attribute = context.vocabulary.attributes.get(meaning.field);
  if (attribute === undefined) return true;
  for (const category of attribute.categories) if (context.within(category, scope)) return true;
  return false;
}
