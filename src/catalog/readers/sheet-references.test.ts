import { describe, expect, it } from 'vitest';
import { SheetReferences } from './sheet-references.js';

/** The sheet passed through in pieces of `size` bytes, as the inflater hands it out. */
function referenced(xml: string, size: number): string {
  const references = new SheetReferences();
  const bytes = Buffer.from(xml);
  const out: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    const end = Math.min(bytes.length, start + size);
    out.push(Buffer.from(references.push(bytes.subarray(start, end), end === bytes.length)));
  }
  return Buffer.concat(out).toString();
}

describe('SheetReferences', () => {
  it('numbers rows and cells without references from the ones before, cut anywhere', () => {
    const sheet =
      '<worksheet><sheetData><row><c t="s"><v>0</v></c><c><v>1</v></c></row>' +
      '<!-- <row><c> --><row r="5"><c r="C5"><v>2</v></c><c t="inlineStr"><is><t><![CDATA[<c>]]></t></is></c></row>' +
      '<row/><row spans="1:2"><c s="1"/></row></sheetData></worksheet>';
    const expected =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>1</v></c></row>' +
      '<!-- <row><c> --><row r="5"><c r="C5"><v>2</v></c><c r="D5" t="inlineStr"><is><t><![CDATA[<c>]]></t></is></c></row>' +
      '<row r="6"/><row r="7" spans="1:2"><c r="A7" s="1"/></row></sheetData></worksheet>';
    for (let size = 1; size <= sheet.length; size++) expect(referenced(sheet, size)).toBe(expected);
  });

  it('leaves a sheet whose rows and cells all have references as it is', () => {
    const sheet = '<sheetData><row r="1"><c r="A1"><v>1</v></c><col/><cols/></row></sheetData>';
    expect(referenced(sheet, 7)).toBe(sheet);
  });

  it('names columns past Z with two letters', () => {
    const cells = Array.from({ length: 28 }, (_, at) => `<c><v>${at}</v></c>`).join('');
    expect(referenced(`<row>${cells}</row>`, 64)).toContain('<c r="AB1"><v>27</v></c>');
  });
});
