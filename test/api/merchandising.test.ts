import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../src/contracts/catalog-entity.js';
import { fixedClock } from '../../src/lib/clock.js';
import { toJsonLines } from '../support/catalog.js';
import type { Answer } from '../support/http.js';
import { startTestStack, type TestStack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

/**
 * What shoppers and merchandisers see of rules through POST /v1/search, on a small electronics and
 * kitchen shop: headphones, speakers, televisions, kettles, and guides beside them. Products rank
 * by their sales when nothing else decides. The rules pin, sponsor, hide, boost and bury, filter,
 * redirect, place banners and order sections; a few act only for the `members` segment, so the
 * same page can be compared with and without them. The stack's clock is fixed.
 */

const category = (id: string, title: string, path: string, parent?: string): CatalogEntity => ({
  type: 'category',
  id,
  title,
  path,
  ...(parent !== undefined ? { parent } : {}),
});

interface Item {
  id: string;
  title: string;
  brand: string;
  category: string;
  price: number;
  sales: number;
  color: string;
  material?: string;
  availability?: 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';
  description?: string;
  retired?: boolean;
}

const product = (item: Item): CatalogEntity => ({
  type: 'product',
  id: item.id,
  title: item.title,
  url: `/p/${item.id}`,
  brand: item.brand,
  categories: [item.category],
  ...(item.description !== undefined ? { description: item.description } : {}),
  attributes: {
    color: item.color,
    ...(item.material !== undefined ? { material: item.material } : {}),
    ...(item.retired === true ? { retired: true } : {}),
  },
  signals: { sales: item.sales },
  price: item.price,
  currency: 'EUR',
  availability: item.availability ?? 'in_stock',
});

const items: Item[] = [
  // Headphones; in order of sales: the retired classic would lead, then studio, air, sport, ...
  {
    id: 'hp-vex-classic',
    title: 'Vexa Classic Headphones',
    brand: 'Vexa',
    category: 'headphones',
    price: 69,
    sales: 99,
    color: 'Black',
    material: 'plastic',
    retired: true,
  },
  {
    id: 'hp-aur-studio',
    title: 'Auralis Studio Headphones',
    brand: 'Auralis',
    category: 'headphones',
    price: 249,
    sales: 98,
    color: 'Black',
    material: 'leather',
    description: 'Closed-back over-ear headphones with a brushed steel headband.',
  },
  {
    id: 'hp-son-air',
    title: 'Sonora Air Wireless Headphones',
    brand: 'Sonora',
    category: 'headphones',
    price: 179,
    sales: 95,
    color: 'Black',
    material: 'plastic',
  },
  {
    id: 'hp-vex-sport',
    title: 'Vexa Sport Headphones',
    brand: 'Vexa',
    category: 'headphones',
    price: 59,
    sales: 90,
    color: 'Red',
    material: 'mesh',
  },
  {
    id: 'hp-aur-travel',
    title: 'Auralis Travel Headphones',
    brand: 'Auralis',
    category: 'headphones',
    price: 129,
    sales: 85,
    color: 'Silver',
    material: 'plastic',
  },
  {
    id: 'hp-vex-kids',
    title: 'Vexa Kids Headphones',
    brand: 'Vexa',
    category: 'headphones',
    price: 29,
    sales: 70,
    color: 'Red',
    material: 'plastic',
  },
  {
    id: 'hp-son-studio',
    title: 'Sonora Studio Monitor Headphones',
    brand: 'Sonora',
    category: 'headphones',
    price: 199,
    sales: 60,
    color: 'Black',
    material: 'leather',
    description: 'Leather ear cushions; a vegan cushion set is sold separately.',
  },
  {
    id: 'hp-aur-eco',
    title: 'Auralis Eco Headphones',
    brand: 'Auralis',
    category: 'headphones',
    price: 99,
    sales: 50,
    color: 'White',
    material: 'vegan leather',
    description: 'Ear cushions of vegan leather.',
  },
  {
    id: 'hp-son-buds',
    title: 'Sonora Buds Earbuds',
    brand: 'Sonora',
    category: 'headphones',
    price: 89,
    sales: 40,
    color: 'White',
    material: 'plastic',
  },
  // Speakers.
  {
    id: 'spk-aur-home',
    title: 'Auralis Home Speaker',
    brand: 'Auralis',
    category: 'speakers',
    price: 199,
    sales: 78,
    color: 'Black',
  },
  {
    id: 'spk-vex-mini',
    title: 'Vexa Mini Speaker',
    brand: 'Vexa',
    category: 'speakers',
    price: 39,
    sales: 68,
    color: 'Red',
  },
  {
    id: 'spk-son-boom',
    title: 'Sonora Boom Speaker',
    brand: 'Sonora',
    category: 'speakers',
    price: 129,
    sales: 45,
    color: 'Silver',
  },
  // Televisions.
  {
    id: 'tv-vex-55',
    title: 'Vexa 55 inch 4K Smart TV',
    brand: 'Vexa',
    category: 'televisions',
    price: 499,
    sales: 93,
    color: 'Black',
  },
  {
    id: 'tv-aur-65',
    title: 'Auralis 65 inch OLED Smart TV',
    brand: 'Auralis',
    category: 'televisions',
    price: 1299,
    sales: 92,
    color: 'Black',
    availability: 'backorder',
  },
  {
    id: 'tv-son-50',
    title: 'Sonora 50 inch 4K Smart TV',
    brand: 'Sonora',
    category: 'televisions',
    price: 449,
    sales: 88,
    color: 'Silver',
  },
  {
    id: 'tv-vex-75',
    title: 'Vexa 75 inch QLED Smart TV',
    brand: 'Vexa',
    category: 'televisions',
    price: 999,
    sales: 87,
    color: 'Black',
    availability: 'preorder',
  },
  {
    id: 'tv-son-43',
    title: 'Sonora 43 inch Smart TV',
    brand: 'Sonora',
    category: 'televisions',
    price: 329,
    sales: 55,
    color: 'Black',
  },
  // Kettles.
  {
    id: 'kt-ter-rc9',
    title: 'Terrazo RC-9 Kettle',
    brand: 'Terrazo',
    category: 'kettles',
    price: 55,
    sales: 97,
    color: 'Red',
    material: 'steel',
  },
  {
    id: 'kt-hom-retro',
    title: 'Homely Retro Kettle',
    brand: 'Homely',
    category: 'kettles',
    price: 39,
    sales: 96,
    color: 'Red',
    material: 'steel',
    retired: true,
  },
  {
    id: 'kt-hom-classic',
    title: 'Homely Classic Kettle 1.7 l',
    brand: 'Homely',
    category: 'kettles',
    price: 35,
    sales: 80,
    color: 'Silver',
    material: 'steel',
  },
  {
    id: 'kt-hom-glass',
    title: 'Homely Glass Kettle',
    brand: 'Homely',
    category: 'kettles',
    price: 45,
    sales: 75,
    color: 'White',
    material: 'glass',
  },
  {
    id: 'kt-vex-rapid',
    title: 'Vexa Rapid Kettle',
    brand: 'Vexa',
    category: 'kettles',
    price: 29,
    sales: 65,
    color: 'Black',
    material: 'plastic',
  },
];

const guide = (id: string, title: string, body: string, retired = false): CatalogEntity => ({
  type: 'guide',
  id,
  title,
  url: `/guides/${id}`,
  body,
  ...(retired ? { attributes: { retired: true } } : {}),
});

const catalog: CatalogEntity[] = [
  category('audio', 'Audio', '/audio'),
  category('headphones', 'Headphones', '/audio/headphones', 'audio'),
  category('speakers', 'Speakers', '/audio/speakers', 'audio'),
  category('televisions', 'Televisions', '/televisions'),
  category('kitchen', 'Kitchen', '/kitchen'),
  category('kettles', 'Kettles', '/kitchen/kettles', 'kitchen'),
  ...['Auralis', 'Sonora', 'Vexa', 'Homely', 'Terrazo'].map(
    (title): CatalogEntity => ({ type: 'brand', id: title.toLowerCase(), title }),
  ),
  ...items.map(product),
  guide(
    'descale-kettle',
    'How to descale a kettle',
    'Vinegar or citric acid removes limescale from a kettle.',
  ),
  guide('rc9-manual', 'Terrazo RC-9 kettle manual', 'Filling, boiling and cleaning your RC-9 kettle.'),
  guide('retro-kettle-care', 'Caring for your Retro kettle', 'Keep the enamel of the kettle bright.', true),
  guide('choose-headphones', 'How to choose headphones', 'Over-ear, on-ear or earbuds: what suits you.'),
  // More guides about one thing than a section beside the listed one shows.
  ...['bedroom', 'office', 'nursery', 'studio', 'hallway', 'attic'].map((room) =>
    guide(`soundproof-${room}`, `Soundproofing the ${room}`, `Quiet walls and doors for the ${room}.`),
  ),
];

const rules = [
  {
    id: 'redirect-returns',
    description: 'Shoppers asking about returns go to the returns help page.',
    when: { on: 'search', query: { is: ['returns', 'refund'] } },
    then: { redirect: { url: '/help/returns' } },
  },
  {
    id: 'filter-vegan',
    description: 'A search for "vegan" lists only products of vegan materials.',
    when: { on: ['search', 'autocomplete'], query: { contains: 'vegan' } },
    then: { filter: { type: 'product', where: { material: ['vegan leather', 'mesh'] } } },
  },
  {
    id: 'pin-headphones',
    description: 'Headphones page: our studio pick first, the eco pick at 5, the Sonora Buds campaign at 3.',
    when: { on: 'category_page', category: { is: 'headphones' } },
    then: {
      pin: [
        { entity: 'product:hp-son-studio', position: 1 },
        { entity: 'product:hp-son-buds', position: 3, sponsored: { campaign: 'sonora-buds-launch' } },
        { entity: 'product:hp-aur-eco', position: 5 },
      ],
    },
  },
  {
    id: 'audio-week-speaker',
    description: 'Audio week: the Sonora Boom speaker is sponsored at 2 on every audio page.',
    when: { on: 'category_page', category: { within: 'audio' } },
    then: {
      pin: [
        { entity: 'product:spk-son-boom', position: 2, sponsored: { campaign: 'sonora-boom-audio-week' } },
      ],
    },
  },
  {
    id: 'members-picks',
    description: 'Members see the travel headphones first and the kids headphones at 5.',
    when: { on: 'category_page', category: { is: 'headphones' }, context: { segment: 'members' } },
    then: {
      pin: [
        { entity: 'product:hp-aur-travel', position: 1 },
        { entity: 'product:hp-vex-kids', position: 5 },
      ],
    },
  },
  {
    id: 'kettle-picks',
    description: 'Kettles page: the Terrazo and Retro kettles first, the Rapid kettle at 3.',
    when: { on: 'category_page', category: { is: 'kettles' } },
    then: {
      pin: [
        { entity: 'product:kt-ter-rc9', position: 1 },
        { entity: 'product:kt-hom-retro', position: 2 },
        { entity: 'product:kt-vex-rapid', position: 3 },
      ],
    },
  },
  {
    id: 'tv-partner-brand',
    description: 'Televisions: our partner brand Sonora up, TVs we cannot ship soon down.',
    when: {
      on: ['search', 'category_page'],
      any: [{ resolved: { category: 'televisions' } }, { category: { within: 'televisions' } }],
    },
    then: {
      boost: [{ where: { brand: 'Sonora' }, strength: 'medium' }],
      bury: [{ where: { availability: ['backorder', 'preorder'] }, type: 'product', strength: 'slight' }],
    },
  },
  {
    id: 'members-kitchen-week',
    description: 'Members kitchen week: a banner above, a card among the tiles, a banner below.',
    when: { context: { segment: 'members' } },
    then: {
      place: [
        { slot: 'top', kind: 'banner', title: 'Members kitchen week', link: '/members' },
        { slot: 'grid', position: 2, kind: 'card', title: 'Free descaling tablets' },
        { slot: 'bottom', kind: 'banner', title: 'Members save 10 % at checkout' },
      ],
    },
  },
  {
    id: 'autocomplete-sections',
    description: 'While typing, categories and brands come before products.',
    when: { on: 'autocomplete' },
    then: { sections: ['category', 'brand', 'product'] },
  },
  {
    id: 'hide-recalled',
    description: 'The recalled Terrazo RC-9 kettle and its manual are off every page.',
    then: { hide: [{ entities: ['product:kt-ter-rc9', 'guide:rc9-manual'] }] },
  },
  {
    id: 'hide-retired',
    description: 'Retired products and guides are off every page.',
    then: { hide: [{ where: { retired: true } }] },
  },
];

const release: Record<string, unknown> = {
  'channels.json': {
    channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }],
    context: [{ key: 'segment', values: ['members'] }],
  },
  'types.json': {
    types: [
      {
        code: 'product',
        label: 'Products',
        offers: true,
        search: {
          fields: [
            { field: 'title', weight: 10 },
            { field: 'brand', weight: 8 },
            { field: 'attributes.color', weight: 4 },
            { field: 'attributes.material', weight: 3 },
            { field: 'description', weight: 1 },
          ],
        },
        result_fields: ['title', 'url', 'brand', 'price', 'currency', 'availability', 'attributes.color'],
      },
      { code: 'category', label: 'Categories', result_fields: ['title', 'url'] },
      { code: 'brand', label: 'Brands', result_fields: ['title'] },
      {
        code: 'guide',
        label: 'Guides',
        search: {
          fields: [
            { field: 'title', weight: 10 },
            { field: 'body', weight: 1 },
          ],
        },
        result_fields: ['title', 'url'],
      },
    ],
  },
  'attributes.json': {
    attributes: [
      {
        code: 'color',
        label: 'Color',
        type: 'option',
        options: ['Black', 'White', 'Red', 'Silver'].map((value) => ({ value })),
      },
      {
        code: 'material',
        label: 'Material',
        type: 'option',
        options: ['leather', 'vegan leather', 'mesh', 'plastic', 'steel', 'glass'].map((value) => ({
          value,
        })),
      },
      { code: 'retired', label: 'Retired', type: 'boolean' },
    ],
  },
  'categories.json': {
    default: {
      facets: [
        { field: 'category', kind: 'hierarchical' },
        'brand',
        'color',
        { field: 'price', kind: 'range' },
      ],
      sort: { default: 'relevance', options: ['relevance', 'price_asc', 'price_desc'] },
    },
    nodes: [],
  },
  'ranking.json': {
    signals: [{ code: 'sales', direction: 'higher_is_better', normalize: 'percentile' }],
    weights: { product: { sales: 1 } },
    strengths: {
      boost: { slight: 1.2, medium: 1.5, strong: 2.5 },
      bury: { slight: 0.8, medium: 0.6, strong: 0.3 },
    },
    sorts: [
      { code: 'price_asc', label: 'Price: low to high', by: 'price', direction: 'asc' },
      { code: 'price_desc', label: 'Price: high to low', by: 'price', direction: 'desc' },
    ],
    sections: ['product', 'category', 'brand', 'guide'],
  },
  'rules.json': { rules },
  // The shop's words are its own: "tv" names no televisions category through the built-in vocabulary.
  'synonyms.json': { dictionaries: {}, built_in: false },
};

