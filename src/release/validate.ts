import type { Violation } from '../contracts/problem.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { releaseId } from '../lib/ids.js';

export interface ValidRelease {
  id: string;
  files: Record<string, Record<string, unknown>>;
}

export type ReleaseCheck = { ok: true; release: ValidRelease } | { ok: false; violations: Violation[] };

const FILE_NAME = /^[a-z][a-z0-9_-]*\.json$/;

/**
 * Checks a release's files as a whole and names it by content. Every file must be a JSON object
 * under a `<name>.json` name; each problem becomes a violation naming the file and pointer.
 */
export function validateRelease(files: Record<string, unknown>): ReleaseCheck {
  const violations: Violation[] = [];
  const names = Object.keys(files);
  if (names.length === 0) {
    violations.push({
      pointer: '/files',
      message: 'A release needs at least one file: add one, such as ranking.json.',
    });
  }
  for (const name of names) {
    if (!FILE_NAME.test(name)) {
      violations.push({
        file: name,
        pointer: '',
        message: 'A release file is named in lowercase and ends in .json, such as rules.json: rename it.',
      });
    }
    const content = files[name];
    if (content === null || typeof content !== 'object' || Array.isArray(content)) {
      violations.push({
        file: name,
        pointer: '',
        message: 'The file must be a JSON object: wrap its content in { }.',
      });
    }
  }
  if (violations.length > 0) return { ok: false, violations };
  // Canonical form: keys in code-point order at every depth, so equal files have one id.
  const canonical = JSON.parse(canonicalJson(files)) as ValidRelease['files'];
  return { ok: true, release: { id: releaseId(canonical), files: canonical } };
}
