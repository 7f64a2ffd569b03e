import type { TSchema } from '@sinclair/typebox';
import {
  RELEASE_FILE_NAMES,
  type ReleaseFileName,
  releaseFileSchemas,
  releaseFileSharedSchemas,
} from '../contracts/release-files/index.js';
import { SearchRequest, Selector } from '../contracts/search.js';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The JSON Schema of one release file as a document an editor can load on its own: the schemas it
 * references by `$id` are carried under `$defs` and referenced locally.
 */
export function releaseFileJsonSchema(name: ReleaseFileName, url: string): Record<string, unknown> {
  const definitions = Object.fromEntries(
    [Selector, SearchRequest, ...releaseFileSharedSchemas].map((schema) => {
      const { $id, ...rest } = localRefs(schema) as Record<string, unknown>;
      return [String($id), rest];
    }),
  );
  const { $id: _ignored, ...schema } = localRefs(releaseFileSchemas[name]) as Record<string, unknown>;
  return { $schema: DRAFT, $id: url, ...schema, $defs: definitions };
}

export function isPublishedSchema(name: string): name is ReleaseFileName {
  return (RELEASE_FILE_NAMES as string[]).includes(name);
}

/** A copy of the schema whose `$ref`s to other schemas by `$id` point into `$defs`. */
function localRefs(schema: TSchema | unknown): unknown {
  if (Array.isArray(schema)) return schema.map(localRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === '$ref' && typeof value === 'string' && !value.startsWith('#')
        ? `#/$defs/${value}`
        : localRefs(value);
  }
  return copy;
}
