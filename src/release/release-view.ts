import type {
  Attribute,
  CategoriesFile,
  ChannelsFile,
  FeedFile,
  RankingFile,
  ReleaseFileName,
  ReleaseFileTypes,
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
  /** The files as the release holds them, typed by name: absent where it holds none. */
  held: Partial<ReleaseFileTypes>;
}

/** Views already read, so a release's files are read into their types once wherever they are asked. */
const views = new WeakMap<object, ReleaseView>();

/**
 * The view of a release's files, read once per files object: the files of a release are complete
 * when first asked for a view and never changed after (a draft's change makes new files).
 */
export function releaseView(files: Record<string, unknown>): ReleaseView {
  let view = views.get(files);
  if (view === undefined) {
    view = readView(files);
    views.set(files, view);
  }
  return view;
}

function readView(files: Record<string, unknown>): ReleaseView {
  const held = files as Partial<ReleaseFileTypes>;
  const file = <Name extends ReleaseFileName>(name: Name, fallback: ReleaseFileTypes[Name]) =>
    held[name] ?? fallback;
  const attributes = file('attributes.json', { attributes: [] });
  return {
    channels: held['channels.json'] ?? DEFAULT_CHANNELS,
    types: file('types.json', DEFAULT_TYPES),
    attributeList: attributes.attributes,
    attributes: new Map(attributes.attributes.toReversed().map((attribute) => [attribute.code, attribute])),
    categories: file('categories.json', {}),
    ranking: file('ranking.json', {}),
    rules: file('rules.json', { rules: [] }),
    synonyms: file('synonyms.json', { dictionaries: {} }),
    routes: file('routes.json', {}),
    feed: file('feed.json', {}),
    tests: file('tests.json', { tests: [] }),
    present: new Set(Object.keys(files)),
    held,
  };
}
