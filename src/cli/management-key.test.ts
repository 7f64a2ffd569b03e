import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { managementKeyFor } from './management-key.js';

describe('managementKeyFor', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-key-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the configured key and saves nothing', async () => {
    const dataDir = join(dir, 'data');
    expect(await managementKeyFor(dataDir, 'from-the-environment')).toEqual({
      key: 'from-the-environment',
      origin: 'environment',
    });
    await expect(stat(dataDir)).rejects.toThrow();
  });

  it('prefers the configured key over a saved one', async () => {
    await writeFile(join(dir, 'management-key'), 'saved-key\n');
    expect(await managementKeyFor(dir, 'from-the-environment')).toEqual({
      key: 'from-the-environment',
      origin: 'environment',
    });
  });

  it('generates a key and saves it readable by its owner only', async () => {
    const dataDir = join(dir, 'nested', 'data');
    const { key, origin } = await managementKeyFor(dataDir, undefined);
    expect(origin).toBe('generated');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const path = join(dataDir, 'management-key');
    expect((await readFile(path, 'utf8')).trim()).toBe(key);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('returns the saved key the second time', async () => {
    const first = await managementKeyFor(dir, undefined);
    const second = await managementKeyFor(dir, undefined);
    expect(second).toEqual({ key: first.key, origin: 'saved' });
  });

  it('takes an empty configured key as none', async () => {
    const first = await managementKeyFor(dir, '');
    expect(first.origin).toBe('generated');
  });

  it('reads a key saved by hand, without its surrounding whitespace', async () => {
    await writeFile(join(dir, 'management-key'), '  my-own-key-of-length \n');
    expect(await managementKeyFor(dir, undefined)).toEqual({ key: 'my-own-key-of-length', origin: 'saved' });
  });

  it('refuses a saved key too short to be a secret', async () => {
    await writeFile(join(dir, 'management-key'), 'k\n');
    await expect(managementKeyFor(dir, undefined)).rejects.toThrow(/at least 16 characters/);
  });

  it('replaces an empty saved file with a new key', async () => {
    await writeFile(join(dir, 'management-key'), '\n');
    const { key, origin } = await managementKeyFor(dir, undefined);
    expect(origin).toBe('generated');
    expect(key.length).toBeGreaterThan(0);
    expect((await readFile(join(dir, 'management-key'), 'utf8')).trim()).toBe(key);
  });

  it('generates a different key for each data dir', async () => {
    const one = await managementKeyFor(join(dir, 'one'), undefined);
    const two = await managementKeyFor(join(dir, 'two'), undefined);
    expect(one.key).not.toBe(two.key);
  });
});
