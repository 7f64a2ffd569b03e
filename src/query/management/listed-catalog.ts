import { entityFields } from '../../engine/index.js';
import { catalogHoldings, type ListedCatalog, missingCatalogNames } from '../../planner/index.js';
import { textIn } from '../../planner/localized.js';
import type { LiveState } from '../live-index.js';

/**
 * The live catalog as a rule list reads it: whether it holds each entity a rule names, with its
 * title and first photo as a hit in the list's channel and locale shows them (a category or brand
 * without an index of its own is titled by the vocabulary), and the names of `files` it lacks.
 */
export function listedCatalog(
  live: LiveState,
  files: Record<string, unknown>,
  place: { channel: string; locale: string; time: number },
): ListedCatalog {
  const holdings = catalogHoldings(live.vocabulary, live.index, files);
  return {
    vocabulary: live.vocabulary,
    missing: missingCatalogNames(files, live.vocabulary, live.index),
    entity(reference) {
      const held = holdings.entity(reference);
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
    },
  };
}
