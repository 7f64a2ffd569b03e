import type { AttributesFile, ChannelsFile, TypesFile } from '../../contracts/release-files/index.js';
import type { AttributeSearchKind, EngineSettings, TypeSearchSettings } from '../../engine/index.js';
import { languageOf } from '../../engine/index.js';

/** Attribute types whose values are found by words unless attributes.json says otherwise. */
const SEARCHABLE_BY_DEFAULT = new Set(['text', 'identifier', 'option']);

/**
 * What the engine compiles from a release: each type's search settings from types.json (a type
 * that lists its search fields searches those alone; typo settings, exempt attributes, prefix),
 * the searchable attributes of attributes.json (identifiers matched exactly), the languages the
 * channels serve (their stems), and the first channel's first locale as the locale of result fields.
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

  const attributes: Record<string, AttributeSearchKind> = {};
  for (const attribute of declared) {
    const searchable = attribute.searchable ?? SEARCHABLE_BY_DEFAULT.has(attribute.type);
    if (searchable) attributes[attribute.code] = attribute.type === 'identifier' ? 'identifier' : 'text';
  }

  const languages: string[] = [];
  for (const channel of channels) {
    for (const locale of channel.locales) {
      const language = languageOf(locale);
      if (!languages.includes(language)) languages.push(language);
    }
  }
  const locale = channels[0]?.locales[0];
  return {
    search,
    attributes,
    languages,
    ...(locale ? { locale } : {}),
  };
}
