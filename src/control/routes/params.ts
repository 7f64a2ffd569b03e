import { Type } from '@sinclair/typebox';

// Any text is taken so that an id that is not a number is answered 404, like an unknown one.
export const ImportParams = Type.Object({
  import: Type.String({ description: 'The import id, an integer.' }),
});

/** The import id of the path; 0 (which no import has) for one that is not a number. */
export function importId(params: { import: string }): number {
  return /^\d{1,15}$/.test(params.import) ? Number(params.import) : 0;
}
