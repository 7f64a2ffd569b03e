/** One line of text, numbered from 1; `text` is absent when the line was longer than allowed. */
export interface TextLine {
  number: number;
  text?: string;
}

/**
 * Splits decoded text into lines as it streams by. A line longer than `maxChars` is not gathered:
 * its characters are skipped up to its end and it comes out without its text, so one endless line
 * costs no more memory than a long one.
 */
export async function* textLines(chunks: AsyncIterable<string>, maxChars: number): AsyncIterable<TextLine> {
  let pending: string[] = [];
  let pendingChars = 0;
  let overLong = false;
  let number = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      number++;
      const tooLong = overLong || pendingChars + (end - start) > maxChars;
      yield tooLong ? { number } : { number, text: pending.join('') + chunk.slice(start, end) };
      pending = [];
      pendingChars = 0;
      overLong = false;
      start = end + 1;
    }
    if (overLong) continue;
    const rest = chunk.length - start;
    if (pendingChars + rest > maxChars) {
      overLong = true;
      pending = [];
      pendingChars = 0;
    } else if (rest > 0) {
      pending.push(chunk.slice(start));
      pendingChars += rest;
    }
  }
  if (overLong) yield { number: number + 1 };
  else if (pendingChars > 0) yield { number: number + 1, text: pending.join('') };
}
