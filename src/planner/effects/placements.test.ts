import { describe, expect, it } from 'vitest';
import type { PlannedPlacement } from '../plan.js';
import { placementsForPage } from './placements.js';

const placements: PlannedPlacement[] = [
  { rule: 'summer', slot: 'top', kind: 'banner', title: 'Summer sale', link: '/sale' },
  { rule: 'summer', slot: 'grid', position: 30, kind: 'card', title: 'Free delivery' },
  { rule: 'outdoor', slot: 'grid', position: 7, kind: 'card', title: 'Outdoor guide' },
  { rule: 'outdoor', slot: 'bottom', kind: 'banner', title: 'Newsletter' },
  { rule: 'brand', slot: 'top', kind: 'banner', title: 'Brand week' },
];

describe('placementsForPage', () => {
  it('first page: the top banners in rule order, then the grid ones of its tiles by position', () => {
    expect(placementsForPage(placements, { page: 1, perPage: 24, hits: 24, reachable: 100 })).toEqual([
      { slot: 'top', kind: 'banner', title: 'Summer sale', link: '/sale', rule: 'summer' },
      { slot: 'top', kind: 'banner', title: 'Brand week', rule: 'brand' },
      { slot: 'grid', position: 7, kind: 'card', title: 'Outdoor guide', rule: 'outdoor' },
    ]);
  });

  it('a grid position counts across pages: 30 stands on page 2 before its 6th tile', () => {
    expect(
      placementsForPage(placements, { page: 2, perPage: 24, hits: 24, reachable: 100 }).map(
        (one) => one.position,
      ),
    ).toEqual([30]);
  });

  it('the bottom banners on the last page, a grid position past the last tile shown nowhere', () => {
    expect(placementsForPage(placements, { page: 5, perPage: 24, hits: 4, reachable: 100 })).toEqual([
      { slot: 'bottom', kind: 'banner', title: 'Newsletter', rule: 'outdoor' },
    ]);
    expect(
      placementsForPage(placements, { page: 1, perPage: 24, hits: 5, reachable: 5 }).map((one) => one.slot),
    ).toEqual(['top', 'top', 'bottom']);
  });

  it('without results the one page is first and last', () => {
    expect(
      placementsForPage(placements, { page: 1, perPage: 24, hits: 0, reachable: 0 }).map((one) => one.rule),
    ).toEqual(['summer', 'brand', 'outdoor']);
  });
});
