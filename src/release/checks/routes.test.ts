import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

const FILE = 'routes.json';

describe('routes.json filter pages', () => {
  it('refuses a field that cannot filter', () => {
    const files = fashionShop();
    files['routes.json'].filter_pages!.push(['brand', 'material']);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/filter_pages/3/1',
        message:
          '"material" is a text attribute, and text is never a filter: use one of "category", "brand", "price", "on_sale", "availability", "delivery_days", "rating", "color", "size", "organic", "weight", "inseam", "release_date".',
      },
    ]);
  });

  it('refuses a field named twice in one combination', () => {
    const files = fashionShop();
    files['routes.json'].filter_pages!.push(['size', 'size']);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/filter_pages/3/1',
        message: '"size" is named twice in this combination: name each field once.',
      },
    ]);
  });

  it('refuses a combination listed twice, in any order', () => {
    const files = fashionShop();
    files['routes.json'].filter_pages!.push(['color', 'brand']);
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/filter_pages/3',
        message: 'The combination ["color","brand"] is listed before: list each combination once.',
      },
    ]);
  });
});

describe('routes.json legacy URLs', () => {
  it('refuses an old URL listed twice', () => {
    const files = fashionShop();
    files['routes.json'].legacy!.push({ from: '/old-sale', gone: true });
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/4/from',
        message: '"/old-sale" is listed before: list each old URL once.',
      },
    ]);
  });

  it('refuses an old URL both moved and gone', () => {
    const files = fashionShop();
    files['routes.json'].legacy![0]!.gone = true;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/0',
        message:
          '"/old-sale" is both moved (to "/sale") and gone: keep to for a redirect, or gone for a 410.',
      },
    ]);
  });

  it('refuses an old URL neither moved nor gone', () => {
    const files = fashionShop();
    files['routes.json'].legacy![2]!.gone = false;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/2',
        message: '"/winter-2019" is neither moved nor gone: add to with its new place, or gone: true.',
      },
    ]);
  });

  it('refuses an old URL that leads to itself', () => {
    const files = fashionShop();
    files['routes.json'].legacy![0]!.to = '/old-sale';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/0/to',
        message: '"/old-sale" would redirect to itself: send it elsewhere, or mark it gone.',
      },
    ]);
  });

  it('refuses old URLs that lead back to themselves through each other, and accepts a chain that ends', () => {
    const files = fashionShop();
    files['routes.json'].legacy = [
      { from: '/a', to: '/b' },
      { from: '/b', to: '/c' },
      { from: '/c', to: '/a' },
      { from: '/d', to: '/a' },
      { from: '/e', to: '/f' },
      { from: '/f', to: '/g' },
    ];
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/0/to',
        message: '"/a" leads back to itself through "/b", "/c": send one of them elsewhere, or mark it gone.',
      },
      {
        file: FILE,
        pointer: '/legacy/1/to',
        message: '"/b" leads back to itself through "/c", "/a": send one of them elsewhere, or mark it gone.',
      },
      {
        file: FILE,
        pointer: '/legacy/2/to',
        message: '"/c" leads back to itself through "/a", "/b": send one of them elsewhere, or mark it gone.',
      },
    ]);
  });

  it('refuses an old URL moved to an entity of a type types.json does not define', () => {
    const files = fashionShop();
    files['routes.json'].legacy![1]!.to = 'item:sku-1001';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/legacy/1/to',
        message:
          '"item:sku-1001" is of type "item", which types.json does not define: name an entity of "product", "category", "brand", "guide", a path or an https URL.',
      },
    ]);
  });
});

describe('routes.json paths and parameters', () => {
  it('refuses a brand path without {brand}', () => {
    const files = fashionShop();
    files['routes.json'].brands = { path: { en: '/brands/{brand}', de: '/marken' } };
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/brands/path/de',
        message:
          'The brand path "/marken" has no {brand} where the brand id goes: write it as "/brands/{brand}" or similar.',
      },
    ]);
  });

  it('refuses two URL parameters of one name', () => {
    const files = fashionShop();
    files['routes.json'].parameters!.sort = 'page';
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/parameters/sort',
        message: 'The URL parameter "page" would carry both the page and the sort: give each its own name.',
      },
    ]);
  });

  it('counts a parameter left at its default, pointing at the one written', () => {
    const files = fashionShop();
    files['routes.json'].search!.query_parameter = 'page';
    delete files['routes.json'].parameters;
    expect(violationsOf(files)).toEqual([
      {
        file: FILE,
        pointer: '/search/query_parameter',
        message:
          'The URL parameter "page" would carry both the search query and the page: give each its own name.',
      },
    ]);
  });
});
