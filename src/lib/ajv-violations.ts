import type { ErrorObject } from 'ajv';
import type { Violation } from '../contracts/problem.js';

/**
 * Turns Ajv's errors into violations: one per field, pointing at it by JSON pointer (Ajv's
 * `instancePath`, extended by the property a `required` or `additionalProperties` error names),
 * with a sentence that says what to do.
 */
export function violationsFromAjv(errors: readonly ErrorObject[]): Violation[] {
  const byPointer = new Map<string, Violation>();
  for (const error of errors) {
    const pointer = pointerOf(error);
    const message = messageOf(error);
    const known = byPointer.get(pointer);
    // A union reports each branch and then itself: the union's own sentence says it best.
    if (!known || error.keyword === 'anyOf') byPointer.set(pointer, { pointer, message });
  }
  return [...byPointer.values()];
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return `${error.instancePath}/${escapePointerSegment(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${escapePointerSegment(String(params.additionalProperty))}`;
  return error.instancePath;
}

function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'Is required: add it.';
    case 'additionalProperties':
      return 'Is not a field here: remove it or check its spelling.';
    case 'maximum':
      return `Must be at most ${params.limit}.`;
    case 'minimum':
      return `Must be at least ${params.limit}.`;
    case 'exclusiveMaximum':
      return `Must be below ${params.limit}.`;
    case 'exclusiveMinimum':
      return `Must be above ${params.limit}.`;
    case 'maxLength':
      return `Must have at most ${params.limit} characters.`;
    case 'minLength':
      return params.limit === 1 ? 'Must not be empty.' : `Must have at least ${params.limit} characters.`;
    case 'maxItems':
      return `Must have at most ${params.limit} items.`;
    case 'minProperties':
      return params.limit === 1
        ? 'Must not be empty: add a member.'
        : `Must have at least ${params.limit} members.`;
    case 'minItems':
      return `Must have at least ${params.limit} items.`;
    case 'type':
      return `Must be ${article(String(params.type))}.`;
    case 'format':
      return params.format === 'date-time'
        ? 'Must be an RFC 3339 time with an offset, such as 2026-01-31T09:00:00Z.'
        : `Must be a valid ${params.format}.`;
    case 'pattern':
      return patternMessage(error, String(params.pattern));
    case 'const':
      return `Must be ${JSON.stringify(params.allowedValue)}.`;
    case 'enum':
      return `Must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'anyOf':
      return unionMessage(error);
    default:
      return `${capitalize(error.message ?? 'Is not valid')}.`;
  }
}

/** A pattern reads best as what the schema says the value should be, next to the value sent. */
function patternMessage(error: ErrorObject, pattern: string): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  const sent = typeof error.data === 'string' ? `"${error.data}" does not fit here` : 'Does not fit here';
  return description
    ? `${sent}: expected ${lowerFirst(description.replace(/\.$/, ''))}.`
    : `${sent}: it must match the pattern ${pattern}.`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** A union of constants reads best as the list of what it allows. */
function unionMessage(error: ErrorObject): string {
  const branches =
    (error.parentSchema as { anyOf?: Array<Record<string, unknown>> } | undefined)?.anyOf ?? [];
  const constants = branches
    .filter((branch) => 'const' in branch)
    .map((branch) => JSON.stringify(branch.const));
  if (constants.length > 0 && constants.length === branches.length)
    return `Must be one of: ${constants.join(', ')}.`;
  const types = branches.map((branch) => (typeof branch.type === 'string' ? branch.type : 'object'));
  return `Must be one of these kinds: ${[...new Set(types)].join(', ')}.`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
