import { Type } from '@sinclair/typebox';
import { DraftConflict } from '../../contracts/imports.js';
import { Problem } from '../../contracts/problem.js';

// Any text is taken so that an id that is not a number is answered 404, like an unknown one.
export const ImportParams = Type.Object({
  import: Type.String({ description: 'The import id, an integer.' }),
});

/** The import id of the path; 0 (which no import has) for one that is not a number. */
export function importId(params: { import: string }): number {
  return /^\d{1,15}$/.test(params.import) ? Number(params.import) : 0;
}

/** What every write to a draft's files may answer besides its own answer. */
export const DRAFT_WRITE_PROBLEMS = {
  400: Type.Ref(Problem),
  401: Type.Ref(Problem),
  404: Type.Ref(Problem),
  409: Type.Ref(DraftConflict),
  422: Type.Ref(Problem),
  502: Type.Ref(Problem),
};
