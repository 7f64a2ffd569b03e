import { checkAttributeOptions } from './attribute-options.js';
import { checkAttributes } from './attributes.js';
import { checkCategories } from './categories.js';
import { checkChannels } from './channels.js';
import type { ReleaseCheck } from './check.js';
import { checkFeed } from './feed.js';
import { checkRanking } from './ranking.js';
import { checkRoutes } from './routes.js';
import { checkRules } from './rules.js';
import { checkSynonyms } from './synonyms.js';
import { checkTests } from './tests.js';
import { checkTypes } from './types.js';

/** Every check across files, in the order their violations are reported: the files others name first. */
export const releaseChecks: ReleaseCheck[] = [
  checkChannels,
  checkTypes,
  checkAttributes,
  checkAttributeOptions,
  checkCategories,
  checkRanking,
  checkRules,
  checkSynonyms,
  checkRoutes,
  checkFeed,
  checkTests,
];