let stack: TestStack;
const clock = fixedClock('2025-07-15T10:00:00Z');

async function search(body: Record<string, unknown>): Promise<Answer> {
  const response = await stack.search(body);
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

beforeAll(async () => {
  stack = await startTestStack({ clock });
  await stack.manage('PUT', '/catalog', toJsonLines(catalog));
  const stored = await stack.manage('POST', '/releases', { files: release });
  const body = await stored.json();
  expect(stored.status, JSON.stringify(body)).toBe(201);
  await stack.manage('POST', `/releases/${body.id}/publish`);
  await waitFor('the shop to be searchable', async () =>
    (await stack.search({})).status === 200 ? true : undefined,
  );
});
afterAll(async () => {
  await stack.close();
});

const HEADPHONES_PAGE = { on: 'category_page', category: 'headphones' };
const KETTLES_PAGE = { on: 'category_page', category: 'kettles' };
const TV_PAGE = { on: 'category_page', category: 'televisions' };
const MEMBERS = { context: { segment: 'members' } };

/** The products no hide removes: neither retired nor the recalled kettle. */
const onShelf = items.filter((item) => item.retired !== true && item.id !== 'kt-ter-rc9');

function sectionOf(answer: Answer, type = 'product'): Answer {
  return answer.sections.find((section: Answer) => section.type === type);
}

/** The ids of a section's hits, in order. */
function shown(answer: Answer, type = 'product'): string[] {
  return sectionOf(answer, type).hits.map((hit: Answer) => hit.entity.slice(type.length + 1));
}

function facetCounts(answer: Answer, field: string): Record<string, number> {
  const facet = sectionOf(answer).facets.find((one: Answer) => one.field === field);
  return Object.fromEntries((facet?.values ?? []).map((value: Answer) => [String(value.value), value.count]));
}

/** Brand and color counts of products in a category, from the catalog itself. */
function catalogCounts(category: string, field: 'brand' | 'color'): Record<string, number> {
  const counted: Record<string, number> = {};
  for (const item of onShelf.filter((one) => one.category === category)) {
    const value = field === 'brand' ? item.brand.toLowerCase() : item.color;
    counted[value] = (counted[value] ?? 0) + 1;
  }
  return counted;
}

/** Every page of a listing, as ids, up to the first page that shows nothing. */
async function everyPage(body: Record<string, unknown>, perPage: number): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = 1; page <= 10; page++) {
    const answer = await search({ ...body, per_page: perPage, page });
    const ids = shown(answer);
    if (ids.length === 0) break;
    pages.push(ids);
  }
  return pages;
}

