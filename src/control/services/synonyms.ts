import type { SynonymDictionary, SynonymsFile } from '../../contracts/release-files/index.js';
import type { DraftSynonyms, SynonymCheck, SynonymEntry, SynonymList } from '../../contracts/synonyms.js';
import { AppError } from '../../lib/errors.js';
import { releaseView } from '../../release/release-view.js';
import {
  type EntryId,
  entryAt,
  entryClashes,
  kindOf,
  normalizeEntry,
  parseEntryId,
  refuses,
  type SynonymClash,
  withEntry,
  withoutEntry,
  withReplaced,
} from '../../release/synonym-entries.js';
import type { ControlDeps } from './deps.js';
import { writeDraft } from './draft-write.js';
import { type ImportView, loadImport, releaseFilesOf } from './imports-state.js';

type Refused = NonNullable<DraftSynonyms['refused']>[number];

/** The live synonyms of every language. */
export function liveSynonyms(deps: ControlDeps): Promise<SynonymList> {
  return deps.querySide.synonyms({});
}

/** A draft's synonyms: its synonyms.json, or the published release's when it changes none. */
export async function draftSynonyms(deps: ControlDeps, id: number): Promise<DraftSynonyms> {
  const view = await loadImport(deps, id);
  return answer(deps, view, await releaseFilesOf(deps, view), {}, true);
}

async function answer(
  deps: ControlDeps,
  view: ImportView,
  release: Record<string, unknown>,
  extra: Pick<DraftSynonyms, 'written' | 'refused'> = {},
  needsLive = false,
): Promise<DraftSynonyms> {
  const { release: _live, ...synonyms } = await deps.querySide.synonyms({
    files: release,
    ...(needsLive ? { needs_live: true } : {}),
  });
  return { version: view.version, synonyms, ...extra };
}

export interface NewSynonyms {
  version: string;
  locale: string;
  entries: SynonymEntry[];
  despite_never?: boolean;
}

/**
 * Adds entries to a draft's dictionary in the order sent, each after the entries of its kind and
 * checked against the dictionary with the earlier ones written: an entry with too few words, a
 * word taken by another entry, or (unless `despite_never`) words a never entry keeps apart is
 * refused with why. When every entry is refused nothing is written (422 with `refused`).
 */
export async function addSynonyms(deps: ControlDeps, id: number, body: NewSynonyms): Promise<DraftSynonyms> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const file = synonymsOf(release);
    let dictionary = file.dictionaries[body.locale];
    const ids: string[] = [];
    const refused: Refused[] = [];
    body.entries.forEach((sent, index) => {
      const entry = normalizeEntry(sent);
      const clashes = entryClashes(entry, body.locale, dictionary);
      if (refuses(clashes, body.despite_never === true)) {
        refused.push({ index, entry, clashes: clashes as Refused['clashes'] });
        return;
      }
      const added = withEntry(dictionary, body.locale, entry);
      dictionary = added.dictionary;
      ids.push(added.id);
    });
    if (ids.length === 0) throw allRefused(refused, (index) => `/entries/${index}`);
    return { files: withDictionary(file, body.locale, dictionary!), result: { ids, refused } };
  });
  const { ids, refused } = written.result;
  return answer(deps, written.view, written.release, {
    written: ids,
    ...(refused.length > 0 ? { refused } : {}),
  });
}

/**
 * Replaces an entry's words, checked as an add with its own words left out; an entry of another
 * kind moves after the entries of its new kind, and `written` names its new id.
 */
export async function changeSynonym(
  deps: ControlDeps,
  id: number,
  synonym: string,
  body: { version: string; entry: SynonymEntry; despite_never?: boolean },
): Promise<DraftSynonyms> {
  const written = await writeDraft(deps, id, body.version, (release) => {
    const file = synonymsOf(release);
    const at = entryIn(file, synonym);
    const entry = normalizeEntry(body.entry);
    const dictionary = file.dictionaries[at.locale]!;
    const clashes = entryClashes(entry, at.locale, dictionary, synonym);
    if (refuses(clashes, body.despite_never === true))
      throw allRefused([{ index: 0, entry, clashes: clashes as Refused['clashes'] }], () => '/entry');
    if (entry.kind === kindOf(at))
      return { files: withDictionary(file, at.locale, withReplaced(dictionary, at, entry)), result: synonym };
    const moved = withEntry(withoutEntry(dictionary, at), at.locale, entry);
    return { files: withDictionary(file, at.locale, moved.dictionary), result: moved.id };
  });
  return answer(deps, written.view, written.release, { written: [written.result] });
}

/** Removes an entry; later entries of its kind move up, so their ids change. */
export async function deleteSynonym(
  deps: ControlDeps,
  id: number,
  synonym: string,
  version: string,
): Promise<DraftSynonyms> {
  const written = await writeDraft(deps, id, version, (release) => {
    const file = synonymsOf(release);
    const at = entryIn(file, synonym);
    return {
      files: withDictionary(file, at.locale, withoutEntry(file.dictionaries[at.locale]!, at)),
      result: undefined,
    };
  });
  return answer(deps, written.view, written.release);
}

/** An entry being typed checked against the draft's dictionary, with live counts per word; nothing is written. */
export async function checkSynonym(
  deps: ControlDeps,
  id: number,
  body: { locale: string; channel?: string; entry: SynonymEntry; id?: string },
): Promise<SynonymCheck> {
  const view = await loadImport(deps, id);
  return deps.querySide.checkSynonym({ files: await releaseFilesOf(deps, view), ...body });
}

function synonymsOf(release: Record<string, unknown>): SynonymsFile {
  return releaseView(release).synonyms;
}

function withDictionary(
  file: SynonymsFile,
  locale: string,
  dictionary: SynonymDictionary,
): Record<string, unknown> {
  const dictionaries = { ...file.dictionaries };
  if (Object.keys(dictionary).length > 0) dictionaries[locale] = dictionary;
  else delete dictionaries[locale];
  return { 'synonyms.json': { ...file, dictionaries } };
}

function entryIn(file: SynonymsFile, synonym: string): EntryId {
  const at = parseEntryId(synonym);
  if (at === undefined || entryAt(file, at) === undefined) {
    throw new AppError(
      'synonym_not_found',
      `The draft has no synonym entry ${synonym}: ids are <locale>/<kind>/<index>, kind groups, one_way or never, as GET on its synonyms lists them.`,
    );
  }
  return at;
}

function allRefused(refused: Refused[], pointer: (index: number) => string): AppError {
  return new AppError(
    'synonyms_refused',
    'No entry was written: each clashes with the dictionary, as refused says.',
    refused.flatMap(({ index, clashes }) =>
      clashes.map((clash: SynonymClash) => ({ pointer: pointer(index), message: clash.message })),
    ),
    { refused },
  );
}
