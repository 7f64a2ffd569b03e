import { describe, expect, it } from 'vitest';
import { keepSource } from '../source.js';
import { chooseDelimiter, openDelimited, wholeRecords } from './delimited.js';
import { cellText, type Row } from './rows.js';

async function read(text: string, delimiter?: string) {
  const source = await keepSource(Buffer.from(text));
  const reader = openDelimited(source, text, { encoding: 'utf-8', ...(delimiter ? { delimiter } : {}) });
  const rows: Row[] = [];
  for await (const row of reader.rows()) rows.push(row);
  const table = rows.map((row) => ({
    number: row.number,
    cells: Object.fromEntries([...row.cells].map(([k, v]) => [k, cellText(v)])),
    problem: row.problem,
  }));
  return { how: reader.how, rows: table };
}

describe('chooseDelimiter', () => {
  it('takes the delimiter that splits the lines evenly', () => {
    expect(chooseDelimiter('sku,title,price\nA1,"Red, shoe",59.90\n')).toBe(',');
    expect(chooseDelimiter('sku;title;price\nA1;Red, shoe;59,90\nA2;Blue;61,00\n')).toBe(';');
    expect(chooseDelimiter('sku\ttitle\tprice\nA1\tRed, shoe\t59.90\n')).toBe('\t');
    expect(chooseDelimiter('sku|title|price\nA1|Red shoe|59.90\n')).toBe('|');
  });

  it('splits no quoted cell: commas in quoted names and line breaks in quoted texts do not count', () => {
    const description = (n: number) =>
      `"<p>Line one, with commas, of ${n}</p>\n<p>Line two, more, commas</p>\n<p>Three, four, five</p>"`;
    const rows = Array.from({ length: 12 }, (_, n) => `${n + 1};1;Shirt ${n};${description(n)};12,50`);
    const text = `ID;"Actif (0/1)";Nom;"Description, HTML (x,y,z...)";"Prix TTC"\n${rows.join('\n')}\n`;
    expect(chooseDelimiter(wholeRecords(text))).toBe(';');
  });

  it('reads a file of one column as comma-separated', () => {
    expect(chooseDelimiter('title\nRed shoe\n')).toBe(',');
  });
});

describe('openDelimited', () => {
  it('reads quoted cells with delimiters, quotes and line breaks', async () => {
    const { rows } = await read('sku,title\nA1,"Red, ""big"" shoe"\nA2,"two\nlines"\n');
    expect(rows).toEqual([
      { number: 2, cells: { sku: 'A1', title: 'Red, "big" shoe' }, problem: undefined },
      { number: 3, cells: { sku: 'A2', title: 'two\nlines' }, problem: undefined },
    ]);
  });

  it('finds the header below a title line and numbers rows as a spreadsheet does', async () => {
    const { how, rows } = await read('Export of 2024-05-01;;\nsku;title;price\nA1;Red;59,90\n');
    expect(how).toEqual({ kind: 'delimited', encoding: 'utf-8', delimiter: ';', header_row: 2 });
    expect(rows).toEqual([
      { number: 3, cells: { sku: 'A1', title: 'Red', price: '59,90' }, problem: undefined },
    ]);
  });

  it('finds the header and the rows of a semicolon file whose quoted texts span lines', async () => {
    const lines = Array.from(
      { length: 30 },
      (_, n) => `${n + 1};"Shirt, ${n}";"<p>one, two</p>\n<p>three; four</p>\n<p>five</p>";12,50`,
    );
    const { how, rows } = await read(`ID;Nom;"Description (x,y,z...)";Prix\n${lines.join('\n')}\n`);
    expect(how).toMatchObject({ delimiter: ';', header_row: 1 });
    expect(rows).toHaveLength(30);
    expect(rows[29]).toMatchObject({
      number: 31,
      cells: { ID: '30', Nom: 'Shirt, 29', Prix: '12,50' },
    });
  });

  it('names a row with more cells than the header, and keeps rows with fewer', async () => {
    const { rows } = await read('sku,title\nA1,Red,extra\nA2\n');
    expect(rows[0]?.problem).toBe('The row has more cells than the header names.');
    expect(rows[1]).toEqual({ number: 3, cells: { sku: 'A2' }, problem: undefined });
  });

  it('makes header names unique and never empty', async () => {
    const { rows } = await read('price,price,\n1,2,3\n');
    expect(rows[0]?.cells).toEqual({ price: '1', 'price (2)': '2', 'Column 3': '3' });
  });
});
