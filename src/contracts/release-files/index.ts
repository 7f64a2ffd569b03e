import type { Static, TSchema } from '@sinclair/typebox';
import { AttributesFile } from './attributes.js';
import { CategoriesFile } from './categories.js';
import { ChannelsFile } from './channels.js';
import { FeedFile } from './feed.js';
import { RankingFile } from './ranking.js';
import { RoutesFile } from './routes.js';
import { Condition, RulesFile } from './rules.js';
import { SynonymsFile } from './synonyms.js';
import { TestsFile } from './tests.js';
import { TypesFile } from './types.js';

export * from './attributes.js';
export * from './categories.js';
export * from './channels.js';
export * from './common.js';
export * from './feed.js';
export * from './ranking.js';
export * from './routes.js';
export * from './rules.js';
export * from './synonyms.js';
export * from './tests.js';
export * from './types.js';

/** Every file a release may hold, by name, with its schema. */
export const releaseFileSchemas = {
  'channels.json': ChannelsFile,
  'types.json': TypesFile,
  'attributes.json': AttributesFile,
  'categories.json': CategoriesFile,
  'ranking.json': RankingFile,
  'rules.json': RulesFile,
  'synonyms.json': SynonymsFile,
  'routes.json': RoutesFile,
  'feed.json': FeedFile,
  'tests.json': TestsFile,
} as const satisfies Record<string, TSchema>;

export type ReleaseFileName = keyof typeof releaseFileSchemas;

/** Each release file's type by its name: reading a file by a name not here does not compile. */
export type ReleaseFileTypes = { [Name in ReleaseFileName]: Static<(typeof releaseFileSchemas)[Name]> };
export const RELEASE_FILE_NAMES = Object.keys(releaseFileSchemas) as ReleaseFileName[];

/** Schemas the release files reference by `$id`. */
export const releaseFileSharedSchemas: TSchema[] = [Condition];
