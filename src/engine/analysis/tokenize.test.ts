import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('folds and segments in one step', () => {
    expect(tokenize('Sony Kopfhörer WH-1000XM5')).toEqual(['sony', 'kopfhorer', 'wh', '1000xm5']);
  });

  it('treats full-width text like its plain form', () => {
    expect(tokenize('ＵＳＢ　Ｋａｂｅｌ')).toEqual(['usb', 'kabel']);
  });

  it('ignores case', () => {
    expect(tokenize('LAPTOP Laptop laptop')).toEqual(['laptop', 'laptop', 'laptop']);
  });

  it('yields nothing for punctuation alone', () => {
    expect(tokenize(' -- !! ')).toEqual([]);
  });
});
