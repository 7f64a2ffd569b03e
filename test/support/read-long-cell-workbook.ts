/**
 * Run as its own process, with a small heap, by the test that proves a workbook bomb is refused
 * within little memory: reads a workbook whose one cell inflates to `argv[2]` MiB and prints what
 * the reader answered as one JSON line.
 */
import { readExport } from '../../src/catalog/read-export.js';
import { AppError } from '../../src/lib/errors.js';
import { workbookWithLongCell } from './hostile-exports.js';

const bytes = workbookWithLongCell(Number(process.argv[2]));
try {
  const read = await readExport(bytes);
  console.log(JSON.stringify({ read: read.counts }));
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.log(JSON.stringify({ code: error.code, detail: error.detail }));
}
console.log(JSON.stringify({ heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024) }));
