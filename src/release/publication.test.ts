import { describe, expect, it } from 'vitest';
import { decidePublication } from './publication.js';

describe('decidePublication', () => {
  const live = {
    snapshot: 's1',
    files: {
      'attributes.json': { $schema: 'http://127.0.0.1:8090/schemas/attributes.json', attributes: [] },
      'rules.json': { rules: [] },
    },
  };

  it('takes a file that differs only in $schema, an editor hint, as unchanged', () => {
    const target = {
      snapshot: 's1',
      files: {
        ...live.files,
        'attributes.json': { $schema: 'http://127.0.0.1:41234/schemas/attributes.json', attributes: [] },
      },
    };
    expect(decidePublication(target, live)).toMatchObject({ way: 'switch', changed: [] });
  });

  it('rebuilds when a file the indexes are built from changes', () => {
    const target = {
      snapshot: 's1',
      files: { ...live.files, 'attributes.json': { attributes: [{ code: 'color', type: 'option' }] } },
    };
    expect(decidePublication(target, live)).toMatchObject({ way: 'rebuild', changed: ['attributes.json'] });
  });
});
