import type { CatalogEntity } from '../../contracts/catalog-entity.js';
import { type CompileOptions, compileIndex, type OfferPatch } from '../../engine/index.js';
import { productRecordAttachments } from '../../pages/index.js';
import { catalogSuggestionAttachments, vocabularyAttachments } from '../../planner/index.js';
import { releaseView } from '../../release/release-view.js';
import { engineSettingsOf } from './engine-settings.js';
import { undeclaredAttributeKinds } from './undeclared-attributes.js';

/**
 * Compiles the artifact a query node serves for a catalog read with a release: the engine
 * settings of the release's files (with how to search the attributes attributes.json does not
 * declare, from their values), with the catalog's vocabulary (built with the release's
 * attributes.json) attached, so the node plans searches with the catalog it searches, what the
 * catalog suggests (title phrases, products per category and brand) beside it, and the product
 * records its product pages read.
 */
export function compileReleaseIndex(
  entities: readonly CatalogEntity[],
  files: Record<string, unknown>,
  options: Omit<CompileOptions, 'settings' | 'attachments'> & {
    /** Offers updates written over the catalog's offers (see PUT /offers). */
    offerPatches?: ReadonlyMap<string, readonly OfferPatch[]>;
  } = {},
): Promise<Uint8Array> {
  const attributes = releaseView(files).attributeList;
  const { offerPatches, ...compile } = options;
  return compileIndex(entities, {
    ...compile,
    settings: {
      ...engineSettingsOf(files),
      undeclaredAttributes: undeclaredAttributeKinds(entities, files),
      ...(offerPatches ? { offerPatches } : {}),
    },
    attachments: {
      ...vocabularyAttachments(entities, attributes),
      ...productRecordAttachments(entities, attributes),
      ...catalogSuggestionAttachments(entities),
    },
  });
}
