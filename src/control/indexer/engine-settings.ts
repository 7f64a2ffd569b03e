import type { ChannelsFile, TypesFile } from '../../contracts/release-files/index.js';
import type { EngineSettings } from '../../engine/index.js';

const ENGINE_TEXT_FIELDS = ['title', 'brand', 'keywords', 'description'] as const;

/**
 * What the engine compiles from a release: each type's field weights from types.json (a type that
 * lists its search fields searches those alone), and the first channel's first locale as the
 * locale of result fields.
 */
export function engineSettingsOf(files: Record<string, unknown>): EngineSettings {
  const types = (files['types.json'] as TypesFile | undefined)?.types ?? [];
  const channels = (files['channels.json'] as ChannelsFile | undefined)?.channels;
  const fieldWeights: NonNullable<EngineSettings['fieldWeights']> = {};
  for (const type of types) {
    if (!type.search) continue;
    const weights: Record<string, number> = Object.fromEntries(ENGINE_TEXT_FIELDS.map((field) => [field, 0]));
    for (const { field, weight } of type.search.fields) {
      if (field in weights) weights[field] = weight;
    }
    fieldWeights[type.code] = weights;
  }
  const locale = channels?.[0]?.locales[0];
  return { fieldWeights, ...(locale ? { locale } : {}) };
}
