import { canonicalJson } from '../lib/canonical-json.js';

/**
 * Files the engine reads at query time, so a release that changes only these goes live by a
 * switch: the live indexes stay and searches read the new files. Everything else is compiled into
 * the indexes and needs a rebuild.
 */
export const SWITCHABLE_FILES = ['synonyms.json', 'rules.json', 'tests.json', 'routes.json'] as const;

export interface PublicationDecision {
  way: 'switch' | 'rebuild';
  /** Why, as a sentence. */
  cause: string;
  /** Release files that differ from the live release (added, removed or changed). */
  changed: string[];
}

export interface Built {
  snapshot: string;
  files: Record<string, unknown>;
}

/** How a release with a catalog would go live, given what is live now. */
export function decidePublication(target: Built, live: Built | undefined): PublicationDecision {
  if (!live) {
    return {
      way: 'rebuild',
      cause: 'Nothing is live yet, so the indexes are built for the first time.',
      changed: [],
    };
  }
  const changed = changedFiles(target.files, live.files);
  if (target.snapshot !== live.snapshot) {
    return {
      way: 'rebuild',
      cause: `The catalog (snapshot ${target.snapshot}) is not the live one (${live.snapshot}), so its indexes are built.`,
      changed,
    };
  }
  const needRebuild = changed.filter((name) => !(SWITCHABLE_FILES as readonly string[]).includes(name));
  if (needRebuild.length > 0) {
    return {
      way: 'rebuild',
      cause: `${listed(needRebuild)} changed, which the indexes are built from, so they are built anew.`,
      changed,
    };
  }
  if (changed.length === 0) {
    return {
      way: 'switch',
      cause: 'The live indexes already hold this release and catalog; they stay as they are.',
      changed,
    };
  }
  return {
    way: 'switch',
    cause: `Only ${listed(changed)} changed, which searches read as they run: the live indexes stay and the new files go live at once.`,
    changed,
  };
}

/**
 * The files whose content differs. `$schema` is no content: it tells editors where a file's schema
 * lies, and names the address of whichever stack stored the file.
 */
function changedFiles(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names.filter((name) => content(a[name]) !== content(b[name]));
}

function content(file: unknown): string {
  if (file === null || typeof file !== 'object' || Array.isArray(file)) return canonicalJson(file ?? null);
  const { $schema: _editorsOnly, ...rest } = file as Record<string, unknown>;
  return canonicalJson(rest);
}

function listed(names: string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
