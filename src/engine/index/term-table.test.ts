import { describe, expect, it } from 'vitest';
import { StringTableBuilder, stringAt, stringCount } from './string-table.js';
import { TermTable } from './term-table.js';

describe('TermTable', () => {
  it('gives each distinct term one id, looked up by its place in a text', () => {
    const table = new TermTable();
    const text = 'usb cable usb kopfhörer cable';
    expect(table.idOf(text, 0, 3)).toBe(0);
    expect(table.idOf(text, 4, 9)).toBe(1);
    expect(table.idOf(text, 10, 13)).toBe(0);
    expect(table.idOf(text, 14, 23)).toBe(2);
    expect(table.idOfString('cable')).toBe(1);
    expect(table.idOfString('\u0002cable')).toBe(table.idOf(text, 4, 9, 2));
    expect(table.idOf(text, 4, 9, 2)).toBe(3);
    expect(table.terms()).toEqual(['usb', 'cable', 'kopfhörer', '\u0002cable']);
  });

  it('keeps ids as it grows', () => {
    const table = new TermTable();
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
    for (const pass of [1, 2]) {
      for (const [i, word] of words.entries()) expect(table.idOfString(word), `pass ${pass}`).toBe(i);
    }
    expect(table.terms()).toEqual(words);
  });
});

describe('StringTableBuilder', () => {
  it('encodes strings as they arrive', () => {
    const builder = new StringTableBuilder();
    const strings = ['', 'p1', '{"title":"Kopfhörer"}', '東京', 'x'.repeat(100_000)];
    for (const text of strings) builder.push(text);
    const table = builder.build();
    expect(stringCount(table)).toBe(strings.length);
    for (const [i, text] of strings.entries()) expect(stringAt(table, i)).toBe(text);
  });
});

describe('TermTable.hasHighUnits', () => {
  it('tells when a term has a code unit from U+D800 on, where UTF-16 order is not code point order', () => {
    const table = new TermTable();
    table.idOfString('kopfhörer');
    table.idOfString('日本');
    expect(table.hasHighUnits).toBe(false);
    table.idOfString('😀');
    expect(table.hasHighUnits).toBe(true);
    const privateUse = new TermTable();
    privateUse.idOfString('\ue000');
    expect(privateUse.hasHighUnits).toBe(true);
  });
});
