import type {
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  RankingFile,
  TypesFile,
} from '../../contracts/release-files/index.js';
import type { EngineSettings } from '../../engine/index.js';

const ENGINE_TEXT_FIELDS = ['title', 'brand', 'keywords', 'description'] as const;

/**
 * What the engine compiles from a release: each type's field weights from types.json (a type that
 * lists its search fields searches those alone), and the first channel's first locale as the
 * locale of result fields; then the structured half (see structuredSettingsOf).
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
  return { fieldWeights, ...(locale ? { locale } : {}), ...structuredSettingsOf(files) };
}

/**
 * The structured half: channels (channels.json), attributes (attributes.json), smart categories
 * (categories.json nodes with `where`), signals and their weights (ranking.json), and per type its
 * grain and result fields (types.json).
 */
export function structuredSettingsOf(files: Record<string, unknown>): EngineSettings {
  const settings: EngineSettings = {};
  const channels = (files['channels.json'] as ChannelsFile | undefined)?.channels;
  if (channels) settings.channels = channels.map(({ id, locales, currency }) => ({ id, locales, currency }));
  const attributes = (files['attributes.json'] as AttributesFile | undefined)?.attributes;
  if (attributes) settings.attributes = attributes;
  const nodes = (files['categories.json'] as CategoriesFile | undefined)?.nodes ?? [];
  const smart = nodes.flatMap((node) => (node.where ? [{ category: node.category, where: node.where }] : []));
  if (smart.length > 0) settings.smartCategories = smart;
  const ranking = files['ranking.json'] as RankingFile | undefined;
  if (ranking?.signals) settings.signals = ranking.signals;
  if (ranking?.weights) settings.signalWeights = ranking.weights;
  const types = (files['types.json'] as TypesFile | undefined)?.types;
  if (types) {
    settings.types = Object.fromEntries(
      types.map((type) => [
        type.code,
        {
          ...(type.grain ? { grain: type.grain } : {}),
          ...(type.result_fields ? { resultFields: type.result_fields } : {}),
        },
      ]),
    );
  }
  return settings;
}