function traceSteps(answer: Answer, step: string): Answer[] {
  return answer.trace.filter((entry: Answer) => entry.step === step);
}

describe('pins', () => {
  it('stand at their positions counted across pages, and a pinned product that matches is shown once', async () => {
    // By sales the page lists aur-studio, son-air, vex-sport, aur-travel, vex-kids, son-studio,
    // aur-eco, son-buds; pin-headphones puts son-studio at 1, son-buds at 3 and aur-eco at 5.
    const pages = await everyPage(HEADPHONES_PAGE, 3);
    expect(pages).toEqual([
      ['hp-son-studio', 'hp-aur-studio', 'hp-son-buds'],
      ['hp-son-air', 'hp-aur-eco', 'hp-vex-sport'],
      ['hp-aur-travel', 'hp-vex-kids'],
    ]);
    expect(new Set(pages.flat()).size).toBe(pages.flat().length);
    const page2 = await search({ ...HEADPHONES_PAGE, per_page: 3, page: 2 });
    expect(sectionOf(page2)).toMatchObject({ total: 8, reachable: 8 });
  });

  it('change neither the total nor a facet count', async () => {
    const page = await search(HEADPHONES_PAGE);
    expect(sectionOf(page).total).toBe(onShelf.filter((item) => item.category === 'headphones').length);
    expect(facetCounts(page, 'brand')).toEqual(catalogCounts('headphones', 'brand'));
    expect(facetCounts(page, 'color')).toEqual(catalogCounts('headphones', 'color'));

    // Red only: two products match; the unpaid pins stand beside them and count nowhere.
    const red = await search({ ...HEADPHONES_PAGE, filters: { color: ['Red'] } });
    expect(shown(red)).toEqual(['hp-son-studio', 'hp-vex-sport', 'hp-vex-kids', 'hp-aur-eco']);
    expect(sectionOf(red)).toMatchObject({ total: 2, reachable: 2 });
    expect(facetCounts(red, 'brand')).toEqual({ vexa: 2 });
    expect(facetCounts(red, 'color')).toEqual(catalogCounts('headphones', 'color'));
  });

  it('a sponsored pin stands only where the product meets the page and its filters, and names its campaign', async () => {
    const headphones = await search(HEADPHONES_PAGE);
    const sponsored = sectionOf(headphones).hits.filter((hit: Answer) => hit.sponsored !== undefined);
    expect(sponsored).toEqual([
      expect.objectContaining({
        entity: 'product:hp-son-buds',
        sponsored: { campaign: 'sonora-buds-launch' },
      }),
    ]);
    expect(shown(headphones).indexOf('hp-son-buds')).toBe(2);

    // The white earbuds do not meet "Red": their paid pin stands down, the unpaid ones stay.
    const red = await search({ ...HEADPHONES_PAGE, filters: { color: ['Red'] } });
    expect(shown(red)).not.toContain('hp-son-buds');
    expect(sectionOf(red).hits.some((hit: Answer) => hit.sponsored !== undefined)).toBe(false);

    // audio-week-speaker pins the Sonora Boom speaker at 2 on every audio page: it stands on the
    // audio and speakers pages, not on the headphones page, and not where the filters exclude it.
    const audio = await search({ on: 'category_page', category: 'audio' });
    expect(sectionOf(audio).hits[1]).toMatchObject({
      entity: 'product:spk-son-boom',
      sponsored: { campaign: 'sonora-boom-audio-week' },
    });
    expect(sectionOf(audio).total).toBe(11);
    const speakers = await search({ on: 'category_page', category: 'speakers' });
    expect(shown(speakers)).toEqual(['spk-aur-home', 'spk-son-boom', 'spk-vex-mini']);
    expect(shown(headphones)).not.toContain('spk-son-boom');
    expect(sectionOf(headphones).total).toBe(8);
    const auralis = await search({ on: 'category_page', category: 'audio', filters: { brand: ['auralis'] } });
    expect(shown(auralis)).toEqual(['hp-aur-studio', 'hp-aur-travel', 'spk-aur-home', 'hp-aur-eco']);
  });

  it('an unpaid pin stands whatever the filters, without a campaign', async () => {
    const red = await search({ ...HEADPHONES_PAGE, filters: { color: ['Red'] } });
    // The black studio monitors and the white eco headphones are pinned at 1 and 5: 5 lies beyond
    // the two red ones, so the eco headphones follow the last of them.
    expect(sectionOf(red).hits[0]).toEqual({
      entity: 'product:hp-son-studio',
      fields: expect.objectContaining({
        title: 'Sonora Studio Monitor Headphones',
        attributes: { color: 'Black' },
      }),
    });
    expect(shown(red).at(-1)).toBe('hp-aur-eco');
  });

  it('on a tie the higher rule keeps the slot and the lower one moves to the next free one', async () => {
    // members-picks asks for 1 and 5, which pin-headphones holds: the travel headphones move to 2,
    // the kids headphones to 6. The Boom speaker pinned at 2 by the rule in between does not stand
    // on the headphones page, so it holds no slot.
    const members = await search({ ...HEADPHONES_PAGE, ...MEMBERS, debug: true });
    expect(shown(members)).toEqual([
      'hp-son-studio',
      'hp-aur-travel',
      'hp-son-buds',
      'hp-aur-studio',
      'hp-aur-eco',
      'hp-vex-kids',
      'hp-son-air',
      'hp-vex-sport',
    ]);
    expect(sectionOf(members).total).toBe(8);
    const [rank] = traceSteps(members, 'rank');
    expect(
      rank.hits
        .filter((hit: Answer) => hit.pinned !== undefined)
        .map((hit: Answer) => [hit.entity, hit.position, hit.pinned]),
    ).toEqual([
      ['product:hp-son-studio', 1, { rule: 'pin-headphones', asked: 1 }],
      ['product:hp-aur-travel', 2, { rule: 'members-picks', asked: 1 }],
      ['product:hp-son-buds', 3, { rule: 'pin-headphones', asked: 3 }],
      ['product:hp-aur-eco', 5, { rule: 'pin-headphones', asked: 5 }],
      ['product:hp-vex-kids', 6, { rule: 'members-picks', asked: 5 }],
    ]);
  });

  it('a hide beats a pin', async () => {
    // kettle-picks pins the recalled Terrazo kettle at 1 and the retired Retro kettle at 2; the
    // hides below it remove both, so the best sellers left take 1 and 2, the Rapid kettle stays at 3.
    const kettles = await search({ ...KETTLES_PAGE, debug: true });
    expect(shown(kettles)).toEqual(['kt-hom-classic', 'kt-hom-glass', 'kt-vex-rapid']);
    expect(sectionOf(kettles).total).toBe(3);
    const [plan] = traceSteps(kettles, 'plan');
    expect(plan.pins.find((one: Answer) => one.entity === 'product:kt-ter-rc9')).toMatchObject({
      rule: 'kettle-picks',
      outcome: 'dropped',
      by: 'hide-recalled',
    });
    const [rank] = traceSteps(kettles, 'rank');
    expect(rank.hits.map((hit: Answer) => [hit.entity, hit.pinned?.asked])).toEqual([
      ['product:kt-hom-classic', undefined],
      ['product:kt-hom-glass', undefined],
      ['product:kt-vex-rapid', 3],
    ]);
  });
});

