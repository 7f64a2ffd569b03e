import type { Violation } from '../contracts/problem.js';
import { RELEASE_FILE_NAMES } from '../contracts/release-files/index.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { releaseIdOfCanonical } from '../lib/ids.js';
import { releaseChecks } from './checks/index.js';
import { releaseView } from './release-view.js';
import { checkFileSchema, isReleaseFileName } from './schema-check.js';

export interface ValidRelease {
  id: string;
  files: Record<string, Record<string, unknown>>;
}

export type ReleaseCheckResult = { ok: true; release: ValidRelease } | { ok: false; violations: Violation[] };

/** A valid release as canonical JSON text, the text its id names: what a worker thread hands back. */
export type CanonicalCheckResult =
  | { ok: true; id: string; canonical: string }
  | { ok: false; violations: Violation[] };

/**
 * Checks a release's files as a whole and names it by content. First each file alone (a known
 * name, a JSON object, its schema; a file sent as text is read as JSON first); then, when every
 * file is well formed, everything that crosses files. Each problem is a violation naming the file,
 * the JSON pointer and what to do.
 */
export function validateRelease(sent: Record<string, unknown>): ReleaseCheckResult {
  const check = validateReleaseCanonically(sent);
  if (!check.ok) return check;
  return { ok: true, release: { id: check.id, files: JSON.parse(check.canonical) as ValidRelease['files'] } };
}

/**
 * validateRelease answering the canonical text rather than its objects: keys in one order at
 * every depth, so equal files have one id. The text is written once and names the release.
 */
export function validateReleaseCanonically(sent: Record<string, unknown>): CanonicalCheckResult {
  const { files, violations } = readTexts(sent);
  violations.push(...checkEachFile(files, new Set(violations.map((one) => one.file))));
  if (violations.length === 0) {
    const view = releaseView(files);
    for (const check of releaseChecks) violations.push(...check(view));
  }
  if (violations.length > 0) return { ok: false, violations };
  const canonical = canonicalJson(files);
  return { ok: true, id: releaseIdOfCanonical(canonical), canonical };
}

/**
 * Files sent as text, read as JSON: a shop may paste a file as it keeps it. Text that is not JSON
 * is a violation naming the file and where reading stopped.
 */
function readTexts(sent: Record<string, unknown>): {
  files: Record<string, unknown>;
  violations: Violation[];
} {
  const files: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const [name, content] of Object.entries(sent)) {
    if (typeof content !== 'string') {
      files[name] = content;
      continue;
    }
    try {
      files[name] = JSON.parse(content) as unknown;
    } catch (error) {
      files[name] = content;
      violations.push({
        file: name,
        pointer: '',
        message: `The file is text that is not JSON (${abridged((error as Error).message)}): send it as a JSON object, or as text that reads as one.`,
      });
    }
  }
  return { files, violations };
}

/** The parser's own words, which quote the text, kept to a readable length. */
function abridged(message: string): string {
  return message.length > 160 ? `${message.slice(0, 159)}…` : message;
}

/** Each file alone; `unreadable` names text files already refused. */
function checkEachFile(
  files: Record<string, unknown>,
  unreadable: ReadonlySet<string | undefined>,
): Violation[] {
  const names = Object.keys(files);
  if (names.length === 0) {
    return [
      { pointer: '/files', message: 'A release needs at least one file: add one, such as rules.json.' },
    ];
  }
  const violations: Violation[] = [];
  for (const name of names) {
    const content = files[name];
    if (unreadable.has(name)) continue;
    if (!isReleaseFileName(name)) {
      violations.push({
        file: name,
        pointer: '',
        message: `aisle reads no file named ${name}: a release holds ${RELEASE_FILE_NAMES.join(', ')}. Rename or remove it.`,
      });
    } else if (content === null || typeof content !== 'object' || Array.isArray(content)) {
      violations.push({
        file: name,
        pointer: '',
        message: 'The file must be a JSON object: wrap its content in { }.',
      });
    } else {
      violations.push(...checkFileSchema(name, content));
    }
  }
  return violations;
}
