import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { keepSource } from '../source.js';
import type { Row } from './rows.js';
import { openWorkbook } from './workbook.js';

async function workbook(fill: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function read(bytes: Buffer, settings = {}) {
  const reader = openWorkbook(await keepSource(bytes), settings);
  const rows: Row[] = [];
  for await (const row of reader.rows()) rows.push(row);
  return {
    how: reader.how,
    rows: rows.map((row) => ({
      number: row.number,
      cells: Object.fromEntries(row.cells),
      problem: row.problem,
    })),
  };
}

describe('openWorkbook', () => {
  it('chooses the first sheet with rows, finds the header below a title, reads typed cells', async () => {
    const bytes = await workbook((book) => {
      book.addWorksheet('Empty');
      book.addWorksheet('Notes').addRow(['Prices in EUR']);
      const sheet = book.addWorksheet('Products');
      sheet.addRow(['Summer catalog']);
      sheet.addRow([]);
      sheet.addRow(['sku', 'title', 'price', 'since', 'active']);
      sheet.addRow([
        'A1',
        { richText: [{ text: 'Red ' }, { text: 'shoe' }] },
        59.9,
        new Date(Date.UTC(2024, 2, 1)),
        true,
      ]);
      sheet.addRow(['A2', 'Sock', { formula: '2*3', result: 6 }, null, false]);
    });
    const { how, rows } = await read(bytes);
    expect(how).toEqual({ kind: 'workbook', sheet: 'Products', header_row: 3 });
    expect(rows).toEqual([
      {
        number: 4,
        cells: { sku: 'A1', title: 'Red shoe', price: 59.9, since: '2024-03-01', active: true },
        problem: undefined,
      },
      { number: 5, cells: { sku: 'A2', title: 'Sock', price: 6, active: false }, problem: undefined },
    ]);
  });

  it('reads the sheet and header row feed.json names', async () => {
    const bytes = await workbook((book) => {
      book.addWorksheet('First').addRows([
        ['a', 'b'],
        ['1', '2'],
      ]);
      book.addWorksheet('Second').addRows([
        ['x', 'y'],
        ['id', 'name'],
        ['7', 'Lamp'],
      ]);
    });
    const { how, rows } = await read(bytes, { sheet: 'Second', headerRow: 2 });
    expect(how).toEqual({ kind: 'workbook', sheet: 'Second', header_row: 2 });
    expect(rows).toEqual([{ number: 3, cells: { id: '7', name: 'Lamp' }, problem: undefined }]);
    await expect(read(bytes, { sheet: 'Third' })).rejects.toThrow(/no sheet "Third".*"First", "Second"/);
  });

  it('reads a workbook zipped with its sizes in the headers as the one exceljs writes', async () => {
    // exceljs writes each part's sizes after its data; spreadsheet programs put them in the part's
    // header: the zip check in front of exceljs reads both layouts.
    const written = await workbook((book) => {
      book.addWorksheet('Products').addRows([
        ['id', 'title'],
        ['1', 'Kettle'],
        ['2', 'Toaster'],
      ]);
    });
    const expected = await read(written);
    expect(expected.rows).toHaveLength(2);
    expect(await read(Buffer.from(zipSync(unzipSync(written), { level: 9 })))).toEqual(expected);
  });

  it('reads a workbook whose parts are stored uncompressed, its workbook part last, every time', async () => {
    // exceljs alone loses a stored part's bytes one read in two (the workbook part read as empty:
    // "Cannot read properties of undefined (reading 'sheets')"); the parts reach it deflated.
    const written = await workbook((book) => {
      book.addWorksheet('Products').addRows([
        ['id', 'title'],
        ['1', 'Kettle'],
        ['2', 'Toaster'],
      ]);
    });
    const parts = unzipSync(written);
    expect(Object.keys(parts).at(-1)).toBe('xl/workbook.xml');
    const stored = Buffer.from(zipSync(parts, { level: 0 }));
    const expected = await read(written);
    for (let attempt = 0; attempt < 20; attempt++) expect(await read(stored)).toEqual(expected);
  });

  it('reads a workbook whose rows and cells leave out their references, as OOXML allows', async () => {
    const written = await workbook((book) => {
      book.addWorksheet('Products').addRows([
        ['id', 'title', 'price'],
        ['1', 'Kettle', 25],
        ['2', 'Toaster', 30],
      ]);
    });
    const parts = unzipSync(written);
    const sheet = Buffer.from(parts['xl/worksheets/sheet1.xml']!).toString();
    const bare = sheet.replace(/<(row|c) r="[^"]*"/g, '<$1');
    expect(bare).not.toMatch(/<(row|c) [^>]*\br=/);
    parts['xl/worksheets/sheet1.xml'] = Buffer.from(bare);
    const expected = await read(written);
    expect(expected.rows).toHaveLength(2);
    expect(await read(Buffer.from(zipSync(parts)))).toEqual(expected);
  });

  it('refuses a workbook without its workbook part in words of its own, never JavaScript’s', async () => {
    const parts = unzipSync(
      await workbook((book) => {
        book.addWorksheet('Products').addRows([
          ['id', 'title'],
          ['1', 'Kettle'],
        ]);
      }),
    );
    delete parts['xl/workbook.xml'];
    // exceljs fails with "Cannot read properties of undefined (reading 'sheets')".
    const refused = await read(Buffer.from(zipSync(parts))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).detail).toContain(
      'no readable workbook: the reader met a layout it cannot follow',
    );
    expect((refused as AppError).detail).not.toMatch(/undefined|properties/);
  });

  it('refuses a zip archive that holds no workbook', async () => {
    const zip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');
    await expect(read(zip)).rejects.toBeInstanceOf(AppError);
  });
});
