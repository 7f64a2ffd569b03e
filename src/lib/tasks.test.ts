import { describe, expect, it } from 'vitest';
import { AppError, retryAfter } from './errors.js';
import { errorFromMessage, failureMessage } from './tasks.js';

describe('failures crossing from a worker', () => {
  it('come back as the same AppError, with its violations, extensions and Retry-After', () => {
    const violations = [{ pointer: '/x', message: 'bad' }];
    const refused = errorFromMessage(
      structuredClone(
        failureMessage(new AppError('draft_conflict', 'Moved on.', violations, { draft: { id: 'i' } })),
      ),
    ) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'draft_conflict',
      detail: 'Moved on.',
      violations,
      extensions: { draft: { id: 'i' } },
    });
    const busy = errorFromMessage(
      structuredClone(failureMessage(retryAfter('uploads_busy', 5, 'Busy.'))),
    ) as AppError;
    expect(busy).toMatchObject({ code: 'uploads_busy', retryAfterSeconds: 5 });
  });
});
