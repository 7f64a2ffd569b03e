/**
 * The length of the text since the last marker byte (a line break, or `<` and `>` in XML), counted
 * as bytes stream by, before any parser gathers that text into a string. Characters are counted as
 * the bytes that start one in UTF-8 (a byte that is not a continuation byte), which is never more
 * than the characters the text holds in UTF-8 or in a single-byte encoding: a run found too long
 * here is too long for the reader too.
 */
export class TextRun {
  readonly #markers = new Uint8Array(256);
  #chars = 0;

  constructor(
    markers: readonly number[],
    readonly maxChars: number,
  ) {
    for (const marker of markers) this.#markers[marker] = 1;
  }

  /** Counts the bytes into the run; false as soon as the run holds more than `maxChars`. */
  within(bytes: Uint8Array): boolean {
    const markers = this.#markers;
    const maxChars = this.maxChars;
    let chars = this.#chars;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (markers[byte] === 1) chars = 0;
      else if ((byte & 0xc0) !== 0x80 && ++chars > maxChars) {
        this.#chars = chars;
        return false;
      }
    }
    this.#chars = chars;
    return true;
  }

  /** Starts a new run, as at the start of a file. */
  reset(): void {
    this.#chars = 0;
  }
}
