import { fold } from '../../engine/analysis/fold.js';
import { textIn } from '../localized.js';
import { scalarEquals } from '../selector.js';
import type { ResolutionContext } from './context.js';
import type { Meaning } from './phrases.js';

/**
 * What a `resolve` rule says a term means, as detections: a category by its id, a brand by its
 * id or name, an option by its value, label or group code, each written the way filters name
 * them. A value the vocabulary does not know is taken as the rule writes it.
 */
export function termMeanings(
  as: Readonly<Record<string, string | number | boolean>>,
  context: ResolutionContext,
): Meaning[] {
  return Object.entries(as).map(([field, value]) => {
    if (field === 'category') {
      const id = String(value);
      const label = textIn(context.vocabulary.categories.get(id)?.title, context.locale) ?? id;
      return { field, value: id, label, via: 'rule', dismissValue: id };
    }
    if (field === 'brand') {
      const wanted = fold(String(value));
      for (const brand of context.vocabulary.brands.values()) {
        if (fold(brand.id) === wanted || fold(brand.name) === wanted || fold(brand.value) === wanted) {
          return { field, value: brand.value, label: brand.name, via: 'rule', dismissValue: brand.value };
        }
      }
      return { field, value, label: String(value), via: 'rule', dismissValue: value };
    }
    const attribute = context.vocabulary.attributes.get(field);
    if (attribute?.type === 'boolean') {
      return {
        field,
        value,
        label: textIn(attribute.label, context.locale) ?? field,
        via: 'rule',
        dismissValue: value,
      };
    }
    const option = attribute?.options.find((one) => scalarEquals(one.value, value));
    if (option !== undefined) {
      const label = textIn(option.label, context.locale) ?? option.value;
      return { field, value: option.value, label, via: 'rule', dismissValue: option.value };
    }
    const group = attribute?.groups.find((one) => scalarEquals(one.code, value));
    if (group !== undefined) {
      const label = textIn(group.label, context.locale) ?? group.code;
      return { field, value: group.code, label, via: 'rule', dismissValue: group.code };
    }
    return { field, value, label: String(value), via: 'rule', dismissValue: value };
  });
}
