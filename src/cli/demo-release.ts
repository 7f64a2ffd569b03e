/**
 * The demo shop's release: the configuration a small shop would start from. Each file is a JSON
 * object by name, as a shop would send it to POST /api/v1/releases.
 */
export const demoReleaseFiles: Record<string, Record<string, unknown>> = {
  'channels.json': {
    channels: [{ id: 'web', locales: ['en'], currency: 'EUR' }],
  },
  'ranking.json': {
    sorts: [
      { code: 'price_asc', label: 'Price: low to high', by: 'price', direction: 'asc' },
      { code: 'price_desc', label: 'Price: high to low', by: 'price', direction: 'desc' },
    ],
    strengths: {
      boost: { slight: 1.2, medium: 1.5, strong: 2 },
      bury: { slight: 0.8, medium: 0.5, strong: 0.25 },
    },
  },
  'categories.json': {
    default: {
      facets: ['category', 'brand', 'price'],
      sort: { default: 'relevance', options: ['relevance', 'price_asc', 'price_desc'] },
    },
    nodes: [],
  },
  'rules.json': { rules: [] },
  'synonyms.json': {
    en: {
      groups: [
        ['headphones', 'headset'],
        ['tv', 'television'],
      ],
      one_way: [],
      never: [],
    },
  },
};
