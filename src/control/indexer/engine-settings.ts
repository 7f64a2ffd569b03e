import type { AttributeSearchKind, EngineSettings, TypeSearchSettings } from '../../engine/index.js';
import { languageOf } from '../../engine/index.js';
import { DEFAULT_LOCALE } from '../../lib/locale.js';
import { releaseView } from '../../release/release-view.js';

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
  // The files as held, not the view's defaults: without types.json no type has search settings of
  // its own, and without channels.json searches are in English.
  const { held, attributeList: declared } = releaseView(files);
  const types = held['types.json']?.types ?? [];
  const channels = held['channels.json']?.channels ?? [];

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
  const { held, categories } = releaseView(files);
  const channels = held['channels.json']?.channels;
  if (channels) settings.channels = channels.map(({ id, locales, currency }) => ({ id, locales, currency }));
  const attributes = held['attributes.json']?.attributes;
  if (attributes) settings.attributes = attributes;
  const nodes = categories.nodes ?? [];
  const smart = nodes.flatMap((node) => (node.where ? [{ category: node.category, where: node.where }] : []));
  if (smart.length > 0) settings.smartCategories = smart;
  const ranking = held['ranking.json'];
  if (ranking?.signals) settings.signals = ranking.signals;
  if (ranking?.weights) settings.signalWeights = ranking.weights;
  const types = held['types.json']?.types;
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
