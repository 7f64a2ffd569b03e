import type { Violation } from '../../contracts/problem.js';
import type { ReleaseView } from '../release-view.js';

/** One concern of a release checked across its files; each problem is a violation with a sentence. */
export type ReleaseCheck = (view: ReleaseView) => Violation[];

/** Where a member sits in its file, as the segments of its JSON pointer. */
export type Path = Array<string | number>;

/** Builds a JSON pointer from path segments, escaping `~` and `/` as RFC 6901 says. */
export function pointer(...segments: Array<string | number>): string {
  return segments
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

export function violation(file: string, path: Path, message: string): Violation {
  return { file, pointer: pointer(...path), message };
}

/** How many codes a message lists before it only counts the rest, so a sentence stays readable. */
const LISTED = 20;

/** Codes a message offers as the valid ones: quoted, comma-separated, the long tail counted. */
export function listed(codes: Iterable<string>): string {
  const all = [...new Set(codes)];
  if (all.length === 0) return 'none';
  const shown = all.slice(0, LISTED).map((code) => `"${code}"`);
  const rest = all.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

/** A word with its indefinite article, for sentences naming a type such as "an option attribute". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
