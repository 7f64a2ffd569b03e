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
  const ajvs = ajvsFor(sharedSchemas);
  return ({ schema, httpPart }) => {
    let validate: ValidateFunction | undefined;
    return (data: unknown) => {
      validate ??= (httpPart === 'body' ? ajvs.strict() : ajvs.coercing()).compile(schema);
      return validate(data) ? { value: data } : { error: validationError(validate) };
    };
  };
}

/**
 * The two Ajv instances of a set of shared schemas, made on first use and shared by every server
 * of the process: adding the shared schemas checks each against the meta-schema, a good part of a
 * second per instance.
 */
const ajvsBySchemas = new WeakMap<readonly TSchema[], { strict(): Ajv; coercing(): Ajv }>();

function ajvsFor(sharedSchemas: readonly TSchema[]): { strict(): Ajv; coercing(): Ajv } {
  let ajvs = ajvsBySchemas.get(sharedSchemas);
  if (!ajvs) {
    let strict: Ajv | undefined;
    let coercing: Ajv | undefined;
    ajvs = {
      strict: () => (strict ??= makeAjv(sharedSchemas, false)),
      coercing: () => (coercing ??= makeAjv(sharedSchemas, 'array')),
    };
    ajvsBySchemas.set(sharedSchemas, ajvs);
  }
  return ajvs;
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
