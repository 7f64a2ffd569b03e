import type { Department } from './brands.js';

/** Word banks for titles and descriptions. */
export const COLORS: Record<Department, string[]> = {
  electronics: ['Black', 'White', 'Silver', 'Graphite', 'Space Grey', 'Blue', 'Red', 'Sage', 'Sand'],
  home: ['White', 'Black', 'Cream', 'Sage', 'Terracotta', 'Charcoal', 'Natural', 'Navy', 'Stone'],
  fashion: [
    'Black',
    'Navy',
    'Olive',
    'Beige',
    'Charcoal',
    'Burgundy',
    'Cream',
    'Camel',
    'Rose',
    'Forest Green',
  ],
};

/** Series words after a model number ("XR-5200 Pro"). */
export const SERIES = ['Pro', 'Max', 'Lite', 'Plus', 'Air', 'Ultra', 'Mini', 'Neo', 'SE', 'X'];

/** Fashion lines stand where electronics put a model number. */
export const COLLECTIONS = [
  'Harbor',
  'Alder',
  'Linden',
  'Marais',
  'Coast',
  'Tundra',
  'Soho',
  'Riviera',
  'Heritage',
  'Meadow',
  'Atlas',
  'Juno',
];

export const USES: Record<Department, string[]> = {
  electronics: [
    'everyday use',
    'work and travel',
    'gaming sessions',
    'the home office',
    'movie nights',
    'creators on the go',
  ],
  home: [
    'busy mornings',
    'small flats',
    'family dinners',
    'open-plan living',
    'guest rooms',
    'everyday cooking',
  ],
  fashion: [
    'weekends in the city',
    'the office',
    'travel',
    'evenings out',
    'everyday wear',
    'the changing seasons',
  ],
};

export const BENEFITS: Record<Department, string[]> = {
  electronics: [
    'sets up in minutes',
    'pairs with your phone in seconds',
    'stays cool and quiet under load',
    'feels premium in the hand',
    'gets new features through updates',
  ],
  home: [
    'is easy to clean',
    'is built to last for years',
    'saves space without giving up comfort',
    'stays quiet while it works',
    'looks good in any room',
  ],
  fashion: [
    'keeps its shape wash after wash',
    'moves with you all day',
    'pairs with everything in your wardrobe',
    'feels soft from the first wear',
    'is made to be worn for years',
  ],
};

export const CLOSERS = [
  'Ships with a two-year warranty.',
  'Free returns within 30 days.',
  'Everything you need to get started is in the box.',
  'Designed in Europe and tested for durability.',
  'Packed in recycled, plastic-free packaging.',
];

/** Measured attributes that belong in a title ("128 GB", "55 in"). */
export const TITLE_MEASURES = new Set([
  'storage',
  'capacity',
  'screen_size',
  'case_size',
  'diameter',
  'width',
]);
