import { describe, expect, it } from 'vitest';
import { analyzeWords } from './analyze.js';

describe('analyzeWords', () => {
  it('folds, segments and marks words written without a space between them', () => {
    expect(analyzeWords('HP Pavilion dv7-1211ea Notebook')).toEqual({
      words: ['hp', 'pavilion', 'dv7', '1211ea', 'notebook'],
      glued: [false, false, false, true, false],
    });
    expect(analyzeWords('Kopfhörer, USB-C')).toEqual({
      words: ['kopfhorer', 'usb', 'c'],
      glued: [false, false, true],
    });
  });

  it('does not glue words across a space, or across more than two marks', () => {
    expect(analyzeWords('16 GB').glued).toEqual([false, false]);
    expect(analyzeWords('a -- b').glued).toEqual([false, false]);
    expect(analyzeWords('a---b').glued).toEqual([false, false]);
  });
});
