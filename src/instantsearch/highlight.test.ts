import { describe, expect, it } from 'vitest';
import { highlightFields, highlightText, queryWords } from './highlight.js';

const tags = { pre: '<mark>', post: '</mark>' };

describe('highlights of what the shopper typed', () => {
  it('marks the start of each word a query word begins, folding case and accents', () => {
    expect(highlightText('Crème Brûlée torch, CREME jar', queryWords('creme bru'), tags)).toEqual({
      value: '<mark>Crème</mark> <mark>Brû</mark>lée torch, <mark>CREME</mark> jar',
      matchLevel: 'full',
      matchedWords: ['creme', 'bru'],
      fullyHighlighted: false,
    });
  });

  it('tells a partial match and no match apart', () => {
    expect(highlightText('Steel kettle', queryWords('kettle glass'), tags).matchLevel).toBe('partial');
    expect(highlightText('Steel kettle', queryWords('glass'), tags)).toEqual({
      value: 'Steel kettle',
      matchLevel: 'none',
      matchedWords: [],
    });
    expect(highlightText('Kettle', queryWords('kettle'), tags).fullyHighlighted).toBe(true);
  });

  it('highlights the texts of a hit as deep as they are nested, and nothing else', () => {
    const fields = { title: 'Acme kettle', price: 20, attributes: { color: 'Acme red' }, tags: ['acme', 3] };
    expect(highlightFields(fields, queryWords('acme'), tags)).toEqual({
      title: expect.objectContaining({ value: '<mark>Acme</mark> kettle' }),
      attributes: { color: expect.objectContaining({ value: '<mark>Acme</mark> red' }) },
      tags: [expect.objectContaining({ value: '<mark>acme</mark>' })],
    });
  });
});
