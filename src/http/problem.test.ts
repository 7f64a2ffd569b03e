import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES, type ProblemCode } from '../contracts/problem-codes.js';
import { problemBody } from './problem.js';
import { PROBLEM_STATUS, STATUS_TITLE } from './problem-status.js';

describe('problemBody', () => {
  it('is about:blank with the code, its status and that status’s own phrase as title', () => {
    expect(problemBody('release_not_found', 'No release rl_1: check its id.')).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      code: 'release_not_found',
      detail: 'No release rl_1: check its id.',
    });
  });

  it.each([
    ['invalid_request', 400, 'Bad Request'],
    ['missing_key', 401, 'Unauthorized'],
    ['draft_conflict', 409, 'Conflict'],
    ['body_too_large', 413, 'Content Too Large'],
    ['invalid_value', 422, 'Unprocessable Content'],
    ['not_searchable', 503, 'Service Unavailable'],
  ] as Array<[ProblemCode, number, string]>)('answers %s with %i "%s"', (code, status, title) => {
    expect(problemBody(code)).toMatchObject({ status, title, code });
  });

  it('leaves out a missing or empty detail', () => {
    expect(problemBody('internal_error')).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      code: 'internal_error',
    });
    expect(problemBody('internal_error', '')).not.toHaveProperty('detail');
  });

  it('carries violations', () => {
    const violations = [{ pointer: '/per_page', message: 'Must be at most 100.' }];
    expect(
      problemBody('invalid_request', 'The request does not match its schema.', violations).violations,
    ).toEqual(violations);
  });

  it('leaves out an empty list of violations', () => {
    expect(problemBody('invalid_request', 'Bad.', [])).not.toHaveProperty('violations');
  });

  it('keeps extensions as members of the problem', () => {
    expect(problemBody('draft_conflict', 'The draft changed.', undefined, { draft: 'rl_abc' })).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'draft_conflict',
      detail: 'The draft changed.',
      draft: 'rl_abc',
    });
  });

  it('does not let an extension replace type, title, status or code', () => {
    const body = problemBody('draft_conflict', 'Conflict.', undefined, {
      type: 'https://x',
      title: 'Other',
      status: 200,
      code: 'other',
    });
    expect(body).toMatchObject({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      code: 'draft_conflict',
    });
  });

  it('has no null or undefined members', () => {
    for (const body of [
      problemBody('internal_error'),
      problemBody('invalid_request', undefined, undefined, undefined),
      problemBody('route_not_found', ''),
    ]) {
      expect(JSON.stringify(body)).not.toContain('null');
      expect(Object.values(body)).not.toContain(undefined);
    }
  });
});

describe('the status table', () => {
  it('gives every code a status with a title of its own, and knows no code beyond them', () => {
    expect(Object.keys(PROBLEM_STATUS).sort()).toEqual(Object.keys(PROBLEM_CODES).sort());
    for (const status of Object.values(PROBLEM_STATUS)) {
      expect(STATUS_TITLE[status], `status ${status}`).toEqual(expect.any(String));
    }
  });
});
