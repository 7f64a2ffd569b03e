import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { secretKeyFor } from './secret-key.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'aisle-key-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('secretKeyFor', () => {
  it('generates a key into the data dir, readable by its owner only, and keeps it', async () => {
    const first = await secretKeyFor(dataDir, undefined);
    expect(first).toHaveLength(32);
    expect((await stat(join(dataDir, 'secret-key'))).mode & 0o077).toBe(0);
    expect((await secretKeyFor(dataDir, undefined)).equals(first)).toBe(true);
  });

  it('takes AISLE_SECRET_KEY as hex or base64, and refuses another length', async () => {
    const hex = 'ab'.repeat(32);
    expect((await secretKeyFor(dataDir, hex)).toString('hex')).toBe(hex);
    expect((await secretKeyFor(dataDir, Buffer.alloc(32, 7).toString('base64')))[0]).toBe(7);
    await expect(secretKeyFor(dataDir, 'short')).rejects.toThrow(ConfigError);
  });
});
