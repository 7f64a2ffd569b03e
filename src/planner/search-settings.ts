import type { TypeSearchSettings } from '../contracts/search-settings.js';
import { DEFAULT_FIELD_WEIGHTS, languageOf, STEMMED_LANGUAGES } from '../engine/index.js';
import { isSearchable } from '../release/checks/fields.js';
import { releaseView } from '../release/release-view.js';
import { textIn } from './localized.js';

/** Typo settings a type that names none searches with (the engine's defaults). */
const DEFAULT_TYPOS = { enabled: true, one_typo_min_letters: 5, two_typos_min_letters: 9 } as const;

/**
 * How each type of a release is searched, as the indexer compiles it (engine-settings): the
 * fields types.json lists with their weights, else the engine's default fields; how each field
 * matches; typo and prefix settings; whether words of `locale` are stemmed; and the identifier
 * attributes found exactly whatever the fields list.
 */
export function searchSettingsOf(files: Record<string, unknown>, locale: string): TypeSearchSettings[] {
  const view = releaseView(files);
  const searchable = view.attributeList.filter(isSearchable);
  const identifiers = searchable
    .filter((attribute) => attribute.type === 'identifier')
    .map((one) => one.code);
  const languages = view.channels.channels.flatMap((channel) => channel.locales.map(languageOf));
  const language = languageOf(locale);
  const stemmed = languages.includes(language) && STEMMED_LANGUAGES.includes(language);
  return view.types.types.map((type) => {
    const own = type.search;
    const exempt = own?.typos?.exempt ?? [];
    const listed = own?.fields ?? [
      ...Object.entries(DEFAULT_FIELD_WEIGHTS).map(([field, weight]) => ({ field, weight })),
      ...(searchable.some((attribute) => attribute.type !== 'identifier')
        ? [{ field: 'attributes.*', weight: 1 }]
        : []),
    ];
    return {
      type: type.code,
      label: textIn(type.label, locale) ?? type.code,
      defaults: own === undefined,
      fields: listed.map(({ field, weight }) => {
        const code = field.startsWith('attributes.') ? field.slice('attributes.'.length) : undefined;
        const match =
          code !== undefined && identifiers.includes(code)
            ? 'identifier'
            : code !== undefined && exempt.includes(code)
              ? 'exact'
              : 'words';
        return { field, weight, match };
      }),
      typos: {
        enabled: own?.typos?.enabled ?? DEFAULT_TYPOS.enabled,
        one_typo_min_letters: own?.typos?.one_typo_min_letters ?? DEFAULT_TYPOS.one_typo_min_letters,
        two_typos_min_letters: own?.typos?.two_typos_min_letters ?? DEFAULT_TYPOS.two_typos_min_letters,
        exempt,
      },
      prefix: own?.prefix ?? true,
      stemmed,
      identifiers,
    };
  });
}

/**
 * The fields a type is searched by as types.json writes them: its own, or the defaults with
 * `attributes.*` spelled out as each searchable attribute (types.json names attributes one by one).
 */
export function writtenSearchFields(
  files: Record<string, unknown>,
  type: string,
): Array<{ field: string; weight: number }> {
  const view = releaseView(files);
  const own = view.types.types.find((one) => one.code === type)?.search?.fields;
  if (own !== undefined) return own.map(({ field, weight }) => ({ field, weight }));
  const attributes = view.attributeList.filter((one) => isSearchable(one) && one.type !== 'identifier');
  return [
    ...Object.entries(DEFAULT_FIELD_WEIGHTS).map(([field, weight]) => ({ field, weight })),
    ...attributes.map((attribute) => ({ field: `attributes.${attribute.code}`, weight: 1 })),
  ];
}
