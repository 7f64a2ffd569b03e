import { Type } from '@sinclair/typebox';
import { DraftConflict } from '../../contracts/imports.js';
import { Problem } from '../../contracts/problem.js';

/**
 * An id counted up by the control plane, as a path names it: whole digits from 1 (the validator
 * refuses `01`, `1e3` and numbers past 2^53 with a 400 naming the id as sent).
 */
export function CountedId(description: string) {
  return Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description });
}

export const ImportParams = Type.Object({ import: CountedId('The import id, an integer.') });

/** What every write to a draft's files may answer besides its own answer. */
export const DRAFT_WRITE_PROBLEMS = {
  400: Type.Ref(Problem),
  401: Type.Ref(Problem),
  404: Type.Ref(Problem),
  409: Type.Ref(DraftConflict),
  422: Type.Ref(Problem),
  502: Type.Ref(Problem),
};
