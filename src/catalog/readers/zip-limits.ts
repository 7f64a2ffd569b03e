import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import type { AppError } from '../../lib/errors.js';
import { type ExportLimits, tooLargeDecompressed, tooLongLine } from '../limits.js';
import { noCatalog, parserSaid } from '../refusal.js';
import { SheetReferences } from './sheet-references.js';
import { TextRun } from './text-runs.js';
import type { DeclaredSizes } from './zip-directory.js';

/**
 * Compressed bytes inflated at once. Deflate makes at most about a thousand times as many bytes of
 * them, so the inflated piece looked at (and let go) is never more than a few megabytes.
 */
const PIECE_BYTES = 4 * 1024;

/** The parts a workbook reader parses as XML, gathering the text between the markup into strings. */
const XML_PART = /\.(xml|rels)$/i;
/** The worksheets, as exceljs finds them: their rows and cells get the references they leave out. */
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/** Deflate level of the parts written again: the fastest, since the zip only crosses to the reader. */
const REWRITE_LEVEL = 1;

/**
 * A zip archive (a workbook) checked and written again for the workbook reader. Checked: the
 * entries together inflate to at most `limits.bytes`, and no XML part holds a text (the characters
 * between two of `<` and `>`) longer than `limits.lineChars`. A few hundred kilobytes of zip can
 * hold a gigabyte cell; the reader would build that cell as one string, so it is never given a
 * byte of such a part. Written again: every part deflated, in the order it came, a worksheet's
 * rows and cells with the `r` references OOXML lets them leave out written in (SheetReferences). exceljs's
 * streaming reader loses parts stored without compression at random (their bytes flow before it
 * listens, so a workbook whose `xl/workbook.xml` comes last and stored is refused one read in two:
 * exceljs issue 3064); deflated parts it reads every time. The archive is inflated with a
 * streaming inflater (fflate), which holds only the piece at hand and reads the local headers as
 * the reader does; an archive it cannot read is no workbook the reader could read either, and is
 * refused as such. With `declared`, the sizes its central directory gave (zip-directory.ts), an
 * entry the directory does not list, or one inflating past what it declared, is refused at its
 * first byte too many: the directory was checked against the limits, and an archive that lies to
 * it may hold anything.
 */
export async function* checkedWorkbookZip(
  chunks: AsyncIterable<Uint8Array>,
  limits: ExportLimits,
  declared?: DeclaredSizes,
): AsyncIterable<Uint8Array> {
  let inflated = 0;
  let failure: AppError | undefined;
  const written: Uint8Array[] = [];
  const unreadable = (cause: string) =>
    noCatalog(`it starts like a zip archive but is no readable workbook: ${cause.replace(/\.$/, '')}`);
  const zip = new Zip((error, data) => {
    if (error) failure ??= unreadable(parserSaid(error));
    else written.push(data);
  });
  const unzip = new Unzip((entry) => {
    const text = XML_PART.test(entry.name) ? new TextRun([0x3c, 0x3e], limits.lineChars) : undefined;
    const references = SHEET_PART.test(entry.name) ? new SheetReferences() : undefined;
    const part = new ZipDeflate(entry.name, { level: REWRITE_LEVEL });
    zip.add(part);
    const allowed = declared ? (declared.get(entry.name) ?? -1) : Number.POSITIVE_INFINITY;
    let entryInflated = 0;
    entry.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = unreadable(`${entry.name}: ${parserSaid(error)}`);
        return;
      }
      inflated += data.length;
      entryInflated += data.length;
      if (allowed < 0) failure = unreadable(`its part ${entry.name} is not in its central directory`);
      else if (entryInflated > allowed)
        failure = unreadable(`its part ${entry.name} inflates past the size its central directory declares`);
      else if (inflated > limits.bytes) failure = tooLargeDecompressed(limits);
      else if (text && !text.within(data)) failure = tooLongLine(limits, `a text in its part ${entry.name}`);
      else part.push(references ? references.push(data, final) : data, final);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const push = (piece: Uint8Array, final = false) => {
    try {
      unzip.push(piece, final);
    } catch (error) {
      failure ??= unreadable(parserSaid(error));
    }
  };
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length && !failure; start += PIECE_BYTES) {
      push(chunk.subarray(start, start + PIECE_BYTES));
    }
    if (failure) throw failure;
    yield* written.splice(0);
  }
  push(new Uint8Array(0), true);
  if (!failure) zip.end();
  if (failure) throw failure;
  yield* written.splice(0);
}
