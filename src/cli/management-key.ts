import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const KEY_FILE = 'management-key';

/**
 * The key `aisle start` uses: SEARCH_MANAGEMENT_KEY when set, else the one saved in the data dir,
 * else a new random one saved there (readable by its owner only) so the next start keeps it.
 */
export async function managementKeyFor(
  dataDir: string,
  configured: string | undefined,
): Promise<{ key: string; origin: 'environment' | 'saved' | 'generated' }> {
  if (configured) return { key: configured, origin: 'environment' };
  const path = join(dataDir, KEY_FILE);
  try {
    const saved = (await readFile(path, 'utf8')).trim();
    if (saved) return { key: saved, origin: 'saved' };
  } catch {
    // no saved key yet
  }
  const key = randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, `${key}\n`, { mode: 0o600 });
  return { key, origin: 'generated' };
}
