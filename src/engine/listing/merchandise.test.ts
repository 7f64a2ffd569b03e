import { describe, expect, it } from 'vitest';
import type { EngineQuery } from '../execute.js';
import { executeSection } from '../execute.js';
import { JULY } from './fixture.test-support.js';
import { pageEntries, type StandingPin } from './merchandise.js';
import type { SectionMerchandising } from './section.js';
import { counts, facet, ids, list, shopIndex } from './shop.test-support.js';

/**
 * What rules make of the fixture shop's listing besides its filters: pins, hides, boosts and
 * buries. Without merchandising the shop lists by sales: d1 (50), s1 (30), d2 (10), l1 (5), then
 * l2, which has no sales and ties with l1 at the bottom (catalog order keeps l1 first).
 */

const BY_SALES = ['d1', 's1', 'd2', 'l1', 'l2'];
const FACETS = [facet('brand', 'list'), facet('color', 'swatch'), facet('category', 'hierarchical')];

type Pin = NonNullable<SectionMerchandising['pins']>[number];
const pin = (id: string, position: number, campaign?: string): Pin => ({
  id,
  position,
  onlyIfMatching: campaign !== undefined,
  ...(campaign !== undefined ? { campaign } : {}),
});

async function listed(query: Partial<EngineQuery> = {}) {
  return list(await shopIndex(), { facets: FACETS, ...query });
}

/** Every page of a listing, `perPage` tiles each, as ids. */
async function allPages(perPage: number, query: Partial<EngineQuery> = {}): Promise<string[][]> {
  const first = await listed({ ...query, perPage });
  const pages = [ids(first)];
  for (let page = 2; pages.flat().length < first.product.total; page++) {
    const next = ids(await listed({ ...query, perPage, page }));
    if (next.length === 0) break;
    pages.push(next);
  }
  return pages;
}

describe('pageEntries: pins among the ranked tiles', () => {
  const standing = (...positions: number[]): StandingPin[] =>
    positions.map((position, slot) => ({ slot, position }));
  const shown = (entries: ReturnType<typeof pageEntries>) =>
    entries.map((entry) => (entry.pin !== undefined ? `pin@${entry.pin.position}` : `rank${entry.rank}`));

  it('places pins at their positions counted across pages, ranked tiles in order around them', () => {
    const pins = standing(2, 5);
    expect(shown(pageEntries(pins, 10, 0, 3))).toEqual(['rank0', 'pin@2', 'rank1']);
    expect(shown(pageEntries(pins, 10, 3, 6))).toEqual(['rank2', 'pin@5', 'rank3']);
    expect(shown(pageEntries(pins, 10, 6, 9))).toEqual(['rank4', 'rank5', 'rank6']);
  });

  it('lets a pin beyond the ranked tiles follow the last of them', () => {
    expect(shown(pageEntries(standing(1, 20), 2, 0, 24))).toEqual(['pin@1', 'rank0', 'rank1', 'pin@20']);
    expect(shown(pageEntries(standing(20), 0, 0, 24))).toEqual(['pin@20']);
  });
});