describe('hides', () => {
  it('remove products by entity and by where from the listing, its total and its facets', async () => {
    const kettles = await search(KETTLES_PAGE);
    expect(shown(kettles)).not.toContain('kt-ter-rc9');
    expect(shown(kettles)).not.toContain('kt-hom-retro');
    expect(facetCounts(kettles, 'brand')).toEqual({ homely: 2, vexa: 1 });
    expect(facetCounts(kettles, 'color')).toEqual(catalogCounts('kettles', 'color'));
    expect(facetCounts(kettles, 'color')).not.toHaveProperty('Red');

    // The retired Vexa Classic would lead the Vexa headphones by sales.
    const headphones = await search({ query: 'vexa headphones', redirect: false });
    expect(shown(headphones)).toEqual(['hp-vex-sport', 'hp-vex-kids']);
    expect(sectionOf(headphones).total).toBe(2);
  });

  it('remove entities from the sections beside the listed one, by entity and by where', async () => {
    const kettle = await search({ query: 'kettle', redirect: false });
    expect(shown(kettle)).toEqual(['kt-hom-classic', 'kt-hom-glass', 'kt-vex-rapid']);
    // Three guides are about kettles: the RC-9 manual is hidden by name, the Retro care guide as retired.
    expect(shown(kettle, 'guide')).toEqual(['descale-kettle']);
    expect(sectionOf(kettle, 'guide')).toMatchObject({ total: 1, reachable: 1 });
    const manual = await search({ query: 'terrazo manual', redirect: false });
    expect(sectionOf(manual, 'guide')).toMatchObject({ total: 0, hits: [] });
    expect(sectionOf(manual)).toMatchObject({ total: 0, hits: [] });
  });
});

