import type { Kysely, Transaction } from 'kysely';
import { type Schema, SINGLE_ROW } from './schema.js';

/**
 * Makes a kept release the published one, counting the write (`revision`): drafts read the count
 * into their version, so every publish, of an earlier release too, gives them a new one.
 */
export async function writePublication(
  db: Kysely<Schema> | Transaction<Schema>,
  releaseId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('publication')
    .values({ slot: SINGLE_ROW, release_id: releaseId, published_at: at, revision: 1 })
    .onConflict((conflict) =>
      conflict.column('slot').doUpdateSet((eb) => ({
        release_id: releaseId,
        published_at: at,
        revision: eb('publication.revision', '+', 1),
      })),
    )
    .execute();
}
