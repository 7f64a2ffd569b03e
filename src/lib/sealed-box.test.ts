import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './sealed-box.js';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('open what they sealed, and never hold the secret in the clear', () => {
    const sealed = seal(key, 'catalog-source', 's3cret-password');
    expect(sealed).not.toContain('s3cret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(open(key, 'catalog-source', sealed)).toBe('s3cret-password');
    expect(seal(key, 'catalog-source', 's3cret-password')).not.toBe(sealed);
  });

  it('refuse another key, another purpose and a changed ciphertext', () => {
    const sealed = seal(key, 'catalog-source', 'value');
    expect(() => open(randomBytes(32), 'catalog-source', sealed)).toThrow();
    expect(() => open(key, 'other', sealed)).toThrow();
    const parts = sealed.split('.');
    const changed = Buffer.from(parts[3]!, 'base64url');
    changed[0] = changed[0]! ^ 1;
    parts[3] = changed.toString('base64url');
    expect(() => open(key, 'catalog-source', parts.join('.'))).toThrow();
    expect(() => open(key, 'catalog-source', 'plain')).toThrow();
  });
});