describe('sections beside the listed one', () => {
  it('show their first hits and count them in reachable, with every match in total', async () => {
    // Six guides are about soundproofing; a section beside the listed one shows four and does not page.
    const soundproofing = await search({ query: 'soundproofing', redirect: false });
    const guides = sectionOf(soundproofing, 'guide');
    expect(guides.total).toBe(6);
    expect(guides.hits).toHaveLength(4);
    expect(guides.reachable).toBe(4);
    // The second page shows them no more.
    const second = await search({ query: 'soundproofing', redirect: false, page: 2 });
    expect(sectionOf(second, 'guide')).toMatchObject({ total: 6, reachable: 0, hits: [] });
  });
});

describe('boosts and buries', () => {
  const TVS_BY_SALES = ['tv-vex-55', 'tv-aur-65', 'tv-son-50', 'tv-vex-75', 'tv-son-43'];

  it('lift the partner brand and lower what ships late, within relevance, by the strengths of ranking.json', async () => {
    // A search that names no television category meets no rule: the TVs come by sales.
    expect(shown(await search({ query: 'smart tv' }))).toEqual(TVS_BY_SALES);
    // On the televisions page Sonora is boosted (medium, 1.5) and backorder or preorder TVs buried
    // (slight, 0.8): the Sonora 50 inch leads, the small Sonora passes the buried OLED.
    const page = await search({ ...TV_PAGE, debug: true });
    expect(shown(page)).toEqual(['tv-son-50', 'tv-vex-55', 'tv-son-43', 'tv-aur-65', 'tv-vex-75']);
    const [rank] = traceSteps(page, 'rank');
    expect(Object.fromEntries(rank.hits.map((hit: Answer) => [hit.entity, hit.factor]))).toEqual({
      'product:tv-son-50': 1.5,
      'product:tv-vex-55': undefined,
      'product:tv-son-43': 1.5,
      'product:tv-aur-65': 0.8,
      'product:tv-vex-75': 0.8,
    });
    // Neither changes what is counted.
    expect(sectionOf(page).total).toBe(5);
    expect(facetCounts(page, 'brand')).toEqual(catalogCounts('televisions', 'brand'));
  });

  it('do not reorder under another sort', async () => {
    const byPrice = [...onShelf.filter((item) => item.category === 'televisions')].sort(
      (a, b) => a.price - b.price,
    );
    const ascending = await search({ ...TV_PAGE, sort: 'price_asc' });
    expect(shown(ascending)).toEqual(byPrice.map((item) => item.id));
    const descending = await search({ ...TV_PAGE, sort: 'price_desc' });
    expect(shown(descending)).toEqual(byPrice.map((item) => item.id).reverse());
  });
});

