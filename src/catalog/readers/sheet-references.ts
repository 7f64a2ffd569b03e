/**
 * Writes back the `r` references a worksheet's rows and cells may leave out. OOXML lets a writer
 * omit them (a row without one follows the row before, a cell without one the cell before in its
 * row), and some writers do; exceljs's streaming reader needs them on every row and cell (it fails
 * on "Cannot read properties of undefined"). A part passes through in pieces as it is inflated;
 * only the start tags of `row` and `c` are looked at, and a tag cut by the end of a piece waits
 * for the next (the text between two markup characters is bounded by the line limit already).
 */
export class SheetReferences {
  /** The number of the row at hand, and the column of the cell at hand in it. */
  #row = 0;
  #column = 0;
  /** The bytes of a tag or markup the last piece ended in. */
  #carried: Uint8Array = new Uint8Array(0);
  /** Inside a comment or a CDATA section, whose text is no markup: where it ends. */
  #skipUntil: string | undefined;

  /** The piece with the missing references written in; what it ends in waits for the next. */
  push(piece: Uint8Array, final: boolean): Uint8Array {
    const bytes =
      this.#carried.length > 0
        ? Buffer.concat([this.#carried, piece])
        : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    const out: Uint8Array[] = [];
    let from = 0;
    let at = 0;
    // Where the bytes still to look at start, once this piece has none left to give.
    let waiting = bytes.length;
    while (at < bytes.length) {
      if (this.#skipUntil !== undefined) {
        const end = bytes.indexOf(this.#skipUntil, at);
        if (end < 0) {
          // The terminator may start in the last bytes and end in the next piece.
          waiting = Math.max(at, bytes.length - this.#skipUntil.length + 1);
          break;
        }
        at = end + this.#skipUntil.length;
        this.#skipUntil = undefined;
        continue;
      }
      const open = bytes.indexOf(0x3c, at);
      if (open < 0) break;
      const close = bytes.indexOf(0x3e, open);
      if (close < 0) {
        waiting = open;
        break;
      }
      const markup = bytes.toString('latin1', open, Math.min(close, open + 9));
      if (markup.startsWith('<!--') || markup.startsWith('<![CDATA[')) {
        this.#skipUntil = markup.startsWith('<!--') ? '-->' : ']]>';
        at = open + (this.#skipUntil === '-->' ? 4 : 9);
        continue;
      }
      const missing = this.#reference(bytes.toString('latin1', open, close));
      if (missing !== undefined) {
        const nameEnd = open + missing.name.length + 1;
        out.push(bytes.subarray(from, nameEnd), Buffer.from(` r="${missing.reference}"`, 'latin1'));
        from = nameEnd;
      }
      at = close + 1;
    }
    const kept = final ? bytes.length : waiting;
    out.push(bytes.subarray(from, Math.max(from, kept)));
    // A copy: the inflater may write its next piece where this one lies.
    this.#carried = Uint8Array.prototype.slice.call(bytes, Math.max(from, kept));
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /**
   * Follows the rows and cells a start tag (without its `>`) names, and answers the reference to
   * write into it when it lacks one.
   */
  #reference(tag: string): { name: string; reference: string } | undefined {
    const name = /^<([A-Za-z_][\w.-]*)/.exec(tag)?.[1];
    if (name !== 'row' && name !== 'c') return undefined;
    const given = /\sr\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
    if (name === 'row') {
      const number = given !== undefined ? Number.parseInt(given, 10) : Number.NaN;
      this.#row = Number.isInteger(number) && number > 0 ? number : this.#row + 1;
      this.#column = 0;
      return given === undefined ? { name, reference: String(this.#row) } : undefined;
    }
    const column = given !== undefined ? columnNumber(given) : 0;
    this.#column = column > 0 ? column : this.#column + 1;
    return given === undefined
      ? { name, reference: `${columnLetters(this.#column)}${this.#row}` }
      : undefined;
  }
}

/** The column a cell reference such as `AB12` names, counted from 1; 0 when it names none. */
function columnNumber(reference: string): number {
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

/** A column's letters: 1 is A, 27 is AA. */
function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
