import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog/demo/generate.js';
import { COLORS } from '../../catalog/demo/words.js';
import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { ANY_LOCALE, countCatalogSuggestions } from './catalog-suggestions.js';
import { TitlePhraseCounter } from './title-phrases.js';

const product = (
  id: string,
  title: string | Record<string, string>,
  attributes: Record<string, string | Record<string, string>> = {},
): CatalogEntity => ({ type: 'product', id, title, attributes });

const textsOf = (phrases: Array<[string, number]> | undefined) => (phrases ?? []).map(([text]) => text);

describe('catalog phrases of the generated shop', () => {
  const phrases = countCatalogSuggestions(generateCatalog({ products: 3_000 })).phrases[ANY_LOCALE]!;
  const texts = textsOf(phrases);

  it('keep what shoppers type: kinds of product, their brands, colours', () => {
    expect(texts).toEqual(
      expect.arrayContaining([
        'wireless earbuds',
        'sonora wireless earbuds',
        'gaming laptop',
        'bluetooth speaker',
        'black',
        'space grey',
      ]),
    );
  });

  it('leave out model codes, units and series marks, and colours closing a title after other words', () => {
    // Titles read "Sonora Wireless Earbuds TD-4400R Pro Sand": no "wireless earbuds td", "pro sand",
    // "earbuds sand"; "128 GB" and "55 cm" make no "gb" or "cm".
    expect(texts.filter((text) => /earbuds \S/u.test(text))).toEqual([]);
    // A code may stand inside a phrase ("zephyr 5g smartphone"), never at its ends.
    expect(texts.filter((text) => /^\S*\p{N}|\p{N}\S*$/u.test(text))).toEqual([]);
    for (const mark of ['gb', 'cm', 'tb', 'pro', 'max', 'lite', 'mini', 'ultra', 'plus', 'se'])
      expect(texts.filter((text) => text.split(' ').includes(mark))).toEqual([]);
    const colours = new Set(Object.values(COLORS).flatMap((list) => list.join(' ').toLowerCase().split(' ')));
    const closingColour = texts.filter((text) => {
      const words = text.split(' ');
      return colours.has(words.at(-1)!) && !words.every((word) => colours.has(word));
    });
    expect(closingColour).toEqual([]);
  });

  it('are ranked by how many products hold them', () => {
    const counts = phrases.map(([, count]) => count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(phrases.find(([text]) => text === 'wireless earbuds')![1]).toBeGreaterThan(
      phrases.find(([text]) => text === 'sonora wireless earbuds')![1],
    );
  });
});

describe('catalog phrases of titles', () => {
  it('stay within one part of a title and keep the names written with an ampersand', () => {
    const { phrases } = countCatalogSuggestions([
      product('1', 'Acme - Travel Case (Black)'),
      product('2', 'Acme - Travel Case, Black'),
      product('3', 'Loom & Lark Linen Shirt'),
      product('4', 'Loom & Lark Linen Dress'),
    ]);
    const texts = textsOf(phrases[ANY_LOCALE]);
    expect(texts).toEqual(expect.arrayContaining(['acme', 'travel case', 'black', 'loom & lark linen']));
    expect(texts).not.toContain('acme travel');
    expect(texts).not.toContain('case black');
  });

  it('read German titles alike: "kabellose ohrhörer", never "ohrhörer kc" or "pro weiß"', () => {
    // Earbuds of a brand, model and colour, in German and English, the colour an attribute.
    const earbuds = (id: string, brand: string, model: string, de: string, en: string) =>
      product(
        id,
        { de: `${brand} Kabellose Ohrhörer ${model} ${de}`, en: `${brand} Wireless Earbuds ${model} ${en}` },
        { color: { de, en } },
      );
    const { phrases } = countCatalogSuggestions([
      earbuds('1', 'Sonora', 'KC-5200', 'Schwarz', 'Black'),
      earbuds('2', 'Sonora', 'KC-5250 Pro', 'Weiß', 'White'),
      earbuds('3', 'Vesta', 'TD-4400 Pro', 'Weiß', 'White'),
      product(
        '4',
        { de: 'Frostline Kühlschrank 300 l Weiß', en: 'Frostline Fridge 300 l White' },
        { color: 'White' },
      ),
      product('5', { de: 'Homely Kühlschrank 250 l Schwarz', en: 'Homely Fridge 250 l Black' }),
    ]);
    const german = textsOf(phrases.de);
    expect(german).toEqual(
      expect.arrayContaining([
        'kabellose ohrhörer',
        'sonora kabellose ohrhörer',
        'kühlschrank',
        'weiß',
        'schwarz',
      ]),
    );
    expect(german.filter((text) => /ohrhörer \S|\bkc\b|\bpro\b|\bl\b/u.test(text))).toEqual([]);
    // "kabellose" is always followed by "ohrhörer": only the whole phrase is suggested.
    expect(german[0]).toBe('kabellose ohrhörer');
    expect(german).not.toContain('kabellose');
    expect(textsOf(phrases.en)).toContain('wireless earbuds');
    expect(textsOf(phrases.en).filter((text) => /earbuds \S|\bpro\b/u.test(text))).toEqual([]);
  });

  it('leave out the start of a longer name: a phrase always followed by the same word', () => {
    const { phrases } = countCatalogSuggestions([
      product('1', 'Kate Spade New York Folio Case'),
      product('2', 'Kate Spade New York Hardshell Case'),
      product('3', 'Space Grey Laptop Sleeve'),
      product('4', 'Space Grey Phone Sleeve'),
      product('5', 'Oak Desk'),
      product('6', 'Oak Shelf for the Desk'),
    ]);
    const texts = textsOf(phrases[ANY_LOCALE]);
    expect(texts).toEqual(expect.arrayContaining(['kate spade', 'space grey', 'oak', 'desk', 'sleeve']));
    for (const fragment of ['kate', 'kate spade new', 'space']) expect(texts).not.toContain(fragment);
  });

  it('keep the phrases most products hold up to the cap per locale', () => {
    const counter = new TitlePhraseCounter();
    const none = new Set<string>();
    for (const title of ['Oak Desk', 'Oak Desk', 'Oak Shelf', 'Pine Shelf', 'Pine Desk', 'Oak Chair'])
      counter.add('en', title, none);
    expect(counter.phrases(2, 3)).toEqual({
      en: [
        ['oak', 4],
        ['desk', 3],
        ['oak desk', 2],
      ],
    });
  });
});