describe('rule filters and detected filters', () => {
  it('a rule filter narrows the results and shows as a chip that dismissing removes', async () => {
    // "vegan" matches the eco headphones (vegan leather) and the studio monitors (a vegan cushion
    // set sold separately); filter-vegan keeps vegan materials only.
    const vegan = await search({ query: 'vegan headphones' });
    expect(shown(vegan)).toEqual(['hp-aur-eco']);
    const chip = vegan.filters.find((one: Answer) => one.from === 'rule');
    expect(chip).toEqual({
      field: 'material',
      label: 'Material',
      value: { material: ['vegan leather', 'mesh'] },
      value_label: expect.stringContaining('vegan leather'),
      from: 'rule',
      rule: 'filter-vegan',
      type: 'product',
      dismiss: { field: 'material' },
    });

    const dismissed = await search({ query: 'vegan headphones', dismissed: [chip.dismiss] });
    expect(shown(dismissed).sort()).toEqual(['hp-aur-eco', 'hp-son-studio']);
    expect(dismissed.filters.some((one: Answer) => one.from === 'rule')).toBe(false);
  });

  it('what the query named shows as chips and as chosen facet values; dismissing one leaves its word as text', async () => {
    const white = await search({ query: 'white headphones' });
    expect(white.resolution).toMatchObject({
      category: 'headphones',
      filters: { color: 'White' },
      complete: true,
    });
    expect(white.filters).toEqual([
      expect.objectContaining({ field: 'category', value: 'headphones', from: 'resolution' }),
      expect.objectContaining({ field: 'color', value: 'White', value_label: 'White', from: 'resolution' }),
    ]);
    expect(shown(white)).toEqual(['hp-aur-eco', 'hp-son-buds']);
    // The named colour is chosen in its facet: the facet counts the headphones of every colour.
    expect(sectionOf(white).facets.find((facet: Answer) => facet.field === 'color').values).toEqual([
      { value: 'Black', label: 'Black', count: 3 },
      { value: 'White', label: 'White', count: 2, selected: true },
      { value: 'Red', label: 'Red', count: 2 },
      { value: 'Silver', label: 'Silver', count: 1 },
    ]);

    const colorChip = white.filters[1];
    const keptWord = await search({ query: 'white headphones', dismissed: [colorChip.dismiss] });
    expect(keptWord.query.searched).toBe('white');
    expect(keptWord.resolution.filters).toBeUndefined();
    expect(keptWord.filters.map((one: Answer) => one.field)).toEqual(['category']);

    const categoryChip = white.filters[0];
    const noCategory = await search({ query: 'white headphones', dismissed: [categoryChip.dismiss] });
    expect(noCategory.resolution.category).toBeUndefined();
    expect(noCategory.query.searched).toBe('headphones');
    expect(noCategory.filters.map((one: Answer) => one.field)).toEqual(['color']);
  });
});

