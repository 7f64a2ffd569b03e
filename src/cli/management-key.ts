import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkKey } from './config.js';

export type KeyOrigin = 'environment' | 'saved' | 'generated';

/** The key files `aisle start` keeps in the data dir, each named after what it opens. */
export const MANAGEMENT_KEY_FILE = 'management-key';
export const INTERNAL_KEY_FILE = 'internal-key';

/**
 * The key `aisle start` uses: the configured one when set, else the one saved in the data dir,
 * else a new random one saved there (readable by its owner only) so the next start keeps it. A
 * saved key shorter than the minimum is refused like a configured one.
 */
export async function keyFor(
  dataDir: string,
  file: string,
  configured: string | undefined,
): Promise<{ key: string; origin: KeyOrigin }> {
  if (configured) return { key: configured, origin: 'environment' };
  const path = join(dataDir, file);
  try {
    const saved = (await readFile(path, 'utf8')).trim();
    if (saved) return { key: checkKey(`The key saved in ${path}`, saved), origin: 'saved' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, `${key}\n`, { mode: 0o600 });
  return { key, origin: 'generated' };
}

/** The management key `aisle start` uses (see keyFor). */
export function managementKeyFor(dataDir: string, configured: string | undefined) {
  return keyFor(dataDir, MANAGEMENT_KEY_FILE, configured);
}
