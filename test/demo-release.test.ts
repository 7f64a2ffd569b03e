import { describe, expect, it } from 'vitest';
import { demoReleaseFiles } from '../src/catalog/demo/release.js';
import { RELEASE_FILE_NAMES } from '../src/contracts/release-files/index.js';
import { validateRelease } from '../src/release/validate.js';

describe('the demo release', () => {
  it('holds every release file', () => {
    expect(Object.keys(demoReleaseFiles).sort()).toEqual([...RELEASE_FILE_NAMES].sort());
  });

  it('is a valid release: every file meets its schema and the files agree with each other', () => {
    const check = validateRelease(demoReleaseFiles);
    expect(check.ok ? [] : check.violations).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
