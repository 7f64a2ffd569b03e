import type { TSchema } from '@sinclair/typebox';
import { CatalogFetch, CatalogSource, PutCatalogSourceBody } from './catalog-source.js';
import { EventItem, EventsAccepted, EventsBatch } from './events.js';
import {
  ChangeImportBody,
  CompareAnswer,
  CompareRequest,
  DraftConflict,
  DraftFiles,
  Import,
  ImportAccepted,
  ImportChanges,
  ImportDraft,
  ImportExport,
  ImportList,
  ImportPublishAccepted,
  ImportSummary,
  InspectRequest,
  PublishImportBody,
} from './imports.js';
import { CampaignInsights, Insights, InsightsDay, QueryInsight } from './insights.js';
import { Inspection } from './inspection.js';
import {
  CatalogAccepted,
  CreateReleaseBody,
  IndexRun,
  IndexRunList,
  Live,
  Publication,
  PublicationDecision,
  PublicationRequest,
  PublishAccepted,
  RebuildAccepted,
  Release,
  ReleaseFiles,
  ReleaseList,
  ReleaseSummary,
  Snapshot,
  ValidateReleaseAnswer,
  ValidateReleaseRequest,
} from './management.js';
import {
  OffersAccepted,
  OfferUpdate,
  PutOffersBody,
  ResolvedOffers,
  ResolveOffersRequest,
} from './offers.js';
import {
  CategoryTree,
  DetailAnswer,
  OfferAnswer,
  PageAnswer,
  PageLink,
  PageSettingsAnswer,
  PageSettingsRequest,
  PageStep,
  ProductAnswer,
  RobotsAnswer,
  SettingOrigin,
} from './pages.js';
import {
  CompareReason,
  PreviewCompareAnswer,
  PreviewCompareRequest,
  PreviewFindAnswer,
  PreviewFindRequest,
  PreviewPageAnswer,
  PreviewPageRequest,
  PreviewSearchAnswer,
  PreviewSearchRequest,
} from './previews.js';
import { Problem, Violation } from './problem.js';
import { Condition } from './release-files/rules.js';
import {
  ChangeRuleBody,
  CreateRuleBody,
  DraftRules,
  ListedRule,
  MoveRuleBody,
  NamedEntity,
  RuleBody,
  RuleConflict,
  RuleFieldChanges,
  RuleFields,
  RuleList,
  RuleListRequest,
} from './rules.js';
import {
  AppliedFilter,
  Facet,
  FacetValue,
  HealthResponse,
  Hit,
  SearchRequest,
  SearchResponse,
  Section,
  Selector,
  SortOption,
} from './search.js';
import { PlacementAnswer, Redirect, Resolution } from './search-parts.js';
import {
  ChangeSearchSettingsBody,
  DraftSearchSettings,
  SearchSettings,
  SearchSettingsRequest,
  TypeSearchSettings,
} from './search-settings.js';
import { PatchStorageBody, Storage } from './storage.js';
import { ColumnSuggestions, SuggestRequest } from './suggestions.js';
import {
  AddSynonymsBody,
  ChangeSynonymBody,
  CheckSynonymBody,
  DraftSynonyms,
  ListedSynonym,
  RefusedSynonym,
  SynonymCheck,
  SynonymCheckRequest,
  SynonymClash,
  SynonymDictionaryList,
  SynonymEntry,
  SynonymList,
  SynonymListRequest,
} from './synonyms.js';
import { Trace } from './trace.js';

export * from './catalog-entity.js';
export * from './catalog-source.js';
export * from './common.js';
export * from './events.js';
export * from './imports.js';
export * from './insights.js';
export * from './inspection.js';
export * from './management.js';
export * from './offers.js';
export * from './pages.js';
export * from './previews.js';
export * from './problem.js';
export * from './rules.js';
export * from './search.js';
export { type Dismissal, PlacementAnswer, Redirect, Resolution } from './search-parts.js';
export * from './search-settings.js';
export * from './storage.js';
export * from './suggestions.js';
export * from './synonyms.js';

/**
 * Schemas with an `$id` that others reference by `Type.Ref`: every server registers them once, so
 * validation resolves the references and the OpenAPI description lists them as components.
 */
export const sharedSchemas: TSchema[] = [
  Violation,
  Problem,
  Selector,
  SearchRequest,
  Hit,
  FacetValue,
  Facet,
  AppliedFilter,
  Resolution,
  Redirect,
  PlacementAnswer,
  Trace,
  SortOption,
  Section,
  SearchResponse,
  HealthResponse,
  PageStep,
  OfferAnswer,
  PageLink,
  DetailAnswer,
  ProductAnswer,
  PageAnswer,
  RobotsAnswer,
  CategoryTree,
  SettingOrigin,
  PageSettingsRequest,
  PageSettingsAnswer,
  PreviewSearchRequest,
  PreviewSearchAnswer,
  PreviewPageRequest,
  PreviewPageAnswer,
  PreviewCompareRequest,
  CompareReason,
  PreviewCompareAnswer,
  PreviewFindRequest,
  PreviewFindAnswer,
  Snapshot,
  ReleaseFiles,
  ReleaseList,
  ReleaseSummary,
  Release,
  CreateReleaseBody,
  IndexRun,
  IndexRunList,
  Live,
  CatalogAccepted,
  PublishAccepted,
  RebuildAccepted,
  ValidateReleaseAnswer,
  ValidateReleaseRequest,
  PublicationRequest,
  PublicationDecision,
  Publication,
  ImportExport,
  DraftFiles,
  Import,
  ImportSummary,
  ImportList,
  ImportDraft,
  ImportAccepted,
  ChangeImportBody,
  PublishImportBody,
  ImportPublishAccepted,
  DraftConflict,
  ImportChanges,
  InspectRequest,
  CompareRequest,
  CompareAnswer,
  Inspection,
  SuggestRequest,
  ColumnSuggestions,
  PutCatalogSourceBody,
  CatalogFetch,
  CatalogSource,
  OfferUpdate,
  PutOffersBody,
  OffersAccepted,
  ResolveOffersRequest,
  ResolvedOffers,
  Storage,
  PatchStorageBody,
  EventItem,
  EventsBatch,
  EventsAccepted,
  InsightsDay,
  QueryInsight,
  Insights,
  CampaignInsights,
  Condition,
  RuleBody,
  RuleFields,
  RuleFieldChanges,
  RuleConflict,
  NamedEntity,
  ListedRule,
  RuleList,
  DraftRules,
  CreateRuleBody,
  ChangeRuleBody,
  MoveRuleBody,
  RuleListRequest,
  SynonymEntry,
  SynonymClash,
  ListedSynonym,
  SynonymDictionaryList,
  SynonymList,
  RefusedSynonym,
  DraftSynonyms,
  AddSynonymsBody,
  ChangeSynonymBody,
  CheckSynonymBody,
  SynonymCheck,
  SynonymListRequest,
  SynonymCheckRequest,
  TypeSearchSettings,
  SearchSettings,
  DraftSearchSettings,
  ChangeSearchSettingsBody,
  SearchSettingsRequest,
];
