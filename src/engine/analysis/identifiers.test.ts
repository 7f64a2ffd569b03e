import { describe, expect, it } from 'vitest';
import { IDENTIFIER_NAMESPACE, identifierTerm, normalizeIdentifier } from './identifiers.js';

describe('normalizeIdentifier', () => {
  it('drops separators and case', () => {
    expect(normalizeIdentifier('DV7-1211EA')).toBe('dv71211ea');
    expect(normalizeIdentifier('978-3-16-148410-0')).toBe('9783161484100');
    expect(normalizeIdentifier(' 006R90321 ')).toBe('006r90321');
  });

  it('meets a GTIN written with or without leading zeros', () => {
    expect(normalizeIdentifier('0884420588030')).toBe('884420588030');
    expect(normalizeIdentifier('00884420588030')).toBe('884420588030');
    expect(normalizeIdentifier('884420588030')).toBe('884420588030');
    expect(normalizeIdentifier('000')).toBe('0');
  });

  it('gives nothing for text without letters or digits', () => {
    expect(normalizeIdentifier(' - / ')).toBe('');
    expect(identifierTerm('--')).toBeUndefined();
    expect(identifierTerm('0884420588030')).toBe(`${IDENTIFIER_NAMESPACE}884420588030`);
  });
});
