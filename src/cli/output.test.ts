import { describe, expect, it } from 'vitest';
import { managementKeyLine } from './output.js';

const KEY = 'a-generated-key-of-32-characters';

describe('managementKeyLine', () => {
  it('shows a generated key once, with where it is saved', () => {
    const line = managementKeyLine(KEY, 'generated', '/data');
    expect(line).toContain(KEY);
    expect(line).toContain('/data/management-key');
  });

  it('never shows a saved or configured key', () => {
    expect(managementKeyLine(KEY, 'saved', '/data')).not.toContain(KEY);
    expect(managementKeyLine(KEY, 'saved', '/data')).toContain('/data/management-key');
    expect(managementKeyLine(KEY, 'environment', '/data')).not.toContain(KEY);
    expect(managementKeyLine(KEY, 'environment', '/data')).toContain('SEARCH_MANAGEMENT_KEY');
  });

  it('says that every call is refused without a key', () => {
    expect(managementKeyLine(undefined, undefined, '/data')).toContain('refused');
  });
});
