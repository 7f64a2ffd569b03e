import { describe, expect, it } from 'vitest';
import { RememberedTexts, TextTerms } from './text-terms.js';

function termsOf(words: number, pairs: Array<[number, number]>): TextTerms {
  const terms = new TextTerms();
  for (const [term, place] of pairs) terms.push(term, place);
  terms.words = words;
  return terms;
}

describe('RememberedTexts', () => {
  it('gives back the terms of a short text as they were indexed', () => {
    const remembered = new RememberedTexts();
    remembered.remember(
      'usb-c cable',
      termsOf(3, [
        [4, 0],
        [7, 1],
        [9, 0],
        [2, 2],
      ]),
    );
    const out = termsOf(1, [[1, 1]]);
    expect(remembered.recall('usb-c cable', out)).toBe(true);
    expect(out.words).toBe(3);
    expect([...out.terms.subarray(0, out.count)]).toEqual([4, 7, 9, 2]);
    expect([...out.places.subarray(0, out.count)]).toEqual([0, 1, 0, 2]);
    expect(remembered.recall('usb cable', out)).toBe(false);
  });

  it('does not keep long texts', () => {
    const remembered = new RememberedTexts();
    const text = 'a description much longer than a keyword or a brand';
    remembered.remember(text, termsOf(1, [[0, 0]]));
    expect(remembered.recall(text, new TextTerms())).toBe(false);
  });

  it("grows a text's terms past their first capacity", () => {
    const pairs = Array.from({ length: 100 }, (_, i): [number, number] => [i, i]);
    const terms = termsOf(100, pairs);
    expect(terms.count).toBe(100);
    expect(terms.terms[99]).toBe(99);
  });
});