describe('redirects', () => {
  it('a query naming a category page completely answers the redirect and the sections', async () => {
    const answer = await search({ query: 'headphones' });
    expect(answer.redirect).toEqual({ url: '/audio/headphones', entity: 'category:headphones' });
    // A client that does not follow it shows the sections: the headphones by sales.
    expect(shown(answer)).toEqual([
      'hp-aur-studio',
      'hp-son-air',
      'hp-vex-sport',
      'hp-aur-travel',
      'hp-vex-kids',
      'hp-son-studio',
      'hp-aur-eco',
      'hp-son-buds',
    ]);
    expect(shown(answer, 'category')).toEqual(['headphones']);
    expect(shown(answer, 'guide')).toEqual(['choose-headphones']);

    const results = await search({ query: 'headphones', redirect: false });
    expect(results).not.toHaveProperty('redirect');
    expect(results.sections).toEqual(answer.sections);
  });

  it('a rule redirect to a fixed url names its rule and no entity', async () => {
    const answer = await search({ query: 'returns' });
    expect(answer.redirect).toEqual({ url: '/help/returns', rule: 'redirect-returns' });
    expect(answer.sections.map((section: Answer) => section.type)).toEqual([
      'product',
      'category',
      'brand',
      'guide',
    ]);
    const results = await search({ query: 'returns', redirect: false });
    expect(results).not.toHaveProperty('redirect');
  });
});

describe('relaxation', () => {
  it('repeats a resolved search that finds nothing leaving out the least important part it named first', async () => {
    // No headphones are of steel: the material is left out, the category kept, and the words
    // rank the headphones (the studio headphones' steel headband is named in their description).
    const answer = await search({ query: 'steel headphones', debug: true });
    expect(answer.relaxed).toBe(true);
    expect(answer.resolution).toMatchObject({
      category: 'headphones',
      filters: { material: 'steel' },
      complete: true,
    });
    expect(answer.resolution.left_out.map((chip: Answer) => [chip.field, chip.value, chip.from])).toEqual([
      ['material', 'steel', 'resolution'],
    ]);
    expect(answer.filters.map((chip: Answer) => [chip.field, chip.value, chip.from])).toEqual([
      ['category', 'headphones', 'resolution'],
    ]);
    expect(shown(answer)[0]).toBe('hp-aur-studio');
    expect(sectionOf(answer).hits.length).toBe(sectionOf(answer).total);
    expect(answer.trace.filter((entry: Answer) => entry.step === 'relaxation')).toEqual([
      expect.objectContaining({
        left_out: [expect.objectContaining({ field: 'material' })],
        candidates: sectionOf(answer).total,
      }),
    ]);
  });

  it('leaves out a brand before a category', async () => {
    // No Sonora kettles: the kettles are listed.
    const kettles = await search({ query: 'sonora kettle' });
    expect(kettles.relaxed).toBe(true);
    expect(kettles.resolution.left_out.map((chip: Answer) => chip.field)).toEqual(['brand']);
    expect(kettles.filters.map((chip: Answer) => [chip.field, chip.value])).toEqual([
      ['category', 'kettles'],
    ]);
    expect(sectionOf(kettles).total).toBeGreaterThan(0);
    expect(shown(kettles).every((id: string) => id.startsWith('kt-'))).toBe(true);
  });

  it('leaves a resolved search that finds something as it is', async () => {
    const answer = await search({ query: 'white headphones' });
    expect(answer).not.toHaveProperty('relaxed');
    expect(answer.resolution.left_out).toEqual([]);
  });
});

describe('placements', () => {
  const membersKettles = { ...KETTLES_PAGE, ...MEMBERS };
  const titles = (answer: Answer) =>
    (answer.placements ?? []).map((one: Answer) => [one.slot, one.position, one.title, one.rule]);

  it('stand above the first page, before their tile on the page holding it, and below the last page', async () => {
    const all = await search(membersKettles);
    expect(titles(all)).toEqual([
      ['top', undefined, 'Members kitchen week', 'members-kitchen-week'],
      ['grid', 2, 'Free descaling tablets', 'members-kitchen-week'],
      ['bottom', undefined, 'Members save 10 % at checkout', 'members-kitchen-week'],
    ]);
    expect(all.placements[0]).toEqual({
      slot: 'top',
      kind: 'banner',
      title: 'Members kitchen week',
      link: '/members',
      rule: 'members-kitchen-week',
    });
    const pages = await Promise.all(
      [1, 2, 3].map((page) => search({ ...membersKettles, per_page: 1, page })),
    );
    expect(pages.map(titles)).toEqual([
      [['top', undefined, 'Members kitchen week', 'members-kitchen-week']],
      [['grid', 2, 'Free descaling tablets', 'members-kitchen-week']],
      [['bottom', undefined, 'Members save 10 % at checkout', 'members-kitchen-week']],
    ]);
  });

  it('change no total, facet, page size or hit order', async () => {
    for (const paging of [{}, { per_page: 1, page: 1 }, { per_page: 1, page: 2 }, { per_page: 2, page: 2 }]) {
      const guest = await search({ ...KETTLES_PAGE, ...paging });
      const member = await search({ ...membersKettles, ...paging });
      expect(guest).not.toHaveProperty('placements');
      expect(member.placements.length).toBeGreaterThan(0);
      expect(member.sections).toEqual(guest.sections);
    }
  });

  it('are absent for count_only and on autocomplete', async () => {
    const counted = await search({ ...membersKettles, count_only: true });
    expect(counted).not.toHaveProperty('placements');
    expect(sectionOf(counted)).toMatchObject({ total: 3, hits: [] });
    const typing = await search({ on: 'autocomplete', query: 'kett', ...MEMBERS });
    expect(typing).not.toHaveProperty('placements');
    expect(shown(typing)).toHaveLength(3);
  });
});

