import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of aisle's package.json, found upward from this file (in sources or in dist). */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === 'aisle') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The aisle package root (its package.json) was not found.');
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();
