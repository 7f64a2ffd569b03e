import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ roles: { control: false, indexer: false } });
});
afterAll(async () => stack.close());

const validate = (body: unknown) => stack.internal('/internal/releases/validate', body);

describe('POST /internal/releases/validate', () => {
  it('answers the release id and its files in canonical form', async () => {
    const files = {
      'rules.json': {
        rules: [{ then: { rewrite: { remove: ['cheap'] } }, description: 'Drop "cheap"', id: 'no-cheap' }],
        $schema: 'https://example.com/own/rules.schema.json',
      },
    };
    const response = await validate({ files });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.id).toMatch(/^rl_[0-9a-f]{32}$/);
    expect(JSON.stringify(answer.files)).toBe(
      '{"rules.json":{"$schema":"https://example.com/own/rules.schema.json","rules":[{"description":"Drop \\"cheap\\"","id":"no-cheap","then":{"rewrite":{"remove":["cheap"]}}}]}}',
    );
  });

  it("answers 400 when the body is not a release's files by name", async () => {
    for (const body of [{ file: {} }, { files: [] }, 'rules']) {
      const response = await validate(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('answers 422 with violations naming file, pointer and sentence', async () => {
    const response = await validate({
      files: { 'ranking.json': { sorts: [{ code: 'cheap', by: 'cost', direction: 'up' }] } },
    });
    expect(response.status).toBe(422);
    const { violations } = await response.json();
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          file: 'ranking.json',
          pointer: '/sorts/0/by',
          message: expect.stringContaining('"cost" does not fit here'),
        },
        { file: 'ranking.json', pointer: '/sorts/0/direction', message: 'Must be one of: "asc", "desc".' },
      ]),
    );
  });
});
