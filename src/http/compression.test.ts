import { describe, expect, it } from 'vitest';
import { acceptsZstd } from './compression.js';

describe('acceptsZstd', () => {
  it('is false when there is no Accept-Encoding header', () => {
    expect(acceptsZstd(undefined)).toBe(false);
    expect(acceptsZstd('')).toBe(false);
  });

  it('is true when zstd is listed', () => {
    expect(acceptsZstd('zstd')).toBe(true);
    expect(acceptsZstd('gzip, deflate, br, zstd')).toBe(true);
  });

  it('is false when zstd is not listed', () => {
    expect(acceptsZstd('gzip, deflate, br')).toBe(false);
    expect(acceptsZstd('identity')).toBe(false);
  });

  it('does not take another coding whose name contains zstd', () => {
    expect(acceptsZstd('x-zstd, zstdx')).toBe(false);
  });

  it('reads the coding name case-insensitively', () => {
    expect(acceptsZstd('ZSTD')).toBe(true);
    expect(acceptsZstd('gzip, Zstd;q=0.5')).toBe(true);
  });

  it('is true for a positive quality', () => {
    expect(acceptsZstd('zstd;q=1')).toBe(true);
    expect(acceptsZstd('gzip;q=1.0, zstd;q=0.001')).toBe(true);
    expect(acceptsZstd('br;q=1, zstd ; q=0.8')).toBe(true);
  });

  it('is false for a quality of zero', () => {
    expect(acceptsZstd('zstd;q=0')).toBe(false);
    expect(acceptsZstd('gzip, zstd;q=0.0')).toBe(false);
    expect(acceptsZstd('gzip;q=1, zstd; q=0.000')).toBe(false);
  });

  it('reads the q parameter name case-insensitively', () => {
    // RFC 9110 §5.6.6: parameter names are case-insensitive, so Q=0 refuses zstd as q=0 does.
    expect(acceptsZstd('zstd;Q=0')).toBe(false);
    expect(acceptsZstd('zstd;Q=0.5')).toBe(true);
  });

  it('reads a header given as several values', () => {
    expect(acceptsZstd(['gzip', 'zstd'])).toBe(true);
    expect(acceptsZstd(['gzip, br', 'deflate'])).toBe(false);
    expect(acceptsZstd(['gzip', 'zstd;q=0'])).toBe(false);
    expect(acceptsZstd([])).toBe(false);
  });
});
