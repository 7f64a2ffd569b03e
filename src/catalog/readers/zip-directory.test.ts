import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { ExportLimits } from '../limits.js';
import { readCatalog } from '../read-catalog.js';
import { checkZipDirectory, MAX_ENTRIES, MAX_RATIO } from './zip-directory.js';

const LIMITS: ExportLimits = { bytes: 64 * 1024 * 1024, lineChars: 1024 * 1024, cellChars: 64 * 1024 };
const MIB = 1024 * 1024;

/** The archive handed out in pieces of 64 KB, counting the bytes handed out. */
function pieces(zip: Uint8Array): { open: () => AsyncIterable<Uint8Array>; read: () => number } {
  let read = 0;
  return {
    async *open() {
      for (let start = 0; start < zip.length; start += 64 * 1024) {
        const piece = zip.subarray(start, start + 64 * 1024);
        read += piece.length;
        yield piece;
      }
    },
    read: () => read,
  };
}

async function refusal(check: Promise<unknown>): Promise<AppError> {
  const error = await check.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkZipDirectory', () => {
  it('answers what each entry declares it inflates to', async () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), 'a.bin': new Uint8Array(5000) });
    const declared = await checkZipDirectory(pieces(zip).open, LIMITS);
    expect([...declared]).toEqual([
      ['xl/workbook.xml', 11],
      ['a.bin', 5000],
    ]);
  });

  it(`refuses an archive of more than ${MAX_ENTRIES} entries from its end record`, async () => {
    const parts = Object.fromEntries(
      Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => [`p/${i}.xml`, new Uint8Array(0)]),
    );
    const error = await refusal(checkZipDirectory(pieces(zipSync(parts)).open, LIMITS));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toBe(
      `The export is an archive of ${MAX_ENTRIES + 1} entries, more than the ${MAX_ENTRIES} a workbook may have: check that it is the export itself.`,
    );
  });

  it('counts the entries of an archive whose end record states their count modulo 65,536', async () => {
    const parts = Object.fromEntries(
      Array.from({ length: 65_536 + 2 }, (_, i) => [`p/${i}.xml`, new Uint8Array(0)]),
    );
    const zip = zipSync(parts, { level: 0 });
    const error = await refusal(checkZipDirectory(pieces(zip).open, LIMITS));
    expect(error.detail).toContain(`an archive of ${65_536 + 2} entries`);
  });

  it('refuses an archive whose entries declare more than the decompressed limit together', async () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(40 * 1024), 'b.bin': new Uint8Array(40 * 1024) });
    const error = await refusal(checkZipDirectory(pieces(zip).open, { ...LIMITS, bytes: 64 * 1024 }));
    expect(error.detail).toContain('more than 64 KB once decompressed');
  });

  it(`refuses a large part that unfolds more than ${MAX_RATIO} times its compressed size`, async () => {
    const zip = zipSync({ 'xl/sharedStrings.xml': new Uint8Array(20 * MIB) }, { level: 9 });
    const error = await refusal(checkZipDirectory(pieces(zip).open, LIMITS));
    expect(error.code).toBe('export_over_limit');
    expect(error.detail).toMatch(
      /^The export's part xl\/sharedStrings\.xml unfolds to \d+ times its compressed size, where text unfolds to 200 times at most/,
    );
  });

  it('refuses bytes that end without a central directory', async () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'.repeat(100)) });
    const error = await refusal(checkZipDirectory(pieces(zip.subarray(0, zip.length - 30)).open, LIMITS));
    expect(error.detail).toContain('no readable workbook: it has no central directory at its end');
  });
});

describe('a workbook whose directory lies', () => {
  it('is refused at the first byte a part inflates past what its directory declares', async () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'.repeat(1000)) });
    // The central directory's record of the one entry: its uncompressed size said to be 100 bytes.
    const directory = Buffer.from(zip).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    Buffer.from(zip.buffer, zip.byteOffset).writeUInt32LE(100, directory + 24);
    const error = await refusal(readCatalog(Buffer.from(zip), {}, { limits: LIMITS }));
    expect(error.code).toBe('export_unreadable');
    expect(error.detail).toContain(
      'its part xl/workbook.xml inflates past the size its central directory declares',
    );
  });
});
