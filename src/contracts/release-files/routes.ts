import { type Static, Type } from '@sinclair/typebox';
import { EntityReference, ReleaseFile, Text } from './common.js';

const Path = Type.String({ pattern: '^/', description: 'A path starting with `/`.' });

export const LegacyRoute = Type.Object(
  {
    from: Path,
    to: Type.Optional(
      Type.Union([Path, EntityReference, Type.String({ pattern: '^https://' })], {
        description: 'A path, an entity (`type:id`) whose page it is now, or an https URL.',
      }),
    ),
    gone: Type.Optional(
      Type.Boolean({ description: 'The page was removed on purpose (410) instead of moved.' }),
    ),
  },
  { additionalProperties: false },
);

export const RoutesFile = ReleaseFile('routes.json', 'Routes: how shop URLs map to pages', {
  search: Type.Optional(
    Type.Object(
      {
        path: Type.Union([Path, Type.Record(Type.String(), Path)], {
          description: 'The search page, per locale.',
        }),
        query_parameter: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', default: 'q' })),
      },
      { additionalProperties: false },
    ),
  ),
  brands: Type.Optional(
    Type.Object(
      {
        path: Type.Union([Path, Type.Record(Type.String(), Path)], {
          description: 'A brand page path with `{brand}` where the brand id goes, per locale.',
        }),
      },
      { additionalProperties: false },
    ),
  ),
  parameters: Type.Optional(
    Type.Object(
      {
        page: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', default: 'page' })),
        sort: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', default: 'sort' })),
      },
      { additionalProperties: false, description: 'Names of the URL parameters listings read.' },
    ),
  ),
  filter_pages: Type.Optional(
    Type.Array(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), {
      description:
        'Field combinations whose filtered listings are pages of their own that search engines may index.',
    }),
  ),
  legacy: Type.Optional(
    Type.Array(LegacyRoute, { description: 'Old URLs: moved (redirect) or gone (410).' }),
  ),
  titles: Type.Optional(
    Type.Object(
      { search: Type.Optional(Text) },
      { additionalProperties: false, description: 'Titles of pages that have no entity of their own.' },
    ),
  ),
});
export type RoutesFile = Static<typeof RoutesFile>;
