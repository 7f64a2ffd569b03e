import { strToU8, Unzip, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import type { ExportLimits } from '../limits.js';
import { TextRun } from './text-runs.js';
import { checkedWorkbookZip } from './zip-limits.js';

const LIMITS: ExportLimits = { bytes: 64 * 1024, lineChars: 1024, cellChars: 512 };

/** The archive as the reader gets it, the input sent in pieces of 100 bytes. */
async function pass(zip: Uint8Array, limits = LIMITS): Promise<Uint8Array> {
  const written: Uint8Array[] = [];
  async function* pieces() {
    for (let start = 0; start < zip.length; start += 100) yield zip.subarray(start, start + 100);
  }
  for await (const piece of checkedWorkbookZip(pieces(), limits)) written.push(piece);
  return Buffer.concat(written);
}

/** The name and compression method (0 stored, 8 deflated) of each entry, in order. */
function methods(zip: Uint8Array): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const unzip = new Unzip((entry) => found.push([entry.name, entry.compression]));
  unzip.push(zip, true);
  return found;
}

async function refusal(zip: Uint8Array, limits = LIMITS): Promise<AppError> {
  const error = await pass(zip, limits).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('checkedWorkbookZip', () => {
  it('writes an archive within the limits again with the same parts in the same order, every one deflated', async () => {
    const parts = {
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/worksheets/sheet1.xml': strToU8(`<a>${'x'.repeat(1000)}</a>`),
      'b.bin': new Uint8Array(5000).map((_, i) => i % 251),
      'xl/workbook.xml': strToU8('<workbook/>'),
    };
    for (const level of [0, 6] as const) {
      const written = await pass(zipSync(parts, { level }));
      expect(unzipSync(written)).toEqual(parts);
      expect(methods(written)).toEqual(Object.keys(parts).map((name) => [name, 8]));
    }
  });

  it('refuses a text of an XML part longer than the line limit, naming the part, deflated or stored', async () => {
    for (const level of [6, 0] as const) {
      const zip = zipSync({ 'xl/sharedStrings.xml': strToU8(`<t>${'x'.repeat(1025)}</t>`) }, { level });
      const error = await refusal(zip);
      expect(error.code).toBe('export_over_limit');
      expect(error.detail).toContain('a text in its part xl/sharedStrings.xml longer than 1 KB');
    }
  });

  it('counts the bytes every part inflates to against the decompressed limit', async () => {
    const zip = zipSync({ 'a.bin': new Uint8Array(40 * 1024), 'b.bin': new Uint8Array(40 * 1024) });
    expect((await refusal(zip)).detail).toContain('more than 64 KB once decompressed');
  });

  it('refuses a part that cannot be inflated as no readable workbook', async () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'.repeat(50)) }, { level: 9 });
    // The first byte of the part's deflate data: a final block of the reserved type.
    zip[30 + 'xl/workbook.xml'.length] = 0x07;
    expect((await refusal(zip)).detail).toMatch(
      /no readable workbook: xl\/workbook\.xml: invalid block type/,
    );
  });
});

describe('TextRun', () => {
  it('counts characters, not bytes, since the last marker, across pieces', () => {
    const run = new TextRun([0x3c, 0x3e], 4);
    expect(run.within(new TextEncoder().encode('<t>éé'))).toBe(true);
    expect(run.within(new TextEncoder().encode('éé</t>'))).toBe(true);
    expect(run.within(new TextEncoder().encode('abcd'))).toBe(true);
    expect(run.within(new TextEncoder().encode('e'))).toBe(false);
  });
});
