import { Readable } from 'node:stream';
import { constants, crc32, createGzip, deflateRawSync } from 'node:zlib';
import { Zip, ZipDeflate, type ZipInputFile, zipSync } from 'fflate';

/**
 * Small uploads that unfold into more than aisle may read, built as streams so that a test never
 * holds what they unfold into: a gzipped CSV with one endless field, and a workbook with one cell
 * of a gigabyte.
 */

const MIB = 1024 * 1024;

/**
 * A gzipped CSV whose second row holds one field of `mebibytes` MiB of one letter (past 512 MiB, a
 * string longer than V8 can make). The letters come from one reused buffer through zlib's gzip.
 */
export async function endlessFieldCsv(mebibytes: number): Promise<Buffer> {
  const letters = Buffer.alloc(MIB, 'a');
  async function* text(): AsyncIterable<Buffer> {
    yield Buffer.from('id,title\n1,');
    for (let i = 0; i < mebibytes; i++) yield letters;
    yield Buffer.from('\n');
  }
  const compressed: Buffer[] = [];
  for await (const piece of Readable.from(text()).pipe(createGzip({ level: 9 }))) compressed.push(piece);
  return Buffer.concat(compressed);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const WORKBOOK_PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE}"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
};

const SHEET = `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row><row r="3"><c r="A3" t="s"><v>4</v></c><c r="B3" t="s"><v>5</v></c></row></sheetData></worksheet>`;

/**
 * A workbook of one sheet, "Products": a header (id, title) and two products, the first titled
 * `mebibytes` MiB of the letter A (or `Kettle` when 0), the second `Toaster`. The titles are shared
 * strings, as spreadsheet programs write them. The huge title is deflated once as 1 MiB and that
 * block repeated: each block ends on a sync flush, so the blocks make one deflate stream that
 * truly inflates to the whole cell, of about 1 KB of zip per MiB.
 */
export function workbookWithLongCell(mebibytes: number): Buffer {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  for (const [name, text] of Object.entries(WORKBOOK_PARTS)) addDeflated(zip, name, text);

  const before = Buffer.from(
    `${XML_HEAD}<sst xmlns="${MAIN}" count="6" uniqueCount="6"><si><t>id</t></si><si><t>title</t></si><si><t>1</t></si><si><t>${mebibytes === 0 ? 'Kettle' : ''}`,
  );
  const after = Buffer.from('</t></si><si><t>2</t></si><si><t>Toaster</t></si></sst>');
  const letters = Buffer.alloc(MIB, 'A');
  let crc = crc32(before);
  for (let i = 0; i < mebibytes; i++) crc = crc32(letters, crc);
  const strings: ZipInputFile = {
    filename: 'xl/sharedStrings.xml',
    compression: 8,
    size: before.length + mebibytes * MIB + after.length,
    crc: crc32(after, crc),
  };
  zip.add(strings);
  const flushed = { finishFlush: constants.Z_SYNC_FLUSH };
  strings.ondata!(null, deflateRawSync(before, flushed), false);
  const block = deflateRawSync(letters, flushed);
  for (let i = 0; i < mebibytes; i++) strings.ondata!(null, block, false);
  strings.ondata!(null, deflateRawSync(after), true);

  addDeflated(zip, 'xl/worksheets/sheet1.xml', SHEET);
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(out);
}

function addDeflated(zip: Zip, name: string, text: string): void {
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  file.push(new TextEncoder().encode(text), true);
}

/** A zip archive of `entries` empty parts: each costs a reader a step, and the whole nothing to send. */
export function zipOfManyEntries(entries: number): Buffer {
  const parts = Object.fromEntries(
    Array.from({ length: entries }, (_, i) => [`xl/media/${i}.bin`, new Uint8Array(0)]),
  );
  return Buffer.from(zipSync(parts, { level: 0 }));
}

/**
 * workbookWithLongCell(mebibytes) whose central directory says its shared strings inflate to a
 * kilobyte: a reader that believes the directory would inflate the gigabyte.
 */
export function workbookThatUnderstates(mebibytes: number): Buffer {
  const zip = workbookWithLongCell(mebibytes);
  const name = Buffer.from('xl/sharedStrings.xml');
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
    if (zip.subarray(at + 46, at + 46 + name.length).equals(name)) zip.writeUInt32LE(1024, at + 24);
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
  }
  return zip;
}
