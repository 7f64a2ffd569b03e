import { type GenerateOptions, generateCatalog } from './generate.js';

/** The demo catalog as JSON Lines, one line (with its newline) at a time. */
export function* catalogJsonLines(options: GenerateOptions): Generator<string> {
  for (const entity of generateCatalog(options)) yield `${JSON.stringify(entity)}\n`;
}

/** The whole demo catalog as one JSON Lines text (about 0.8 kB per product). */
export function writeCatalogJsonl(options: GenerateOptions): string {
  let text = '';
  for (const line of catalogJsonLines(options)) text += line;
  return text;
}
