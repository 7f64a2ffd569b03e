import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts the keys of the top-level object', () => {
    expect(canonicalJson({ weight: 2, boost: 1, attribute: 'color' })).toBe(
      '{"attribute":"color","boost":1,"weight":2}',
    );
  });

  it('sorts keys at every depth, including objects inside arrays', () => {
    const ranking = {
      rules: [{ action: { boost: 2 }, when: { query: 'shoes' } }],
      defaults: { z: { b: 1, a: 2 }, a: true },
    };
    expect(canonicalJson(ranking)).toBe(
      '{"defaults":{"a":true,"z":{"a":2,"b":1}},"rules":[{"action":{"boost":2},"when":{"query":"shoes"}}]}',
    );
  });

  it('keeps the order of array elements', () => {
    expect(canonicalJson({ facets: ['size', 'brand', 'color'] })).toBe('{"facets":["size","brand","color"]}');
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
  });

  it('drops object members whose value is undefined', () => {
    expect(canonicalJson({ a: 1, b: undefined, c: { d: undefined, e: 'x' } })).toBe('{"a":1,"c":{"e":"x"}}');
  });

  it('keeps null members', () => {
    expect(canonicalJson({ b: null, a: 0 })).toBe('{"a":0,"b":null}');
  });

  it('writes no insignificant whitespace', () => {
    expect(canonicalJson({ a: [1, { b: 'two words' }] })).toBe('{"a":[1,{"b":"two words"}]}');
  });

  it('gives the same text to documents that mean the same', () => {
    const one = JSON.parse('{"synonyms":{"tee":["t-shirt"],"sneaker":["trainer"]},"version":1}');
    const other = JSON.parse('{"version":1,"synonyms":{"sneaker":["trainer"],"tee":["t-shirt"]}}');
    expect(canonicalJson(one)).toBe(canonicalJson(other));
    expect(canonicalJson({ ...one, draft: undefined })).toBe(canonicalJson(other));
  });

  it('gives different text to documents that differ', () => {
    expect(canonicalJson({ facets: ['a', 'b'] })).not.toBe(canonicalJson({ facets: ['b', 'a'] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('writes plain values as JSON does', () => {
    expect(canonicalJson('text')).toBe('"text"');
    expect(canonicalJson(42)).toBe('42');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(true)).toBe('true');
  });

  it('round-trips to an equal value', () => {
    const value = { b: [1, { y: 'é', x: null }], a: { c: false } };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });

  it('keeps a member named "__proto__" that came from parsed JSON', () => {
    // JSON.parse makes "__proto__" an ordinary own member; it is part of the document's meaning.
    const parsed = JSON.parse('{"__proto__":{"boost":5},"b":2}');
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"boost":5},"b":2}');
    expect(canonicalJson(parsed)).not.toBe(canonicalJson({ b: 2 }));
  });
});
