import type {
  Attribute,
  AttributesFile,
  CategoriesFile,
  ChannelsFile,
  FeedFile,
  RankingFile,
  RoutesFile,
  RulesFile,
  SynonymsFile,
  TestsFile,
  TypesFile,
} from '../contracts/release-files/index.js';

/**
 * The channels a release sells through: channels.json's, whose currency is always given, or
 * without it one channel whose currency is the one its offers name (none said here).
 */
export type ChannelView = Omit<ChannelsFile['channels'][number], 'currency'> & { currency?: string };
export type ChannelsView = Omit<ChannelsFile, 'channels'> & { channels: ChannelView[] };

/** The channel a release without channels.json sells through: its currency is its offers'. */
export const DEFAULT_CHANNELS: ChannelsView = {
  channels: [{ id: 'default', locales: ['en'] }],
};

/** The types a release without types.json knows: what the catalog format itself names. */
export const DEFAULT_TYPES: TypesFile = {
  types: [
    { code: 'product', label: 'Products', offers: true },
    { code: 'category', label: 'Categories' },
    { code: 'brand', label: 'Brands' },
    { code: 'content', label: 'Content' },
  ],
};

/**
 * A release's files read as their types, with the defaults of files it does not hold. Built only
 * from files that passed their schema, so every check across files may trust the shapes.
 */
export interface ReleaseView {
  channels: ChannelsView;
  types: TypesFile;
  /** attributes.json's list, in file order (pointers index it). */
  attributeList: Attribute[];
  /** The same attributes by code; a repeated code keeps the first. */
  attributes: Map<string, Attribute>;
  categories: CategoriesFile;
  ranking: RankingFile;
  rules: RulesFile;
  synonyms: SynonymsFile;
  routes: RoutesFile;
  feed: FeedFile;
  tests: TestsFile;
  /** Names of the files the release holds. */
  present: Set<string>;
}

export function releaseView(files: Record<string, unknown>): ReleaseView {
  const file = <T>(name: string, fallback: T): T => (files[name] as T | undefined) ?? fallback;
  const attributes = file<AttributesFile>('attributes.json', { attributes: [] });
  return {
    channels: file<ChannelsView>('channels.json', DEFAULT_CHANNELS),
    types: file('types.json', DEFAULT_TYPES),
    attributeList: attributes.attributes,
    attributes: new Map(attributes.attributes.toReversed().map((attribute) => [attribute.code, attribute])),
    categories: file<CategoriesFile>('categories.json', {}),
    ranking: file<RankingFile>('ranking.json', {}),
    rules: file<RulesFile>('rules.json', { rules: [] }),
    synonyms: file<SynonymsFile>('synonyms.json', { dictionaries: {} }),
    routes: file<RoutesFile>('routes.json', {}),
    feed: file<FeedFile>('feed.json', {}),
    tests: file<TestsFile>('tests.json', { tests: [] }),
    present: new Set(Object.keys(files)),
  };
}
