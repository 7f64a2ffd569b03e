import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { endlessFieldCsv, workbookWithLongCell } from '../../test/support/hostile-exports.js';
import { AppError } from '../lib/errors.js';
import { PACKAGE_ROOT } from '../lib/package-root.js';
import type { ExportLimits } from './limits.js';
import { readCatalog } from './read-catalog.js';
import { readExport } from './read-export.js';
import type { ExportFile } from './source.js';

/** Small limits, so that each one is passed with a few megabytes. */
const LIMITS: ExportLimits = { bytes: 8 * 1024 * 1024, lineChars: 1024 * 1024, cellChars: 64 * 1024 };

async function refusal(read: Promise<unknown>): Promise<AppError> {
  const error = await read.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('exports that ask for more than the limits', () => {
  it('refuses gzip that decompresses past the limit, counting the bytes, not the trailer', async () => {
    const bytes = gzipSync(
      Buffer.concat([Buffer.from('id,title\n'), Buffer.alloc(20 * 1024 * 1024, 'a,b\n')]),
    );
    // A trailer that says 100 bytes: only the bytes read may decide.
    bytes.writeUInt32LE(100, bytes.length - 4);
    const error = await refusal(readExport(bytes, { limits: LIMITS }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toContain('8 MB once decompressed');
    expect(error.detail).toContain('AISLE_EXPORT_MAX_MB');
  });

  it('refuses a CSV field that never ends, gzip-compressed, at the line limit', async () => {
    const field = Buffer.alloc(3 * 1024 * 1024, 'x');
    const bytes = gzipSync(Buffer.concat([Buffer.from('id,title\n1,"'), field, Buffer.from('"\n')]));
    const error = await refusal(readCatalog(bytes, {}, { limits: LIMITS }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toContain('AISLE_EXPORT_MAX_LINE_KB');
  });

  it('stops decompressing a gzipped CSV field that never ends at the line limit', async () => {
    // 256 MB of one field in 256 KB of gzip: every pass over it (the encoding is looked for in the
    // whole file before the rows are read) must stop near the 1 MB line limit, whatever the streams
    // in between read ahead.
    const compressed = await endlessFieldCsv(256);
    let read = 0;
    const file: ExportFile = {
      bytes: compressed.length,
      async *open() {
        for (let start = 0; start < compressed.length; start += 1024) {
          const piece = compressed.subarray(start, start + 1024);
          read += piece.length;
          yield piece;
        }
      },
    };
    const error = await refusal(readCatalog(file, {}, { limits: LIMITS }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toContain('a row longer than 1 MB (AISLE_EXPORT_MAX_LINE_KB)');
    expect(read).toBeLessThan(compressed.length / 4);
  });

  it('refuses a workbook whose one cell inflates past the line limit, naming the part', async () => {
    // 2 MiB: past the line limit, within the decompressed limit and below the size at which a
    // part's compression ratio is held against it.
    const error = await refusal(readCatalog(workbookWithLongCell(2), {}, { limits: LIMITS }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toBe(
      'The export has a text in its part xl/sharedStrings.xml longer than 1 MB (AISLE_EXPORT_MAX_LINE_KB): no catalog needs one that long; check that it is the export itself.',
    );
  });

  it('refuses a workbook whose parts inflate past the decompressed limit', async () => {
    const limits = { ...LIMITS, lineChars: 64 * 1024 * 1024 };
    const error = await refusal(readCatalog(workbookWithLongCell(24), {}, { limits }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toContain(
      'more than 8 MB once decompressed, more than this server reads (AISLE_EXPORT_MAX_MB)',
    );
  });

  it('reads the same workbook with a short cell', async () => {
    const read = await readCatalog(workbookWithLongCell(0), {}, { limits: LIMITS });
    expect(read.entities.map((entity) => [entity.id, (entity as { title?: string }).title])).toEqual([
      ['1', 'Kettle'],
      ['2', 'Toaster'],
    ]);
  });

  it('refuses a workbook whose one cell inflates to a gigabyte within a 200 MB heap, from its directory', async () => {
    // 1.1 MB of zip whose shared string inflates to 1.1 GB: building it as a string (as the
    // workbook reader would) cannot fit the heap, so a reader that gets that far is killed. Its
    // directory declares the 1.1 GB, so it is refused before a byte is inflated.
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=200', '--import', 'tsx', 'test/support/read-long-cell-workbook.ts', '1100'],
      { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    // Killed for its heap, the child exits with an error and says so on its error stream.
    expect(code, errors).toBe(0);
    const [answer, memory] = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answer).toEqual({
      code: 'export_over_limit',
      detail: expect.stringContaining('more than 1024 MB once decompressed'),
    });
    expect(memory.heapUsedMb).toBeLessThan(100);
  });

  it('refuses a CSV whose quote never closes with a 422 naming the line', async () => {
    const error = await refusal(readCatalog(Buffer.from('id,title\n1,"Kettle\n2,Toaster\n')));
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toContain('a quote is opened and never closed');
  });

  it('refuses a cut-off gzip CSV instead of failing outside the read', async () => {
    const whole = gzipSync(Buffer.from(`id,title\n${'1,Kettle\n'.repeat(50_000)}`));
    const error = await refusal(readCatalog(whole.subarray(0, whole.length / 2)));
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toContain('cannot be decompressed');
  });

  it('refuses a cut-off gzip workbook instead of failing outside the read', async () => {
    const book = await workbook([
      ['id', 'title'],
      ...Array.from({ length: 2000 }, (_, i) => [`${i}`, `Kettle ${i}`]),
    ]);
    const whole = gzipSync(book);
    const error = await refusal(readCatalog(whole.subarray(0, whole.length - 200)));
    expect(error.code).toBe('export_unreadable');
  });

  it('leaves out a row whose cell is over the cell limit, with the cause', async () => {
    const bytes = Buffer.from(`id,title\n1,Kettle\n2,${'y'.repeat(100_000)}\n3,Toaster\n`);
    const read = await readExport(bytes, { limits: LIMITS });
    expect(read.counts.products).toBe(2);
    expect(read.rejected).toEqual([
      expect.objectContaining({ cause: expect.stringContaining('AISLE_EXPORT_MAX_CELL_KB'), rows: 1 }),
    ]);
  });

  it('leaves out JSON lines over the line limit without gathering them', async () => {
    const lines = [
      JSON.stringify({ id: '1', title: 'Kettle' }),
      JSON.stringify({ id: '2', title: 'z'.repeat(2 * 1024 * 1024) }),
      JSON.stringify({ id: '3', title: 'Toaster' }),
    ];
    const read = await readExport(Buffer.from(lines.join('\n')), { limits: LIMITS });
    expect(read.counts.products).toBe(2);
    expect(read.rejected[0]?.cause).toContain('AISLE_EXPORT_MAX_LINE_KB');
  });

  it('leaves out a record of a JSON array over the line limit', async () => {
    const records = [
      { id: '1', title: 'Kettle' },
      { id: '2', title: 'z'.repeat(2 * 1024 * 1024) },
    ];
    const read = await readExport(Buffer.from(JSON.stringify(records)), { limits: LIMITS });
    expect(read.counts.products).toBe(1);
    expect(read.rejected[0]?.cause).toContain('AISLE_EXPORT_MAX_LINE_KB');
  });

  it('refuses XML whose one element text is over the line limit', async () => {
    const text = `<rss><channel><item><title>Kettle</title></item><item><title>${'w'.repeat(3 * 1024 * 1024)}</title></item></channel></rss>`;
    const error = await refusal(readExport(Buffer.from(text), { limits: LIMITS }));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toContain('AISLE_EXPORT_MAX_LINE_KB');
  });
});

describe('records nested too deep', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('leaves out a JSON record nested 100,000 deep, and keeps the others', async () => {
    const text = `[{"id":"1","title":"Kettle"},{"id":"2","title":"Deep","a":${deep(100_000)}}]`;
    const read = await readExport(Buffer.from(text));
    expect(read.counts.products).toBe(1);
    expect(read.rejected[0]?.cause).toContain('64 levels');
  });

  it('refuses a catalog whose only record is nested 100,000 deep with a 422', async () => {
    const lines = `{"id":"1","title":"Deep","a":${deep(100_000)}}\n{"id":"2","title":"Deep","a":${deep(100_000)}}\n`;
    const error = await refusal(readCatalog(Buffer.from(lines)));
    expect(error.code).toBe('export_unreadable');
  });

  it('leaves out an aisle entity line nested 100,000 deep', async () => {
    const lines = [
      JSON.stringify({ type: 'product', id: 'p1', title: 'Kettle' }),
      `{"type":"product","id":"p2","title":"Deep","attributes":{"a":${deep(100_000)}}}`,
    ];
    const read = await readExport(Buffer.from(lines.join('\n')));
    expect(read.counts.products).toBe(1);
    expect(read.rejected[0]?.cause).toContain('64 levels');
  });

  const deepItem = (levels: number) =>
    `<rss><channel><item><title>Kettle</title></item><item><title>Deep</title>${'<a>'.repeat(levels)}x${'</a>'.repeat(levels)}</item></channel></rss>`;

  it('leaves out an XML item nested deeper than a record may', async () => {
    const read = await readExport(Buffer.from(deepItem(100)));
    expect(read.counts.products).toBe(1);
    expect(read.rejected[0]?.cause).toContain('64 levels');
  });

  it('refuses XML nested 100,000 deep with a 422, before the parser slows down', async () => {
    const error = await refusal(readExport(Buffer.from(deepItem(100_000))));
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toContain('256 levels');
  });
});
