import { describe, expect, it } from 'vitest';
import { validateRelease } from './validate.js';

describe('validateRelease', () => {
  it('accepts object files and gives them back with keys sorted at every depth', () => {
    const check = validateRelease({
      'rules.json': { rules: [{ when: { query: 'tee' }, action: { search: 't-shirt' } }] },
      'ranking.json': { weights: { title: 3, brand: 1 }, boost: { in_stock: 2 } },
    });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.release.id).toMatch(/^rl_[0-9a-f]{32}$/);
    expect(JSON.stringify(check.release.files)).toBe(
      '{"ranking.json":{"boost":{"in_stock":2},"weights":{"brand":1,"title":3}},' +
        '"rules.json":{"rules":[{"action":{"search":"t-shirt"},"when":{"query":"tee"}}]}}',
    );
  });

  it('names the same files in another key order with the same id', () => {
    const one = validateRelease({
      'ranking.json': { weights: { title: 3, brand: 1 } },
      'synonyms.json': { groups: [['tee', 't-shirt']] },
    });
    const other = validateRelease({
      'synonyms.json': { groups: [['tee', 't-shirt']] },
      'ranking.json': { weights: { brand: 1, title: 3 } },
    });
    expect(one.ok && other.ok).toBe(true);
    if (!one.ok || !other.ok) return;
    expect(one.release.id).toBe(other.release.id);
    expect(one.release.files).toEqual(other.release.files);
  });

  it('names different content with a different id', () => {
    const one = validateRelease({ 'ranking.json': { weights: { title: 3 } } });
    const other = validateRelease({ 'ranking.json': { weights: { title: 2 } } });
    expect(one.ok && other.ok).toBe(true);
    if (!one.ok || !other.ok) return;
    expect(one.release.id).not.toBe(other.release.id);
  });

  it('does not change the files it is given', () => {
    const files = { 'ranking.json': { weights: { title: 3, brand: 1 } } };
    validateRelease(files);
    expect(Object.keys(files['ranking.json'].weights)).toEqual(['title', 'brand']);
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'boost: 2'],
    ['a number', 3],
    ['null', null],
  ])('refuses a file that is %s, pointing at the whole file', (_kind, content) => {
    expect(validateRelease({ 'ranking.json': { weights: {} }, 'rules.json': content })).toEqual({
      ok: false,
      violations: [
        {
          file: 'rules.json',
          pointer: '',
          message: 'The file must be a JSON object: wrap its content in { }.',
        },
      ],
    });
  });

  it.each([
    'Rules.json',
    'rules.JSON',
    'rules',
    'rules.yaml',
    '1rules.json',
    'my rules.json',
    'sub/rules.json',
  ])('refuses the file name %s', (name) => {
    const check = validateRelease({ [name]: { rules: [] } });
    expect(check).toEqual({
      ok: false,
      violations: [
        {
          file: name,
          pointer: '',
          message: 'A release file is named in lowercase and ends in .json, such as rules.json: rename it.',
        },
      ],
    });
  });

  it('accepts lowercase names with digits, dashes and underscores', () => {
    expect(validateRelease({ 'rules-2.json': {}, 'query_rules.json': {}, 'a.json': {} }).ok).toBe(true);
  });

  it('reports a bad name and a non-object content of the same file', () => {
    const check = validateRelease({ 'Ranking.json': [] });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.violations).toHaveLength(2);
    expect(check.violations.every((v) => v.file === 'Ranking.json' && v.pointer === '')).toBe(true);
  });

  it('refuses a release with no files, pointing at /files', () => {
    expect(validateRelease({})).toEqual({
      ok: false,
      violations: [
        { pointer: '/files', message: 'A release needs at least one file: add one, such as ranking.json.' },
      ],
    });
  });

  it('keeps a member named "__proto__" in a file that came from JSON', () => {
    const parsed = JSON.parse('{"ranking.json":{"__proto__":{"boost":5},"weights":{}}}') as Record<
      string,
      unknown
    >;
    const check = validateRelease(parsed);
    const plain = validateRelease({ 'ranking.json': { weights: {} } });
    expect(check.ok && plain.ok).toBe(true);
    if (!check.ok || !plain.ok) return;
    expect(Object.keys(check.release.files['ranking.json'] ?? {})).toEqual(['__proto__', 'weights']);
    expect(check.release.id).not.toBe(plain.release.id);
  });
});
