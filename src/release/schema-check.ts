import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Violation } from '../contracts/problem.js';
import {
  RELEASE_FILE_NAMES,
  type ReleaseFileName,
  releaseFileSchemas,
  releaseFileSharedSchemas,
} from '../contracts/release-files/index.js';
import { SearchRequest, Selector } from '../contracts/search.js';
import { violationsFromAjv } from '../lib/ajv-violations.js';

let validators: Map<ReleaseFileName, ValidateFunction> | undefined;

/** One compiled validator per release file, made once on first use. */
function validatorsByFile(): Map<ReleaseFileName, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: false });
  addFormats.default(ajv);
  for (const schema of [Selector, SearchRequest, ...releaseFileSharedSchemas]) ajv.addSchema(schema);
  validators = new Map(RELEASE_FILE_NAMES.map((name) => [name, ajv.compile(releaseFileSchemas[name])]));
  return validators;
}

export function isReleaseFileName(name: string): name is ReleaseFileName {
  return (RELEASE_FILE_NAMES as string[]).includes(name);
}

/** Checks one file against its schema; each violation names the file and the pointer in it. */
export function checkFileSchema(name: ReleaseFileName, content: unknown): Violation[] {
  const validate = validatorsByFile().get(name)!;
  if (validate(content)) return [];
  return violationsFromAjv(validate.errors ?? []).map((violation) => ({ file: name, ...violation }));
}
