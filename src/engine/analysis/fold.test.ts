import { describe, expect, it } from 'vitest';
import { fold } from './fold.js';

describe('fold', () => {
  it('lowercases', () => {
    expect(fold('USB-C Charger')).toBe('usb-c charger');
  });

  it('strips diacritics', () => {
    expect(fold('Kopfhörer')).toBe('kopfhorer');
    expect(fold('Crème Brûlée')).toBe('creme brulee');
    expect(fold('ČESKÝ')).toBe('cesky');
  });

  it('folds full-width and half-width forms', () => {
    expect(fold('ＡＢＣ１２３')).toBe('abc123');
    expect(fold('ｶﾀｶﾅ')).toBe('カタカナ');
  });

  it('folds letters that hold their accent inside', () => {
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Øre Łódź')).toBe('ore lodz');
  });

  it('keeps marks that change the word', () => {
    expect(fold('が')).toBe('が');
    expect(fold('한국어')).toBe('한국어');
  });
});
