import { describe, expect, it } from 'vitest';
import { appendWords } from './words.js';

function words(text: string): string[] {
  const out: string[] = [];
  appendWords(text, out);
  return out;
}

function segmenterWords(text: string): string[] {
  const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
  return [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
}

/** mulberry32: a small deterministic generator, so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('appendWords', () => {
  it('keeps word-like segments', () => {
    expect(words("XR-5200 can't 3.5 inch, 1,000 mAh! e.g. a_b _ 128GB")).toEqual([
      'XR',
      '5200',
      "can't",
      '3.5',
      'inch',
      '1,000',
      'mAh',
      'e.g',
      'a_b',
      '128GB',
    ]);
  });

  it('segments non-Latin scripts', () => {
    expect(words('東京タワー 한국어')).toEqual(segmenterWords('東京タワー 한국어'));
  });

  it('splits ASCII text exactly as Intl.Segmenter does', () => {
    const alphabet = "aZk09_:.',; -\t!/";
    const next = random(7);
    for (let round = 0; round < 20_000; round++) {
      let text = '';
      const length = 1 + Math.floor(next() * 12);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(words(text), JSON.stringify(text)).toEqual(segmenterWords(text));
    }
  });
});
