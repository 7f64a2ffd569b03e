import { type Static, Type } from '@sinclair/typebox';

/** How many earlier catalogs the clean-up keeps, at most. */
export const MAX_KEPT_CATALOGS = 100;
export const DEFAULT_KEPT_CATALOGS = 3;

const Part = (description: string) =>
  Type.Object(
    {
      count: Type.Integer({ minimum: 0, description: 'How many are kept.' }),
      bytes: Type.Integer({ minimum: 0, description: 'The disk they take.' }),
    },
    { additionalProperties: false, description },
  );

export const Storage = Type.Object(
  {
    kept_catalogs: Type.Integer({
      minimum: 0,
      maximum: MAX_KEPT_CATALOGS,
      description:
        'How many earlier catalogs the clean-up keeps besides the live one, the current one and those a waiting run reads.',
    }),
    bytes: Type.Integer({ minimum: 0, description: 'The disk all the parts below take together.' }),
    catalogs: Part(
      'Catalog snapshots: the live catalog, the current one, those a waiting run reads and the earlier ones kept.',
    ),
    exports: Part(
      'Exports of imports that are no catalog (drafts, discarded and replaced imports before their clean-up).',
    ),
    artifacts: Part('Built indexes: the live one and those waiting runs may go live with.'),
    offers: Part('Offers sent with PUT /offers over the live catalog (rows in the database).'),
    search_log: Type.Optional(
      Part(
        'Searches logged and kept for the retention period (rows in the database, with their events on the disk they take); absent while none are kept.',
      ),
    ),
    database: Type.Optional(
      Type.Object(
        { bytes: Type.Integer({ minimum: 0 }) },
        {
          additionalProperties: false,
          description: 'The SQLite file in the data dir; absent on PostgreSQL.',
        },
      ),
    ),
  },
  { $id: 'Storage', additionalProperties: false },
);
export type Storage = Static<typeof Storage>;

export const PatchStorageBody = Type.Object(
  {
    kept_catalogs: Type.Integer({
      minimum: 0,
      maximum: MAX_KEPT_CATALOGS,
      description: `Earlier catalogs to keep, 0 to ${MAX_KEPT_CATALOGS} (default ${DEFAULT_KEPT_CATALOGS}); the clean-up removes the rest within seconds.`,
    }),
  },
  { $id: 'PatchStorageBody', additionalProperties: false },
);
export type PatchStorageBody = Static<typeof PatchStorageBody>;
