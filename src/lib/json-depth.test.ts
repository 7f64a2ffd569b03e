import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan, valueNestsDeeperThan } from './json-depth.js';

const nested = (depth: number) => `${'{"a":['.repeat(depth / 2)}1${']}'.repeat(depth / 2)}`;

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, and nothing inside strings', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 2))).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{"\\"[[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan('[[[', 2)).toBe(true);
  });

  it('judges 100,000 levels without a stack', () => {
    expect(nestsDeeperThan('['.repeat(100_000))).toBe(true);
  });
});

describe('valueNestsDeeperThan', () => {
  it('walks a parsed value without recursion', () => {
    expect(valueNestsDeeperThan(JSON.parse(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(valueNestsDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(true);
    expect(valueNestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(valueNestsDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
  });
});
