import { Unzip, UnzipInflate } from 'fflate';
import type { AppError } from '../../lib/errors.js';
import { type ExportLimits, tooLargeDecompressed, tooLongLine } from '../limits.js';
import { noCatalog } from '../refusal.js';
import { TextRun } from './text-runs.js';

/**
 * Compressed bytes inflated at once. Deflate makes at most about a thousand times as many bytes of
 * them, so the inflated piece looked at (and let go) is never more than a few megabytes.
 */
const PIECE_BYTES = 4 * 1024;

/** The parts a workbook reader parses as XML, gathering the text between the markup into strings. */
const XML_PART = /\.(xml|rels)$/i;

/**
 * A zip archive's bytes (a workbook), each piece passed on only once what it inflates to was
 * checked: the entries together inflate to at most `limits.bytes`, and no XML part holds a text
 * (the characters between two of `<` and `>`) longer than `limits.lineChars`. A few hundred
 * kilobytes of zip can hold a gigabyte cell; the workbook reader behind inflates the same bytes
 * again and would build that cell as one string, so it must never be given them. The check inflates
 * with its own streaming inflater (fflate), which holds only the piece at hand; it reads the local
 * headers as the reader does, so both see the same entries. An archive this inflater cannot read
 * is no workbook the reader could read either, and is refused as such.
 */
export async function* withinZipLimits(
  chunks: AsyncIterable<Uint8Array>,
  limits: ExportLimits,
): AsyncIterable<Uint8Array> {
  let inflated = 0;
  let failure: AppError | undefined;
  const unreadable = (cause: string) =>
    noCatalog(`it starts like a zip archive but is no readable workbook: ${cause.replace(/\.$/, '')}`);
  const unzip = new Unzip((entry) => {
    const text = XML_PART.test(entry.name) ? new TextRun([0x3c, 0x3e], limits.lineChars) : undefined;
    entry.ondata = (error, data) => {
      if (failure) return;
      if (error) {
        failure = unreadable(`${entry.name}: ${error.message}`);
        return;
      }
      inflated += data.length;
      if (inflated > limits.bytes) failure = tooLargeDecompressed(limits);
      else if (text && !text.within(data)) failure = tooLongLine(limits, `a text in its part ${entry.name}`);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length && !failure; start += PIECE_BYTES) {
      try {
        unzip.push(chunk.subarray(start, start + PIECE_BYTES));
      } catch (error) {
        failure = unreadable((error as Error).message);
      }
    }
    if (failure) throw failure;
    yield chunk;
  }
}
