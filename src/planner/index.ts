/** The planner: turns a search request into the plan the engine executes. Pure. */

export { answerRequest, type PlannedAnswer, type SearchTarget } from './answer/answer.js';
export { compareHits } from './answer/compare.js';
export { findEntity } from './answer/find.js';
export { catalogHoldings, missingCatalogNames } from './catalog-holdings.js';
export { type PageOfHits, placementsForPage } from './effects/placements.js';
export { listedType, SIDE_SECTION_HITS } from './effects/sections.js';
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
export { fieldProblems, fieldsOf, ruleOf } from './rule-list/fields.js';
export {
  type EntityFact,
  entitiesNamedBy,
  type ListedCatalog,
  listRules,
  type RuleListInput,
} from './rule-list/list.js';
export { scheduleEpoch } from './rules/schedule-epoch.js';
export { searchSettingsOf, writtenSearchFields } from './search-settings.js';
export type { Selector } from './selector.js';
export {
  CATALOG_SUGGESTIONS_ATTACHMENT,
  type CatalogSuggestions,
  catalogSuggestionAttachments,
  catalogSuggestionsOf,
  countCatalogSuggestions,
} from './suggestions/catalog-suggestions.js';
export {
  decodeLearnt,
  encodeLearnt,
  HALF_LIFE_DAYS,
  LEARNT_DAYS,
  LEARNT_SUGGESTIONS_KEY,
  LearntIndexes,
  type LearntQueryDay,
  type LearntSuggestion,
  type LearntSuggestions,
  type PreparedLearnt,
  prepareLearnt,
  weighLearnt,
} from './suggestions/learnt.js';
export { Suggester, type SuggestionPlace } from './suggestions/suggester.js';
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
