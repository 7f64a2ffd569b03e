import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SearchRequest, Selector } from '../contracts/search.js';
import { violationsFromAjv } from './ajv-violations.js';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(Selector);
const validateSearch = ajv.compile(SearchRequest);

/** The violations a search request body gets. */
function violationsOf(body: unknown) {
  const valid = validateSearch(body);
  expect(valid).toBe(false);
  return violationsFromAjv(validateSearch.errors ?? []);
}

describe('violationsFromAjv on a search request', () => {
  it('gives no violations for a valid request', () => {
    expect(
      validateSearch({ query: 'red shoes', on: 'search', per_page: 24, time: '2026-01-31T09:00:00Z' }),
    ).toBe(true);
    expect(violationsFromAjv(validateSearch.errors ?? [])).toEqual([]);
  });

  it('says per_page 0 is below its minimum', () => {
    expect(violationsOf({ per_page: 0 })).toEqual([{ pointer: '/per_page', message: 'Must be at least 1.' }]);
  });

  it('says per_page 101 is above its maximum', () => {
    expect(violationsOf({ per_page: 101 })).toEqual([
      { pointer: '/per_page', message: 'Must be at most 100.' },
    ]);
  });

  it('says page 0 is below its minimum', () => {
    expect(violationsOf({ page: 0 })).toEqual([{ pointer: '/page', message: 'Must be at least 1.' }]);
  });

  it('says a fractional page size must be an integer', () => {
    expect(violationsOf({ per_page: 2.5 })).toEqual([
      { pointer: '/per_page', message: 'Must be an integer.' },
    ]);
  });

  it('points at an unknown field', () => {
    expect(violationsOf({ query: 'shirt', colour: 'red' })).toEqual([
      { pointer: '/colour', message: 'Is not a field here: remove it or check its spelling.' },
    ]);
  });

  it('escapes an unknown field name in the pointer', () => {
    expect(violationsOf({ 'size/eu': 42, 'a~b': 1 }).map((v) => v.pointer)).toEqual(['/size~1eu', '/a~0b']);
  });

  it('names the type a field must have', () => {
    expect(violationsOf({ query: 42 })).toEqual([{ pointer: '/query', message: 'Must be a string.' }]);
    expect(violationsOf({ filters: 3 })).toEqual([{ pointer: '/filters', message: 'Must be an object.' }]);
  });

  it('lists the allowed values of a union of literals, once', () => {
    expect(violationsOf({ on: 'home' })).toEqual([
      { pointer: '/on', message: 'Must be one of: "search", "category_page", "autocomplete".' },
    ]);
  });

  it('lists the kinds a union of types allows', () => {
    expect(violationsOf({ dismissed: [{ field: 'color', value: { nested: true } }] })).toEqual([
      { pointer: '/dismissed/0/value', message: 'Must be one of these kinds: boolean, number, string.' },
    ]);
  });

  it('points at a missing required field inside an array item', () => {
    expect(violationsOf({ dismissed: [{ value: 'red' }] })).toEqual([
      { pointer: '/dismissed/0/field', message: 'Is required: add it.' },
    ]);
  });

  it('says a bad date-time must be RFC 3339 with an offset', () => {
    const message = 'Must be an RFC 3339 time with an offset, such as 2026-01-31T09:00:00Z.';
    expect(violationsOf({ time: 'yesterday' })).toEqual([{ pointer: '/time', message }]);
    expect(violationsOf({ time: '2026-01-31T09:00:00' })).toEqual([{ pointer: '/time', message }]);
  });

  it('says an empty text must not be empty', () => {
    expect(violationsOf({ channel: '' })).toEqual([{ pointer: '/channel', message: 'Must not be empty.' }]);
  });

  it('gives the length limit of a too long text', () => {
    expect(violationsOf({ query: 'x'.repeat(513) })).toEqual([
      { pointer: '/query', message: 'Must have at most 512 characters.' },
    ]);
  });

  it('points into a record at the value at fault', () => {
    expect(violationsOf({ context: { segment: 7 } })).toEqual([
      { pointer: '/context/segment', message: 'Must be a string.' },
    ]);
  });

  it('gives one violation per field when several are wrong', () => {
    const violations = violationsOf({ per_page: 0, colour: 'x', query: 1 });
    expect(violations).toHaveLength(3);
    expect(violations).toEqual(
      expect.arrayContaining([
        { pointer: '/per_page', message: 'Must be at least 1.' },
        { pointer: '/colour', message: 'Is not a field here: remove it or check its spelling.' },
        { pointer: '/query', message: 'Must be a string.' },
      ]),
    );
  });
});

describe('violationsFromAjv on other keywords', () => {
  const validate = ajv.compile({
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of its prices.' },
      kind: { const: 'product' },
      level: { enum: ['low', 'high'] },
      tags: { type: 'array', minItems: 1, maxItems: 2 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      name: { type: 'string', minLength: 3 },
      site: { type: 'string', format: 'uri' },
    },
  });

  function messagesOf(data: unknown): Record<string, string> {
    expect(validate(data)).toBe(false);
    return Object.fromEntries(violationsFromAjv(validate.errors ?? []).map((v) => [v.pointer, v.message]));
  }

  it('writes a sentence for each keyword', () => {
    expect(
      messagesOf({
        code: 'eur',
        currency: 'euro',
        kind: 'category',
        level: 'mid',
        tags: ['a', 'b', 'c'],
        name: 'ab',
        site: 'not a uri',
      }),
    ).toEqual({
      '/code': '"eur" does not fit here: it must match the pattern ^[A-Z]{3}$.',
      '/currency': '"euro" does not fit here: expected ISO 4217 code of its prices.',
      '/kind': 'Must be "product".',
      '/level': 'Must be one of: "low", "high".',
      '/tags': 'Must have at most 2 items.',
      '/name': 'Must have at least 3 characters.',
      '/site': 'Must be a valid uri.',
    });
  });

  it('states exclusive bounds', () => {
    expect(messagesOf({ ratio: 0 })).toEqual({ '/ratio': 'Must be above 0.' });
    expect(messagesOf({ ratio: 1 })).toEqual({ '/ratio': 'Must be below 1.' });
  });

  it('states a minimum number of items', () => {
    expect(messagesOf({ tags: [] })).toEqual({ '/tags': 'Must have at least 1 items.' });
  });

  it('uses an empty pointer for the document itself', () => {
    expect(messagesOf('text')).toEqual({ '': 'Must be an object.' });
  });

  it('falls back to the Ajv message, capitalized, for other keywords', () => {
    const error: ErrorObject = {
      keyword: 'uniqueItems',
      instancePath: '/facets',
      schemaPath: '#/properties/facets/uniqueItems',
      params: { i: 1, j: 0 },
      message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
    };
    expect(violationsFromAjv([error])).toEqual([
      { pointer: '/facets', message: 'Must NOT have duplicate items (items ## 0 and 1 are identical).' },
    ]);
  });
});
