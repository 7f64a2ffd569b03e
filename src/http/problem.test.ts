import { describe, expect, it } from 'vitest';
import { problemBody } from './problem.js';

describe('problemBody', () => {
  it('is about:blank with the status and its own phrase as title', () => {
    expect(problemBody(404, 'No release rl_1: check its id.')).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No release rl_1: check its id.',
    });
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [413, 'Content Too Large'],
    [422, 'Unprocessable Content'],
    [503, 'Service Unavailable'],
  ])('titles status %i "%s"', (status, title) => {
    expect(problemBody(status).title).toBe(title);
  });

  it('titles a status with no phrase of its own "Error"', () => {
    expect(problemBody(418).title).toBe('Error');
  });

  it('leaves out a missing or empty detail', () => {
    expect(problemBody(500)).toEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500 });
    expect(problemBody(500, '')).not.toHaveProperty('detail');
  });

  it('carries violations', () => {
    const violations = [{ pointer: '/per_page', message: 'Must be at most 100.' }];
    expect(problemBody(400, 'The request does not match its schema.', violations).violations).toEqual(
      violations,
    );
  });

  it('leaves out an empty list of violations', () => {
    expect(problemBody(400, 'Bad.', [])).not.toHaveProperty('violations');
  });

  it('keeps extensions as members of the problem', () => {
    expect(
      problemBody(409, 'A draft is open: publish or discard it.', undefined, { draft: 'rl_abc' }),
    ).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'A draft is open: publish or discard it.',
      draft: 'rl_abc',
    });
  });

  it('does not let an extension replace type, title or status', () => {
    const body = problemBody(409, 'Conflict.', undefined, { type: 'https://x', title: 'Other', status: 200 });
    expect(body.type).toBe('about:blank');
    expect(body.title).toBe('Conflict');
    expect(body.status).toBe(409);
  });

  it('has no null or undefined members', () => {
    for (const body of [
      problemBody(500),
      problemBody(400, undefined, undefined, undefined),
      problemBody(404, ''),
    ]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain('null');
      expect(Object.values(body)).not.toContain(undefined);
      expect(Object.values(body)).not.toContain(null);
    }
  });
});
