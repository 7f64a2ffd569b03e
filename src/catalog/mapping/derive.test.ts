import { describe, expect, it } from 'vitest';
import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { deriveFiles, type ProductStats } from './derive.js';
import type { AttributePlan } from './plan.js';

const plan = (code: string, type: AttributePlan['type']): AttributePlan => ({
  code,
  label: code,
  type,
  sources: [`attr_${code}`],
  sentence: `Typed ${type}.`,
});

const stats: ProductStats = {
  products: 100,
  fields: new Map([
    ['title', 100],
    ['price', 100],
  ]),
  attributes: new Map([
    ['color', { products: 60, values: new Set(['Red', 'Blue']) }],
    ['adapter_type', { products: 2, values: new Set(['Mouse', 'Keyboard']) }],
    ['usb_hub', { products: 3, values: new Set(['true']) }],
    ['material', { products: 5, values: new Set(['Felt']) }],
  ]),
};
const files = deriveFiles(
  [
    plan('color', 'option'),
    plan('adapter_type', 'option'),
    plan('usb_hub', 'boolean'),
    plan('material', 'text'),
  ],
  new Set(),
  stats,
  { products: 100, variants: 0, categories: 0, brands: 0 },
);
const file = (name: string) => files.find((one) => one.name === name)!;

describe('deriveFiles', () => {
  it('makes a filter only of an attribute a good share of the products carry, and says why the others are not', () => {
    const { content, reasons } = file('attributes.json');
    const attributes = (content as AttributesFile).attributes;
    expect(attributes.find((attribute) => attribute.code === 'color')).not.toHaveProperty('filterable');
    expect(attributes.find((attribute) => attribute.code === 'adapter_type')?.filterable).toBe(false);
    expect(attributes.find((attribute) => attribute.code === 'usb_hub')?.filterable).toBe(false);
    // A text attribute is no filter anyway.
    expect(attributes.find((attribute) => attribute.code === 'material')).not.toHaveProperty('filterable');
    expect(reasons.find((reason) => reason.pointer === '/attributes/1/filterable')?.sentence).toMatch(
      /^Not a filter: only 2% of products carry it/,
    );
  });
});
