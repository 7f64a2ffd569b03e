import { describe, expect, it } from 'vitest';
import { validateRelease } from './validate.js';

const rules = {
  rules: [{ id: 'no-cheap', description: 'Drop "cheap"', then: { rewrite: { remove: ['cheap'] } } }],
};
const synonyms = { dictionaries: { en: { groups: [{ words: ['tee', 't-shirt'] }] } } };

describe('validateRelease', () => {
  it('accepts well-formed files and gives them back with keys sorted at every depth', () => {
    const check = validateRelease({ 'synonyms.json': synonyms, 'rules.json': rules });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.release.id).toMatch(/^rl_[0-9a-f]{32}$/);
    expect(JSON.stringify(check.release.files)).toBe(
      '{"rules.json":{"rules":[{"description":"Drop \\"cheap\\"","id":"no-cheap","then":{"rewrite":{"remove":["cheap"]}}}]},' +
        '"synonyms.json":{"dictionaries":{"en":{"groups":[{"words":["tee","t-shirt"]}]}}}}',
    );
  });

  it('names the same files in another key order with the same id, and other content with another', () => {
    const one = validateRelease({ 'rules.json': rules, 'synonyms.json': synonyms });
    const reordered = validateRelease({
      'synonyms.json': synonyms,
      'rules.json': {
        rules: [{ then: { rewrite: { remove: ['cheap'] } }, description: 'Drop "cheap"', id: 'no-cheap' }],
      },
    });
    const other = validateRelease({ 'rules.json': rules });
    expect(one.ok && reordered.ok && other.ok).toBe(true);
    if (!one.ok || !reordered.ok || !other.ok) return;
    expect(reordered.release.id).toBe(one.release.id);
    expect(other.release.id).not.toBe(one.release.id);
  });

  it('keeps $schema as written', () => {
    const check = validateRelease({ 'rules.json': { $schema: './schemas/rules.json', rules: [] } });
    expect(check.ok && check.release.files['rules.json']?.$schema).toBe('./schemas/rules.json');
  });

  it('does not change the files it is given', () => {
    const files = { 'synonyms.json': { dictionaries: { en: { never: [{ words: ['b', 'a'] }] } } } };
    validateRelease(files);
    expect(Object.keys(files['synonyms.json'].dictionaries.en)).toEqual(['never']);
  });

  it.each([
    ['an array', [1, 2]],
    ['text of an array', '[1, 2]'],
    ['a number', 3],
    ['null', null],
  ])('refuses a file that is %s, pointing at the whole file', (_kind, content) => {
    expect(validateRelease({ 'synonyms.json': synonyms, 'rules.json': content })).toEqual({
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

  it('reads a file sent as text as JSON, and names the release as if it were sent as an object', () => {
    const object = validateRelease({ 'rules.json': { rules: [] }, 'synonyms.json': synonyms });
    const text = validateRelease({ 'rules.json': '{ "rules": [] }\n', 'synonyms.json': synonyms });
    expect(text).toEqual(object);
    expect(text.ok && text.release.files['rules.json']).toEqual({ rules: [] });
  });

  it('refuses text that is not JSON, saying where reading stopped', () => {
    const check = validateRelease({ 'rules.json': 'rules: []' });
    expect(check).toEqual({
      ok: false,
      violations: [
        {
          file: 'rules.json',
          pointer: '',
          message: expect.stringMatching(
            /^The file is text that is not JSON \(Unexpected token.*\): send it as a JSON object/,
          ),
        },
      ],
    });
  });

  it.each(['Rules.json', 'rules', 'rules.yaml', 'prices.json'])(
    'refuses a file aisle does not read: %s',
    (name) => {
      const check = validateRelease({ [name]: { rules: [] } });
      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.violations).toEqual([
        { file: name, pointer: '', message: expect.stringContaining('rules.json') },
      ]);
      expect(check.violations[0]!.message).toContain(`aisle reads no file named ${name}`);
    },
  );

  it('reports schema mistakes by file and pointer before anything across files', () => {
    const check = validateRelease({
      'rules.json': { rules: [{ id: 'x', description: 'y', then: {} }] },
      'attributes.json': { attributes: [{ code: 'brand', label: 'Brand', type: 'text' }] },
    });
    expect(check).toEqual({
      ok: false,
      violations: [
        { file: 'rules.json', pointer: '/rules/0/then', message: 'Must not be empty: add a member.' },
      ],
    });
  });

  it('refuses a release with no files, pointing at /files', () => {
    expect(validateRelease({})).toEqual({
      ok: false,
      violations: [
        { pointer: '/files', message: 'A release needs at least one file: add one, such as rules.json.' },
      ],
    });
  });
});
