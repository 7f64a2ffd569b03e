import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

describe('a whole release', () => {
  it('accepts a fashion shop that uses every file and most settings', () => {
    expect(violationsOf(fashionShop())).toEqual([]);
  });

  it('accepts a release of rules alone, reading the default channel and types', () => {
    const { 'rules.json': rules } = fashionShop();
    rules.rules = rules.rules.filter((rule) => rule.id === 'returns-redirect');
    expect(violationsOf({ 'rules.json': rules })).toEqual([]);
  });
});
