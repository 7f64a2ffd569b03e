import { describe, expect, it } from 'vitest';
import { AppError, retryAfter } from './errors.js';

describe('AppError', () => {
  it('is an Error named by its cause, whose message is the detail', () => {
    const error = new AppError('release_not_found', 'No release rl_123: check its id.');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('release_not_found');
    expect(error.message).toBe('No release rl_123: check its id.');
    expect(error.detail).toBe('No release rl_123: check its id.');
  });

  it('carries no status: the HTTP layer reads it from the code', () => {
    expect(new AppError('draft_conflict', 'Changed.')).not.toHaveProperty('status');
  });

  it('makes a refusal that says when to send the request again', () => {
    const error = retryAfter('uploads_busy', 5, 'Two uploads are being read: send this one again.');
    expect(error).toMatchObject({ code: 'uploads_busy', retryAfterSeconds: 5 });
    expect(new AppError('not_searchable', 'Nothing is live.').retryAfterSeconds).toBeUndefined();
  });

  it('keeps violations and extensions', () => {
    const violations = [{ file: 'rules.json', pointer: '/rules/0', message: 'Is required: add it.' }];
    const error = new AppError('draft_conflict', 'A draft is open.', violations, { draft: 'rl_abc' });
    expect(error.violations).toEqual(violations);
    expect(error.extensions).toEqual({ draft: 'rl_abc' });
  });

  it('has no violations or extensions unless given', () => {
    const error = new AppError('invalid_request', 'Bad.');
    expect(error.violations).toBeUndefined();
    expect(error.extensions).toBeUndefined();
  });
});
