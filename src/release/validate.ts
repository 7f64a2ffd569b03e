import type { Violation } from '../contracts/problem.js';
import { RELEASE_FILE_NAMES } from '../contracts/release-files/index.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { releaseId } from '../lib/ids.js';
import { releaseChecks } from './checks/index.js';
import { releaseView } from './release-view.js';
import { checkFileSchema, isReleaseFileName } from './schema-check.js';

export interface ValidRelease {
  id: string;
  files: Record<string, Record<string, unknown>>;
}

export type ReleaseCheckResult = { ok: true; release: ValidRelease } | { ok: false; violations: Violation[] };

/**
 * Checks a release's files as a whole and names it by content. First each file alone (a known
 * name, a JSON object, its schema); then, when every file is well formed, everything that crosses
 * files. Each problem is a violation naming the file, the JSON pointer and what to do.
 */
export function validateRelease(files: Record<string, unknown>): ReleaseCheckResult {
  const violations = checkEachFile(files);
  if (violations.length === 0) {
    const view = releaseView(files);
    for (const check of releaseChecks) violations.push(...check(view));
  }
  if (violations.length > 0) return { ok: false, violations };
  // Canonical form: keys in one order at every depth, so equal files have one id.
  const canonical = JSON.parse(canonicalJson(files)) as ValidRelease['files'];
  return { ok: true, release: { id: releaseId(canonical), files: canonical } };
}

function checkEachFile(files: Record<string, unknown>): Violation[] {
  const names = Object.keys(files);
  if (names.length === 0) {
    return [
      { pointer: '/files', message: 'A release needs at least one file: add one, such as rules.json.' },
    ];
  }
  const violations: Violation[] = [];
  for (const name of names) {
    const content = files[name];
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
