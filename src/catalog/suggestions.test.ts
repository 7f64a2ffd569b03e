import { describe, expect, it } from 'vitest';
import { readExport } from './read-export.js';
import { applySuggestions, type ModelSuggestion, suggestionInput } from './suggestions.js';

/** Icecat-like text attributes under one prefix: enough of them that the mapping writes one pattern. */
const DETAILS = ['material', 'finish', 'style', 'shape', 'base', 'shade', 'cable', 'switch', 'bulb', 'mount'];
const csv = Buffer.from(
  [
    ['sku', 'Titel', 'Farbe', ...DETAILS.map((name) => `attr_t_${name}`)].join(','),
    ...Array.from({ length: 8 }, (_, i) =>
      [`S${i}`, `Lamp ${i}`, i % 2 ? 'Red' : 'Blue', ...DETAILS.map((name) => `${name} ${i % 3}`)].join(','),
    ),
  ].join('\n'),
);

describe('applySuggestions', () => {
  it('takes near-certain suggestions for columns the rules could not place, ahead of any pattern', async () => {
    const read = await readExport(csv);
    expect(read.mapping.columns?.some((entry) => entry.column === 'attr_t_*')).toBe(true);
    const suggestions = new Map<string, ModelSuggestion>([
      [
        'Farbe',
        { destination: 'attributes.color', attribute: { code: 'color', type: 'option' }, probability: 0.95 },
      ],
      ['attr_t_finish', { destination: 'ignore', probability: 0.92 }],
      ['attr_t_material', { destination: 'attributes.fabric', probability: 0.5 }],
      ['sku', { destination: 'title', probability: 0.99 }],
    ]);
    const { columns, mapping, attributes } = applySuggestions(read, suggestions, 0.9);
    const taken = Object.fromEntries(columns.map((column) => [column.name, column.taken]));
    // sku is an id by a known name: the rules were certain, whatever the model says.
    expect(taken).toMatchObject({
      sku: false,
      Titel: false,
      Farbe: true,
      attr_t_material: false,
      attr_t_finish: true,
    });
    expect(Object.values(taken).filter(Boolean)).toHaveLength(2);
    expect(mapping.columns?.slice(0, 2)).toEqual([
      { column: 'Farbe', to: 'attributes.color' },
      { column: 'attr_t_finish', to: 'ignore' },
    ]);
    const codes = attributes.attributes.map((attribute) => attribute.code);
    expect(codes).toContain('color');
    expect(codes).not.toContain('farbe');
    expect(attributes.attributes.find((attribute) => attribute.code === 'color')).toEqual({
      code: 'color',
      label: 'Color',
      type: 'option',
      sources: ['Farbe'],
    });
    const again = await readExport(csv, { feed: mapping, attributes });
    const placed = Object.fromEntries(again.columns.map((column) => [column.name, column.destination]));
    expect(placed).toMatchObject({ Farbe: 'attributes.color', attr_t_finish: 'ignore', sku: 'id' });
  });

  it('shows the model column names with at most five values and the release attribute codes', async () => {
    const read = await readExport(csv);
    const input = suggestionInput(read, { attributes: [{ code: 'color', label: 'Color', type: 'option' }] });
    expect(input.attributeCodes).toEqual(['color']);
    expect(input.columns.map((column) => column.name)).toEqual(read.columns.map((column) => column.name));
    for (const column of input.columns) expect(column.samples.length).toBeLessThanOrEqual(5);
  });
});
