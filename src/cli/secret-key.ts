import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SECRET_KEY_BYTES } from '../lib/sealed-box.js';
import { ConfigError } from './config.js';

const KEY_FILE = 'secret-key';

/**
 * The key secrets kept at rest (catalog source credentials) are sealed with: AISLE_SECRET_KEY
 * (32 bytes as 64 hex characters or base64) when set, which every control plane of a scaled
 * deployment must share; else the one saved in the data dir, else a new random one saved there,
 * readable by its owner only.
 */
export async function secretKeyFor(dataDir: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return parseKey(configured);
  const path = join(dataDir, KEY_FILE);
  try {
    return parseKey((await readFile(path, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(SECRET_KEY_BYTES);
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another process of the same data dir wrote it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return parseKey((await readFile(path, 'utf8')).trim());
}

function parseKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== SECRET_KEY_BYTES) {
    throw new ConfigError(
      `AISLE_SECRET_KEY (or the data dir's secret-key file) must hold ${SECRET_KEY_BYTES} bytes, as 64 hex characters or base64.`,
    );
  }
  return key;
}