describe('section order', () => {
  it('follows a sections rule, the types it leaves out after', async () => {
    const typing = await search({ on: 'autocomplete', query: 'kett' });
    expect(typing.sections.map((section: Answer) => section.type)).toEqual([
      'category',
      'brand',
      'product',
      'guide',
    ]);
    expect(shown(typing, 'category')).toEqual(['kettles']);
    const searching = await search({ query: 'kett' });
    expect(searching.sections.map((section: Answer) => section.type)).toEqual([
      'product',
      'category',
      'brand',
      'guide',
    ]);
  });
});

describe('the trace', () => {
  const PLANNING = ['arrival', 'normalize', 'rules', 'rewrite', 'resolution', 'redirect', 'plan'];

  it('lists the planning steps, then what each section matched and how it ranked', async () => {
    const answer = await search({ query: 'smart tv', debug: true, per_page: 2 });
    const steps: string[] = answer.trace.map((entry: Answer) => entry.step);
    const planned = steps.indexOf('plan');
    // Whether the answer came from the answer cache opens it, then planning from the arrival on.
    expect(steps[0]).toBe('answer_cache');
    expect(steps.slice(1, planned + 1).every((step) => PLANNING.includes(step))).toBe(true);
    expect(steps[1]).toBe('arrival');
    expect(steps.slice(planned + 1).every((step) => step === 'match' || step === 'rank')).toBe(true);
    expect(traceSteps(answer, 'match').map((entry) => entry.type)).toEqual([
      'product',
      'category',
      'brand',
      'guide',
    ]);
    const [rank] = traceSteps(answer, 'rank');
    expect(rank).toMatchObject({ type: 'product', sort: 'relevance' });
    expect(rank.hits.map((hit: Answer) => [hit.entity, hit.position])).toEqual([
      ['product:tv-vex-55', 1],
      ['product:tv-aur-65', 2],
    ]);
    for (const hit of rank.hits) {
      expect(hit.parts.words.map((word: Answer) => word.word)).toEqual(['smart', 'tv']);
      expect(hit.parts.total).toBeCloseTo(
        hit.parts.completeness + hit.parts.text + hit.parts.proximity + hit.parts.exactness,
        6,
      );
      expect(hit.score).toBeGreaterThan(0);
    }
  });

  it('names the pin that placed a hit, and the rule and strength that weighed it', async () => {
    const pinned = await search({ ...HEADPHONES_PAGE, per_page: 3, debug: true });
    const [pinRank] = traceSteps(pinned, 'rank');
    expect(pinRank.hits).toEqual([
      { entity: 'product:hp-son-studio', position: 1, pinned: { rule: 'pin-headphones', asked: 1 } },
      expect.objectContaining({ entity: 'product:hp-aur-studio', position: 2, score: expect.any(Number) }),
      {
        entity: 'product:hp-son-buds',
        position: 3,
        pinned: { rule: 'pin-headphones', asked: 3 },
        sponsored: 'sonora-buds-launch',
      },
    ]);

    const weighed = await search({ ...TV_PAGE, debug: true });
    const [rank] = traceSteps(weighed, 'rank');
    const byEntity = Object.fromEntries(rank.hits.map((hit: Answer) => [hit.entity, hit]));
    expect(byEntity['product:tv-son-50']).toMatchObject({
      position: 1,
      factor: 1.5,
      factors: [{ rule: 'tv-partner-brand', kind: 'boost', factor: 1.5 }],
    });
    expect(byEntity['product:tv-aur-65']).toMatchObject({
      factor: 0.8,
      factors: [{ rule: 'tv-partner-brand', kind: 'bury', factor: 0.8 }],
    });
    expect(byEntity['product:tv-vex-55']).not.toHaveProperty('factors');

    // The same rule on a search that names televisions: the category beside the products carries
    // no brand and is weighed by nothing.
    const searched = await search({ query: 'televisions', redirect: false, debug: true });
    const ranks = Object.fromEntries(traceSteps(searched, 'rank').map((entry) => [entry.type, entry.hits]));
    expect(ranks.category).toEqual([expect.objectContaining({ entity: 'category:televisions' })]);
    expect(ranks.category[0]).not.toHaveProperty('factors');
    expect(ranks.category[0]).not.toHaveProperty('factor');
    expect(ranks.product.map((hit: Answer) => hit.factors?.map((one: Answer) => one.kind) ?? [])).toEqual([
      ['boost'],
      [],
      ['boost'],
      ['bury'],
      ['bury'],
    ]);
    expect(rank.hits.map((hit: Answer) => hit.score)).toEqual(
      [...rank.hits.map((hit: Answer) => hit.score)].sort((a, b) => b - a),
    );
  });

  it('gives each hit the value a sort orders by instead of a relevance score', async () => {
    const answer = await search({ ...TV_PAGE, sort: 'price_asc', debug: true });
    const [rank] = traceSteps(answer, 'rank');
    expect(rank.sort).toBe('price_asc');
    expect(rank.hits.map((hit: Answer) => [hit.entity, hit.sort_value, hit.score])).toEqual([
      ['product:tv-son-43', 329, undefined],
      ['product:tv-son-50', 449, undefined],
      ['product:tv-vex-55', 499, undefined],
      ['product:tv-vex-75', 999, undefined],
      ['product:tv-aur-65', 1299, undefined],
    ]);
  });
});
