import type { StructuredSettings } from './index/columns-settings.js';
import { FIELD_COUNT, TEXT_FIELDS, type TextField } from './index/fields.js';

/** Text settings here; channels, attributes, signals and types in StructuredSettings. */
export interface EngineSettings extends StructuredSettings {
  /** Field weights per entity type; defaults for every type: title 5, brand 3, keywords 2, description 1. */
  fieldWeights?: Record<string, Partial<Record<TextField, number>>>;
  /** The source locale: the key taken from a localized text for result fields, else its first value. */
  locale?: string;
}

export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<TextField, number>> = {
  title: 5,
  brand: 3,
  keywords: 2,
  description: 1,
};

/** The weights of `type` in TEXT_FIELDS order: the settings' own, else the defaults. */
export function fieldWeights(settings: EngineSettings, type: string): Float64Array {
  const own = settings.fieldWeights?.[type] ?? {};
  const weights = new Float64Array(FIELD_COUNT);
  for (let field = 0; field < FIELD_COUNT; field++) {
    const name = TEXT_FIELDS[field]!;
    const weight = own[name] ?? DEFAULT_FIELD_WEIGHTS[name];
    if (!(weight >= 0) || !Number.isFinite(weight)) {
      throw new RangeError(`field weight ${type}.${name} must be a finite number >= 0, got ${weight}`);
    }
    weights[field] = weight;
  }
  return weights;
}
