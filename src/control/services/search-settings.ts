import type { TypesFile } from '../../contracts/release-files/index.js';
import type { DraftSearchSettings, SearchSettings } from '../../contracts/search-settings.js';
import { AppError } from '../../lib/errors.js';
import { writtenSearchFields } from '../../planner/index.js';
import { DEFAULT_TYPES, releaseView } from '../../release/release-view.js';
import type { ControlDeps } from './deps.js';
import { writeDraft } from './draft-write.js';
import { type ImportView, loadImport, releaseFilesOf } from './imports-state.js';

type TypeSearch = NonNullable<TypesFile['types'][number]['search']>;

/** How each type is searched now: the live release's settings. */
export function liveSearchSettings(deps: ControlDeps, locale: string | undefined): Promise<SearchSettings> {
  return deps.querySide.searchSettings(locale !== undefined ? { locale } : {});
}

/** How each type of a draft's release would be searched. */
export async function draftSearchSettings(
  deps: ControlDeps,
  id: number,
  locale: string | undefined,
): Promise<DraftSearchSettings> {
  const view = await loadImport(deps, id);
  return answer(deps, view, await releaseFilesOf(deps, view), locale);
}

async function answer(
  deps: ControlDeps,
  view: ImportView,
  release: Record<string, unknown>,
  locale: string | undefined,
  type?: string,
): Promise<DraftSearchSettings> {
  const settings = await deps.querySide.searchSettings({
    // A draft that changes nothing over nothing published makes no release yet: it is searched by
    // the default types, the ones a change of its search settings starts from.
    files: Object.keys(release).length > 0 ? release : { 'types.json': DEFAULT_TYPES },
    ...(locale !== undefined ? { locale } : {}),
  });
  return {
    version: view.version,
    locale: settings.locale,
    types: settings.types,
    ...(type !== undefined ? { type } : {}),
  };
}

/**
 * Changes how one type of a draft is searched: the members of its `search` in types.json that are
 * sent replace the draft's. A type searched by the defaults gets a `search` of its own, with the
 * default fields unless `fields` is sent.
 */
export async function changeSearchSettings(
  deps: ControlDeps,
  id: number,
  type: string,
  body: { version: string } & Partial<TypeSearch>,
): Promise<DraftSearchSettings> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const file = releaseView(release).types;
    const at = file.types.findIndex((one) => one.code === type);
    if (at < 0) {
      throw new AppError(
        'type_not_found',
        `The draft has no type "${type}": its types are ${file.types.map((one) => `"${one.code}"`).join(', ')}.`,
      );
    }
    const { version: _version, ...changes } = body;
    const current = file.types[at]!;
    const search: TypeSearch = { ...current.search, fields: writtenSearchFields(release, type), ...changes };
    const types = file.types.map((one, index) => (index === at ? { ...one, search } : one));
    return { files: { 'types.json': { ...file, types } }, result: type };
  });
  return answer(deps, written.view, written.release, undefined, written.result);
}
