import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
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
    const inUrl = httpPart === 'querystring' || httpPart === 'params';
    return (data: unknown) => {
      validate ??= (httpPart === 'body' ? ajvs.strict() : ajvs.coercing()).compile(schema);
      const unwritten = inUrl ? uncanonicalIntegers(schema, data) : [];
      const valid = validate(data);
      if (valid && unwritten.length === 0) return { value: data };
      // A parameter's own violation comes first, so it is the one its pointer keeps.
      return { error: validationError([...unwritten, ...(valid ? [] : (validate.errors ?? []))]) };
    };
  };
}

const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * URL parameters whose schema is an integer and whose text is not one written as such: Ajv's
 * coercion reads `01`, `1e3`, ` 1` and `Infinity` as numbers and a number past 2^53 as its
 * neighbour, so `/imports/01` would name import 1 and `page=Infinity` a page. An id or a number
 * in a URL is whole digits without leading zeros, within what a JavaScript number holds exactly.
 */
function uncanonicalIntegers(schema: TSchema, data: unknown): ErrorObject[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!properties || data === null || typeof data !== 'object') return [];
  const errors: ErrorObject[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const value = (data as Record<string, unknown>)[name];
    if (property.type !== 'integer' || typeof value !== 'string') continue;
    if (CANONICAL_INTEGER.test(value) && Number.isSafeInteger(Number(value))) continue;
    errors.push({
      keyword: 'integer',
      instancePath: `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
      schemaPath: `#/properties/${name}`,
      params: {},
      message: `"${value}" is not a whole number written in digits without leading zeros, up to ${Number.MAX_SAFE_INTEGER}`,
      data: value,
    });
  }
  return errors;
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

function validationError(errors: readonly ErrorObject[]): Error {
  const error = new Error('The request does not match its schema.') as Error & { validation: unknown };
  error.validation = errors;
  return error;
}
