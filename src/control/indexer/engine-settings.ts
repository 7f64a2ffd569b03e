import type {
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  RankingFile,
  TypesFile,
} from '../../contracts/release-files/index.js';
import type { AttributeSearchKind, EngineSettings, TypeSearchSettings } from '../../engine/index.js';
import { languageOf } from '../../engine/index.js';
import { DEFAULT_LOCALE } from '../../lib/locale.js';

/** Attribute types whose values are found by words unless attributes.json says otherwise. */
const SEARCHABLE_BY_DEFAULT = new Set(['text', 'identifier', 'option']);

/**
 * What the engine compiles from a release: each type's search settings from types.json (a type
 * that lists its search fields searches those alone; typo settings, exempt attributes, prefix),
 * the searchable attributes of attributes.json (identifiers matched exactly), the languages the
 * channels serve (their stems; English without channels, as searches then are), and the first
 * channel's first locale as the locale of result fields; then the structured half (see
 * structuredSettingsOf).
 */
export function engineSettingsOf(files: Record<string, unknown>): EngineSettings {
  const types = (files['types.json'] as TypesFile | undefined)?.types ?? [];
  const channels = (files['channels.json'] as ChannelsFile | undefined)?.channels ?? [];
  const declared = (files['attributes.json'] as AttributesFile | undefined)?.attributes ?? [];

  const search: Record<string, TypeSearchSettings> = {};
  for (const type of types) {
    if (!type.search) continue;
    const { fields, typos, prefix } = type.search;
    const settings: TypeSearchSettings = { fields: fields.map(({ field, weight }) => ({ field, weight })) };
    if (typos) {
      settings.typos = {
        ...(typos.enabled !== undefined ? { enabled: typos.enabled } : {}),
        ...(typos.one_typo_min_letters !== undefined
          ? { oneTypoMinLetters: typos.one_typo_min_letters }
          : {}),
        ...(typos.two_typos_min_letters !== undefined
          ? { twoTyposMinLetters: typos.two_typos_min_letters }
          : {}),
        ...(typos.exempt !== undefined ? { exempt: [...typos.exempt] } : {}),
      };
    }
    if (prefix !== undefined) settings.prefix = prefix;
    search[type.code] = settings;
  }

  const searchAttributes: Record<string, AttributeSearchKind> = {};
  for (const attribute of declared) {
    const searchable = attribute.searchable ?? SEARCHABLE_BY_DEFAULT.has(attribute.type);
    if (searchable)
      searchAttributes[attribute.code] = attribute.type === 'identifier' ? 'identifier' : 'text';
  }

  const languages: string[] = [];
  for (const channel of channels) {
    for (const locale of channel.locales) {
      const language = languageOf(locale);
      if (!languages.includes(language)) languages.push(language);
    }
  }
  // Without channels a search is in English (the planner's default locale), so English is stemmed.
  if (channels.length === 0) languages.push(languageOf(DEFAULT_LOCALE));
  const locale = channels[0]?.locales[0];
  return {
    search,
    searchAttributes,
    languages,
    ...(locale ? { locale } : {}),
    ...structuredSettingsOf(files),
  };
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
