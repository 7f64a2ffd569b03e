import { describe, expect, it } from 'vitest';
import { AppError, unavailableFor } from './errors.js';
import { errorFromMessage, failureMessage } from './tasks.js';

describe('failures crossing from a worker', () => {
  it('come back as the same AppError, with its violations, extensions and Retry-After', () => {
    const violations = [{ pointer: '/x', message: 'bad' }];
    const refused = errorFromMessage(
      structuredClone(
        failureMessage(new AppError('conflict', 'Moved on.', violations, { draft: { id: 'i' } })),
      ),
    ) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'conflict',
      detail: 'Moved on.',
      violations,
      extensions: { draft: { id: 'i' } },
    });
    const busy = errorFromMessage(structuredClone(failureMessage(unavailableFor(5, 'Busy.')))) as AppError;
    expect(busy).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 5 });
  });
});
