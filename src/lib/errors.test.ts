import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode, errorStatus, statusTitle, unavailableFor } from './errors.js';

describe('AppError', () => {
  it.each([
    ['bad_request', 400],
    ['unauthorized', 401],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['unprocessable', 422],
    ['internal', 500],
    ['bad_gateway', 502],
    ['unavailable', 503],
  ] as Array<[ErrorCode, number]>)('gives %s the status %i', (code, status) => {
    const error = new AppError(code, 'Something to act on.');
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
  });

  it('makes a 503 that says when to send the request again', () => {
    const error = unavailableFor(5, 'Two uploads are being read: send this one again.');
    expect(error).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 5 });
    expect(new AppError('unavailable', 'Nothing is live.').retryAfterSeconds).toBeUndefined();
  });

  it('is an Error whose message is the detail', () => {
    const error = new AppError('not_found', 'No release rl_123: check its id.');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.message).toBe('No release rl_123: check its id.');
    expect(error.detail).toBe('No release rl_123: check its id.');
  });

  it('keeps violations and extensions', () => {
    const violations = [{ file: 'rules.json', pointer: '/rules/0', message: 'Is required: add it.' }];
    const error = new AppError('conflict', 'A draft is open.', violations, { draft: 'rl_abc' });
    expect(error.violations).toEqual(violations);
    expect(error.extensions).toEqual({ draft: 'rl_abc' });
  });

  it('has no violations or extensions unless given', () => {
    const error = new AppError('bad_request', 'Bad.');
    expect(error.violations).toBeUndefined();
    expect(error.extensions).toBeUndefined();
  });
});

describe('statusTitle', () => {
  it('has a title for every status an error code has', () => {
    for (const status of Object.values(errorStatus)) {
      expect(statusTitle[status], `status ${status}`).toEqual(expect.any(String));
      expect(statusTitle[status]?.length, `status ${status}`).toBeGreaterThan(0);
    }
  });

  it('uses the standard phrases', () => {
    expect(statusTitle[404]).toBe('Not Found');
    expect(statusTitle[413]).toBe('Content Too Large');
    expect(statusTitle[422]).toBe('Unprocessable Content');
  });
});
