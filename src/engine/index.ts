/** The search engine: pure and in memory; compiles catalogs into artifacts and searches them. */

export { forLocale, languageOf } from './analysis/locale.js';
export { STEMMED_LANGUAGES } from './analysis/stem.js';
export { compileSynonyms, NO_SYNONYMS, type Synonyms } from './analysis/synonyms.js';
export { tokenize } from './analysis/tokenize.js';
export { artifactFormat, FORMAT_HEADER_BYTES, FORMAT_VERSION } from './artifact/container.js';
export { type CompileOptions, type CompileProgress, compileIndex } from './compile.js';
export type { EngineIndex } from './engine-index.js';
export {
  type EngineHit,
  type EngineQuery,
  type EngineResult,
  type EngineSection,
  executeSearch,
  executeSection,
} from './execute.js';
export type { FacetSpec } from './facets/spec.js';
export { SelectorError } from './filter/choice.js';
export type { ChannelSettings, StructuredSettings, TypeSettings } from './index/columns-settings.js';
export { readBoolean, readDate, readQuantity, readRange } from './index/columns-values.js';
export { buildStringTable, type StringTable, stringAt } from './index/string-table.js';
export type { ListingExtras, ListingOptions, SectionMerchandising } from './listing/section.js';
export { entityMeets, selectEntities } from './listing/select-entities.js';
export { loadIndex, type PreparedIndex, prepareIndex } from './load.js';
export { missingWords, type WordsQuery } from './match/missing-words.js';
export type { LeaveOut } from './match/text-match.js';
export type { ExpansionTrace, SectionTrace, WordTrace } from './match/trace.js';
export { applyOffers, nextSaleWindowEnd, type OverlaidIndex, variantRows } from './offers/overlay.js';
export {
  type OfferChange,
  type OfferFields,
  type OfferPatch,
  offerChangeOf,
  offerKey,
  patchOf,
} from './offers/patch.js';
export type { MatchKind, ScoreParts, WordPart } from './ranking/parts.js';
export { REACHABLE_HITS } from './ranking/top-k.js';
export { entityFields, holdsEntity } from './results/entity.js';
export {
  categorySize,
  type EntityOffers,
  entityOffers,
  isSold,
  type RowOffer,
  soldChannels,
} from './results/offers.js';
export {
  type AttributeSearchKind,
  DEFAULT_FIELD_WEIGHTS,
  type EngineSettings,
  type SearchFieldSetting,
  type TypeSearchSettings,
  type TypoSettings,
} from './settings.js';
export type { SortSpec } from './sort/keys.js';
export { type IndexStats, indexStats } from './stats.js';
export { timeEpoch } from './time-epoch.js';
