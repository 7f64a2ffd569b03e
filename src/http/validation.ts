import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two validators: bodies are checked strictly (a wrong type is a mistake the caller must see),
 * while URL parameters, which are always text, are coerced to the types their schema names.
 * Neither removes unknown fields: an unknown field is refused with a violation, never dropped.
 * Each is compiled when its route is first called, so a process's start does not compile them all.
 */
export function createValidatorCompiler(sharedSchemas: readonly TSchema[]): FastifySchemaCompiler<TSchema> {
  const strict = makeAjv(sharedSchemas, false);
  const coercing = makeAjv(sharedSchemas, 'array');
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    let validate: ValidateFunction | undefined;
    return (data: unknown) => {
      validate ??= ajv.compile(schema);
      return validate(data) ? { value: data } : { error: validationError(validate) };
    };
  };
}

function makeAjv(sharedSchemas: readonly TSchema[], coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    verbose: true,
    strict: false,
  });
  addFormats.default(ajv);
  for (const schema of sharedSchemas) ajv.addSchema(schema);
  return ajv;
}

function validationError(validate: ValidateFunction): Error {
  const error = new Error('The request does not match its schema.') as Error & { validation: unknown };
  error.validation = validate.errors ?? [];
  return error;
}
