import { describe, expect, it } from 'vitest';
import type { AttributesFile } from '../../contracts/release-files/attributes.js';
import { readExport } from '../read-export.js';
import { column, derivedRelease, productsOf } from '../testing/checks.js';

const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

describe('columns mapped without feed.json', () => {
  it('names attributes from a sibling column and types each name by its values', async () => {
    const read = await readExport(
      csv([
        'SKU,Name,Attribute 1 name,Attribute 1 value(s),Attribute 2 name,Attribute 2 value(s)',
        'A1,Kettle,Weight,1.2 kg,Colour,Red',
        'A2,Toaster,Weight,900 g,Colour,Black',
        'A3,Mixer,Weight,2 kg,,',
      ]),
    );
    expect(column(read, 'Attribute 1 name')).toMatchObject({
      destination: 'attribute_names',
      reason: { code: 'names_column' },
    });
    expect(column(read, 'Attribute 1 value(s)')).toMatchObject({
      destination: 'attribute_values',
      reason: { code: 'names_in_sibling' },
    });
    expect(productsOf(read).map((product) => product.attributes)).toEqual([
      { weight: 1.2, colour: 'Red' },
      { weight: 0.9, colour: 'Black' },
      { weight: 2 },
    ]);
    const attributes = derivedRelease(read)['attributes.json'] as AttributesFile;
    expect(attributes.attributes).toEqual([
      { code: 'weight', label: 'Weight', type: 'quantity', unit: 'kg', sources: ['Attribute 1 value(s)'] },
      { code: 'colour', label: 'Colour', type: 'option', sources: ['Attribute 2 value(s)'] },
    ]);
  });

  it('leaves out values whose names column is empty, and says why', async () => {
    const read = await readExport(csv(['id,title,Option1 Name,Option1 Value', '1,Cap,,Red', '2,Hat,,Blue']));
    expect(column(read, 'Option1 Value')).toMatchObject({
      destination: 'ignore',
      reason: { code: 'names_missing' },
    });
    expect(column(read, 'Option1 Name').reason.code).toBe('empty');
  });

  it('reads cells of name and value pairs, in text and in JSON', async () => {
    const text = await readExport(
      csv(['id,title,specs', '1,Cap,"Color: Red; Size: M"', '2,Hat,"Color: Blue; Size: L; Weight: 80 g"']),
    );
    expect(column(text, 'specs')).toMatchObject({
      destination: 'attribute_pairs',
      reason: { code: 'name_value_pairs' },
    });
    expect(productsOf(text)[1]?.attributes).toEqual({ color: 'Blue', size: 'L', weight: 80 });
    const json = await readExport(
      Buffer.from(
        JSON.stringify([
          { id: 1, name: 'Cap', properties: [{ name: 'Fabric', value: 'Wool' }] },
          { id: 2, name: 'Hat', properties: [{ name: 'Fabric', value: 'Felt' }] },
        ]),
      ),
    );
    expect(productsOf(json).map((product) => product.attributes)).toEqual([
      { fabric: 'Wool' },
      { fabric: 'Felt' },
    ]);
  });

  it('leaves out shipping, tax, ads and bookkeeping, and never a purchase cost', async () => {
    const read = await readExport(
      csv([
        'id,title,shipping_weight,tax_class,custom_label_0,cost_price,status',
        '1,Cap,0.2,standard,summer,3.10,active',
        '2,Hat,0.3,standard,summer,4.10,draft',
      ]),
    );
    const reasons = Object.fromEntries(
      read.columns.map((each) => [each.name, [each.destination, each.reason.code]]),
    );
    expect(reasons).toMatchObject({
      shipping_weight: ['ignore', 'shipping_tax_ads'],
      tax_class: ['ignore', 'shipping_tax_ads'],
      custom_label_0: ['ignore', 'shipping_tax_ads'],
      cost_price: ['ignore', 'alias'],
      status: ['status', 'alias'],
    });
    expect(column(read, 'cost_price').reason.sentence).toContain('shoppers must never see');
    expect(productsOf(read)).toEqual([{ type: 'product', id: '1', title: 'Cap' }]);
    expect(read.rejected[0]).toMatchObject({
      rows: 1,
      cause: 'The export marks the row as not for sale ("draft" in "status": a draft, archived or disabled).',
    });
  });

  it('takes attributes.json attributes by code, label or source column, with their types', async () => {
    const attributes: AttributesFile = {
      attributes: [
        {
          code: 'screen_size',
          label: { en: 'Screen size', de: 'Bildschirmgröße' },
          type: 'quantity',
          unit: 'in',
        },
        { code: 'gtin', label: 'GTIN', type: 'identifier', sources: ['EAN code'] },
      ],
    };
    const read = await readExport(
      csv(['id,title,Bildschirmgröße,EAN code', '1,TV,55,4006381333931', '2,Monitor,27 in,4006381333948']),
      {
        attributes,
      },
    );
    expect(column(read, 'Bildschirmgröße')).toMatchObject({
      destination: 'attributes.screen_size',
      reason: { code: 'attribute' },
    });
    expect(column(read, 'Bildschirmgröße').reason.sentence).toContain('label');
    expect(column(read, 'EAN code').reason.sentence).toContain('source column');
    expect(productsOf(read).map((product) => product.attributes)).toEqual([
      { screen_size: 55, gtin: '4006381333931' },
      { screen_size: 27, gtin: '4006381333948' },
    ]);
  });

  it('tells entity types from product types in a "type" column', async () => {
    const types = await readExport(csv(['type,id,title', 'product,1,Cap', 'product,2,Hat']));
    expect(column(types, 'type').destination).toBe('type');
    const kinds = await readExport(csv(['type,id,title', 'Hats & Caps,1,Cap', 'Hats & Caps,2,Hat']));
    expect(column(kinds, 'type').destination).toBe('categories');
    expect(productsOf(kinds)[0]?.categories).toEqual(['hats-and-caps']);
  });

  it('decides a price pair by the values when the names do not', async () => {
    // Both are names of a regular price: the values show which one is reduced.
    const read = await readExport(
      csv(['id,title,price,old_price', '1,Cap,10,12', '2,Hat,15,15', '3,Scarf,8,9.5']),
    );
    expect(column(read, 'old_price')).toMatchObject({ destination: 'price', reason: { code: 'price_pair' } });
    expect(column(read, 'price')).toMatchObject({
      destination: 'sale_price',
      reason: { code: 'price_pair' },
    });
    expect(productsOf(read).map((product) => [product.price, product.sale_price])).toEqual([
      [12, 10],
      [15, undefined],
      [9.5, 8],
    ]);
  });

  it('names products after their titles when no column holds ids', async () => {
    const read = await readExport(csv(['title,price', 'Red Cap,10', 'Red Cap,11', ',12']));
    expect(productsOf(read).map((product) => product.id)).toEqual(['red-cap', 'red-cap-2']);
    expect(read.rejected).toMatchObject([
      { cause: 'The row has no title to name the product by.', rows: 1, row_numbers: [4] },
    ]);
  });

  it('makes attributes of a namespace, named after the rest of their column names', async () => {
    const names = Array.from(
      { length: 12 },
      (_, n) =>
        `spec_${['width', 'height', 'depth', 'colour', 'finish', 'glass', 'frame', 'legs', 'seat', 'arms', 'back', 'base'][n]}`,
    );
    const read = await readExport(
      csv([`id,title,${names.join(',')}`, `1,Chair,${names.map((_, n) => n).join(',')}`]),
    );
    expect(productsOf(read)[0]?.attributes).toMatchObject({ width: 0, base: 11 });
    expect(read.mapping.columns?.at(-1)).toEqual({ column: 'spec_*', to: 'attributes.*' });
  });
});