describe('pins', () => {
  it('stand at their positions across pages; a pinned tile that matches is shown once, at its pin', async () => {
    const merchandising = { pins: [pin('l2', 1), pin('d2', 4)] };
    expect(await allPages(2, { merchandising })).toEqual([['l2', 'd1'], ['s1', 'd2'], ['l1']]);
    const page2 = await listed({ merchandising, perPage: 2, page: 2 });
    expect(page2.product.hits.map((hit) => [hit.entity, hit.pinned])).toEqual([
      ['product:s1', undefined],
      ['product:d2', 4],
    ]);
  });

  it('change neither the total nor a facet count', async () => {
    const plain = await listed({ filters: { brand: 'acme' } });
    const pinned = await listed({
      filters: { brand: 'acme' },
      merchandising: { pins: [pin('d2', 1), pin('d1', 2)] },
    });
    // d2 (Nordic Co) does not match the brand, yet stands at 1: an unpaid pin stands whatever the filters.
    expect(ids(pinned)).toEqual(['d2', 'd1', 's1', 'l2']);
    expect(pinned.product.total).toBe(plain.product.total);
    expect(pinned.product.total).toBe(3);
    expect(pinned.product.facets).toEqual(plain.product.facets);
    expect(counts(pinned, 'brand')).toEqual({ acme: 3, nordic: 2 });
  });

  it('a paid pin stands only where its product passes the category and every filter, and says who paid', async () => {
    const merchandising = { pins: [pin('l2', 1, 'paper-lamp-week'), pin('d2', 2, 'evening-wear')] };
    const everything = await listed({ merchandising });
    expect(everything.product.hits.slice(0, 2).map((hit) => [hit.entity, hit.sponsored])).toEqual([
      ['product:l2', { campaign: 'paper-lamp-week' }],
      ['product:d2', { campaign: 'evening-wear' }],
    ]);
    // Acme only: the Nordic Co dress is not placed; the Acme lamp is.
    expect(ids(await listed({ merchandising, filters: { brand: 'acme' } }))).toEqual(['l2', 'd1', 's1']);
    // The fashion page: the lamp lies outside it, the dress within.
    expect(ids(await listed({ merchandising, category: 'fashion' }))).toEqual(['d1', 'd2', 's1']);
    // The same pins unpaid stand on both pages.
    const unpaid = { pins: [pin('l2', 1), pin('d2', 2)] };
    expect(ids(await listed({ merchandising: unpaid, filters: { brand: 'acme' } }))).toEqual([
      'l2',
      'd2',
      'd1',
      's1',
    ]);
    expect(ids(await listed({ merchandising: unpaid, category: 'fashion' }))).toEqual([
      'l2',
      'd2',
      'd1',
      's1',
    ]);
    expect((await listed({ merchandising: unpaid })).product.hits[0]!.sponsored).toBeUndefined();
  });

  it('on a tie the earlier pin keeps the slot and the later one takes the next free one', async () => {
    const merchandising = { pins: [pin('l2', 2), pin('l1', 2), pin('d2', 3)] };
    expect(ids(await listed({ merchandising }))).toEqual(['d1', 'l2', 'l1', 'd2', 's1']);
    // Pins come in precedence order: the later pin asking for 1 passes over 1 and 2, held by earlier ones.
    const higherFirst = { pins: [pin('l2', 1), pin('l1', 2), pin('d2', 1)] };
    expect(ids(await listed({ merchandising: higherFirst }))).toEqual(['l2', 'l1', 'd2', 'd1', 's1']);
  });

  it('a pin that does not stand takes no slot from a later one', async () => {
    // The paid Nordic Co dress is not placed on the Acme listing, so the lamp keeps position 1.
    const paid = { pins: [pin('d2', 1, 'evening-wear'), pin('l1', 1)] };
    expect(ids(await listed({ merchandising: paid, filters: { brand: 'acme' } }))).toEqual([
      'l1',
      'd1',
      's1',
      'l2',
    ]);
    // A hidden pin holds no slot either.
    const hidden = { hidden: ['d2'], pins: [pin('d2', 1), pin('l1', 1)] };
    expect(ids(await listed({ merchandising: hidden }))).toEqual(['l1', 'd1', 's1', 'l2']);
  });

  it('stand in a channel only when sold there', async () => {
    // l1 is sold on the web only.
    const merchandising = { pins: [pin('l1', 1)] };
    expect(ids(await listed({ merchandising }))[0]).toBe('l1');
    expect(ids(await listed({ merchandising, channel: 'ch' }))).not.toContain('l1');
  });
});

