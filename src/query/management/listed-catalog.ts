import type { Rule } from '../../contracts/release-files/index.js';
import { entityFields } from '../../engine/index.js';
import {
  catalogHoldings,
  type EntityFact,
  entitiesNamedBy,
  type ListedCatalog,
  missingCatalogNames,
} from '../../planner/index.js';
import { textIn } from '../../planner/localized.js';
import type { LiveState } from '../live-index.js';

/**
 * The live catalog as a rule list reads it, as plain data: whether it holds each entity the rules
 * name, with its title and first photo as a hit in the list's channel and locale shows them (a
 * category or brand without an index of its own is titled by the vocabulary), the categories with
 * their titles and parents, and the names of `files` it lacks.
 */
export function listedCatalog(
  live: LiveState,
  files: Record<string, unknown>,
  rules: readonly Rule[],
  place: { channel: string; locale: string; time: number },
): ListedCatalog {
  const holdings = catalogHoldings(live.vocabulary, live.index, files);
  const entities: Record<string, EntityFact> = {};
  for (const reference of entitiesNamedBy(rules)) {
    entities[reference] = entityFact(live, holdings.entity(reference), reference, place);
  }
  return {
    categories: [...live.vocabulary.categories.values()].map((category) => {
      const title = textIn(category.title, place.locale);
      return {
        id: category.id,
        ...(title !== undefined ? { title } : {}),
        ...(category.parent !== undefined ? { parent: category.parent } : {}),
      };
    }),
    entities,
    missing: missingCatalogNames(files, live.vocabulary, live.index),
  };
}

function entityFact(
  live: LiveState,
  held: boolean,
  reference: string,
  place: { channel: string; locale: string; time: number },
): EntityFact {
  if (!held) return { held };
  const fields = entityFields(live.index, reference, place);
  const type = reference.slice(0, reference.indexOf(':'));
  const id = reference.slice(type.length + 1);
  const title =
    typeof fields?.title === 'string'
      ? fields.title
      : type === 'category'
        ? textIn(live.vocabulary.categories.get(id)?.title, place.locale)
        : type === 'brand'
          ? live.vocabulary.brands.get(id)?.name
          : undefined;
  const images = Array.isArray(fields?.images) ? fields.images : [];
  const image =
    typeof fields?.image === 'string' ? fields.image : images.find((one) => typeof one === 'string');
  return {
    held,
    ...(title !== undefined ? { title } : {}),
    ...(typeof image === 'string' ? { image } : {}),
  };
}
