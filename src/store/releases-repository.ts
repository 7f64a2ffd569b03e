import type { Kysely, Selectable } from 'kysely';
import { canonicalJson } from '../lib/canonical-json.js';
import { type PageRequest, pageOffset } from '../lib/paging.js';
import { writePublication } from './publication-write.js';
import type { Instant, PublishedRelease, ReleaseRecord } from './records.js';
import { storedTime, toNumber } from './rows.js';
import type { ReleasesTable, Schema } from './schema.js';

export interface NewRelease {
  id: string;
  files: Record<string, unknown>;
  createdAt: Instant;
}

export interface ReleasesRepository {
  /** Keeps a release; an id that exists already is left as it was (`created: false`). */
  create(release: NewRelease): Promise<{ created: boolean; release: ReleaseRecord }>;
  get(id: string): Promise<ReleaseRecord | undefined>;
  /** Newest first; releases created at the same time, the last created first. */
  list(page: PageRequest): Promise<{ items: ReleaseRecord[]; total: number }>;
  /** Makes a kept release the published one; false when there is no such release. */
  publish(id: string, at: Instant): Promise<boolean>;
  published(): Promise<PublishedRelease | undefined>;
}

export function createReleasesRepository(db: Kysely<Schema>): ReleasesRepository {
  const get = async (id: string) => {
    const row = await db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRelease(row);
  };

  return {
    async create(release) {
      const inserted = await db
        .insertInto('releases')
        .values({
          id: release.id,
          files: canonicalJson(release.files),
          created_at: storedTime(release.createdAt),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { created: true, release: toRelease(inserted) };
      const kept = await get(release.id);
      if (!kept) throw new Error(`Release ${release.id} was neither inserted nor found.`);
      return { created: false, release: kept };
    },

    get,

    async list(page) {
      const rows = await db
        .selectFrom('releases')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(page.perPage)
        .offset(pageOffset(page))
        .execute();
      const count = await db
        .selectFrom('releases')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return { items: rows.map(toRelease), total: toNumber(count.total) };
    },

    async publish(id, at) {
      if (!(await get(id))) return false;
      await writePublication(db, id, storedTime(at));
      return true;
    },

    async published() {
      const row = await db
        .selectFrom('publication')
        .innerJoin('releases', 'releases.id', 'publication.release_id')
        .selectAll('releases')
        .select(['publication.published_at', 'publication.revision'])
        .executeTakeFirst();
      return row && { release: toRelease(row), publishedAt: row.published_at, revision: row.revision };
    },
  };
}

function toRelease(row: Selectable<ReleasesTable>): ReleaseRecord {
  return { id: row.id, files: JSON.parse(row.files) as Record<string, unknown>, createdAt: row.created_at };
}
