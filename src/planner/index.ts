/** The planner: turns a search request into the plan the engine executes. Pure. */

export { answerRequest, type PlannedAnswer, type SearchTarget } from './answer/answer.js';
export { catalogHoldings, missingCatalogNames } from './catalog-holdings.js';
export { type PageOfHits, placementsForPage } from './effects/placements.js';
export { SIDE_SECTION_HITS } from './effects/sections.js';
export { type NormalizedQuery, normalizeQuery } from './normalize.js';
export type {
  Plan,
  PlanBase,
  PlannedFilter,
  PlannedPin,
  PlannedPlacement,
  PlannedRedirect,
  PlannedSection,
  PlannedSort,
  PlannedTarget,
  PlannedWeight,
  RedirectPlan,
  Relaxation,
  SearchPlan,
} from './plan.js';
export { compilePlanner, type Planner, type PlanOptions } from './planner.js';
export { placeRequest, type RequestPlace } from './request.js';
export { fieldProblems, fieldsOf, RULE_LEVEL_FIELDS, ruleOf } from './rule-list/fields.js';
export { type EntityFact, type ListedCatalog, listRules } from './rule-list/list.js';
export { searchSettingsOf, writtenSearchFields } from './search-settings.js';
export type { Selector } from './selector.js';
export { type TestFailure, type TestOutcome, testViolations } from './tests/outcome.js';
export { runPlanTests } from './tests/plan-tests.js';
export { releaseTestViolations } from './tests/release-tests.js';
export { type ResultAnswer, type ResultIndex, runResultTests } from './tests/result-tests.js';
export {
  buildVocabulary,
  type Vocabulary,
  type VocabularyAttribute,
  type VocabularyBrand,
  type VocabularyCategory,
  type VocabularyGroup,
  type VocabularyOption,
} from './vocabulary.js';
export {
  decodeVocabulary,
  emptyVocabulary,
  encodeVocabulary,
  VOCABULARY_ATTACHMENT,
  vocabularyAttachments,
  vocabularyOf,
} from './vocabulary-codec.js';
