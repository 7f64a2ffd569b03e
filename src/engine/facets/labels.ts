import { builtInValueLabel, withUnit } from '../../lib/words.js';
import type { FieldValue } from '../index/columns-data.js';
import type { SharedView } from '../listing/shared-view.js';
import type { FieldAccess } from '../listing/structured-index.js';

const collators = new Map<string, Intl.Collator>();

/** A collator per locale, made once: labels sort by it. */
export function collator(locale: string | undefined): Intl.Collator {
  const key = locale ?? 'en';
  let made = collators.get(key);
  if (made === undefined) {
    made = new Intl.Collator(key);
    collators.set(key, made);
  }
  return made;
}

/** What a value of a field reads as on a facet or a chip, with what else it has to show. */
export interface ValueLook {
  label: string;
  swatch?: string;
  image?: string;
  description?: string;
}

export function valueLook(
  access: FieldAccess,
  value: FieldValue,
  shared: SharedView,
  locale: string | undefined,
  unit: string | undefined,
): ValueLook {
  switch (access.nature) {
    case 'category':
      return { label: shared.categoryTitle(String(value), locale) };
    case 'brand': {
      const brand = shared.brand(String(value));
      const look: ValueLook = { label: shared.text(brand?.title, locale) ?? String(value) };
      if (brand?.logo !== undefined) look.image = brand.logo;
      return look;
    }
    case 'availability':
    case 'boolean':
    case 'on_sale':
      return { label: builtInValueLabel(String(value), locale) };
    case 'number':
    case 'quantity':
    case 'rating':
      return { label: typeof value === 'number' ? withUnit(value, unit, locale) : String(value) };
    case 'delivery_days':
      return { label: typeof value === 'number' ? withUnit(value, 'day', locale) : String(value) };
    case 'option': {
      const option = shared.option(access.name, value);
      if (option === undefined) return { label: String(value) };
      const look: ValueLook = { label: shared.text(option.label, locale) ?? option.value };
      if (option.swatch !== undefined) look.swatch = option.swatch;
      if (option.image !== undefined) look.image = option.image;
      const description = shared.text(option.description, locale);
      if (description !== undefined) look.description = description;
      return look;
    }
    default:
      return { label: String(value) };
  }
}