describe('hides', () => {
  it('remove entities by id from hits, totals and facets', async () => {
    const hidden = await listed({ merchandising: { hidden: ['d1'] } });
    expect(ids(hidden)).toEqual(['s1', 'd2', 'l1', 'l2']);
    expect(hidden.product.total).toBe(4);
    expect(counts(hidden, 'brand')).toEqual({ acme: 2, nordic: 2 });
    expect(counts(hidden, 'color')).toEqual({ Navy: 1, Blue: 1, Red: 1, Green: 1 });
  });

  it('remove the entities a selector picks the same way', async () => {
    const hidden = await listed({ merchandising: { hides: [{ material: 'cotton' }] } });
    expect(ids(hidden)).toEqual(['d2', 'l1', 'l2']);
    expect(hidden.product.total).toBe(3);
    expect(counts(hidden, 'brand')).toEqual({ nordic: 2, acme: 1 });
  });

  it('take the variants a selector picks out of a tile, and a tile with none left', async () => {
    // Red is d1's only color and one of d2's two: d1 goes, d2 stays with its blue M.
    const redOut = { hides: [{ color: 'Red' }] };
    expect(ids(await listed({ merchandising: redOut, category: 'dresses' }))).toEqual(['d2']);
    expect(ids(await listed({ merchandising: redOut, category: 'dresses', filters: { size: 'L' } }))).toEqual(
      [],
    );
    expect(ids(await listed({ category: 'dresses', filters: { size: 'L' } }))).toEqual(['d1', 'd2']);
  });

  it('beat a pin, by id or by selector', async () => {
    const byId = await listed({ merchandising: { hidden: ['l2'], pins: [pin('l2', 1)] } });
    expect(ids(byId)).toEqual(['d1', 's1', 'd2', 'l1']);
    const bySelector = await listed({ merchandising: { hides: [{ brand: 'acme' }], pins: [pin('s1', 1)] } });
    expect(ids(bySelector)).toEqual(['d2', 'l1']);
    expect(bySelector.product.total).toBe(2);
  });

  it('act on a section beside the listed one', async () => {
    const index = await shopIndex();
    const beside = (merchandising?: SectionMerchandising) =>
      executeSection(index, {
        type: 'product',
        role: 'beside',
        text: 'dress',
        page: 1,
        perPage: 4,
        sideHits: 4,
        time: JULY,
        ...(merchandising !== undefined ? { merchandising } : {}),
      })!.section;
    const entities = (section: ReturnType<typeof beside>) => section.hits.map((hit) => hit.entity).sort();
    expect(entities(beside())).toEqual(['product:d1', 'product:d2']);
    const bySelector = beside({ hides: [{ brand: 'nordic' }] });
    expect(entities(bySelector)).toEqual(['product:d1']);
    expect(bySelector.total).toBe(1);
    const byId = beside({ hidden: ['d1'] });
    expect(entities(byId)).toEqual(['product:d2']);
    expect(byId.total).toBe(1);
  });
});

describe('boosts and buries', () => {
  const weigh = (id: string, factor: number) => ({ ids: [id], factor });

  it('multiply relevance: a stronger factor lifts further', async () => {
    expect(ids(await listed())).toEqual(BY_SALES);
    // l2 sells nothing: a factor of 1.5 lifts it above d2, one of 2.5 to the top.
    expect(ids(await listed({ merchandising: { weights: [weigh('l2', 1.5)] } }))).toEqual([
      'd1',
      's1',
      'l2',
      'd2',
      'l1',
    ]);
    expect(ids(await listed({ merchandising: { weights: [weigh('l2', 2.5)] } }))).toEqual([
      'l2',
      'd1',
      's1',
      'd2',
      'l1',
    ]);
    // A bury below 1 sends the best seller down.
    expect(ids(await listed({ merchandising: { weights: [weigh('d1', 0.3)] } }))).toEqual([
      's1',
      'd2',
      'l1',
      'l2',
      'd1',
    ]);
  });

  it('weigh what a selector picks, and multiply the factors of different weights', async () => {
    const result = await listed({
      merchandising: { weights: [{ where: { brand: 'nordic' }, factor: 1.5 }, weigh('d2', 2)] },
    });
    expect(ids(result)).toEqual(['d2', 'd1', 's1', 'l1', 'l2']);
    expect(Object.fromEntries(result.product.hits.map((hit) => [hit.entity, hit.factor]))).toEqual({
      'product:d2': 3,
      'product:d1': undefined,
      'product:s1': undefined,
      'product:l1': 1.5,
      'product:l2': undefined,
    });
  });

  it('lift within a text search by the same factor', async () => {
    const plain = await listed({ text: 'lamp' });
    expect(ids(plain)).toEqual(['l1', 'l2']);
    const lifted = await listed({ text: 'lamp', merchandising: { weights: [weigh('l2', 2.5)] } });
    expect(ids(lifted)).toEqual(['l2', 'l1']);
    expect(lifted.product.hits[0]!.score).toBeCloseTo(plain.product.hits[1]!.score * 2.5, 6);
  });

  it('do not reorder under another sort, nor change totals and facets', async () => {
    const sort = { by: 'price', direction: 'asc' } as const;
    const plain = await listed({ sort });
    const weighed = await listed({
      sort,
      merchandising: { weights: [weigh('d2', 2.5), weigh('l2', 0.3)] },
    });
    expect(ids(weighed)).toEqual(ids(plain));
    expect(ids(weighed)).toEqual(['l2', 's1', 'd1', 'l1', 'd2']);
    expect(weighed.product.total).toBe(plain.product.total);
    expect(weighed.product.facets).toEqual(plain.product.facets);
  });
});
