import type { EntityRecord } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { showRecord } from './service.ts';

/** POST /entity/{type}/{id}/toggleWatch: watch or stop watching; answers data.watching. */
export async function toggleWatch(db: Kysely<DB>, auth: AuthContext, typeName: string, id: string): Promise<{ watching: boolean }> {
  const record = await showRecord(db, auth, typeName, id, false);
  return withContext(db, dbContext(auth), async (tx) => {
    const removed = await tx
      .deleteFrom('entity_watcher')
      .where('tenant_id', '=', record.tenant_id)
      .where('entity_id', '=', record.id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return { watching: false };
    await tx.insertInto('entity_watcher').values({ tenant_id: record.tenant_id, entity_id: record.id, user_id: auth.userId }).execute();
    return { watching: true };
  });
}

export async function isWatching(db: Kysely<DB>, auth: AuthContext, record: EntityRecord): Promise<boolean> {
  const row = await withContext(db, dbContext(auth), (tx) =>
    tx
      .selectFrom('entity_watcher')
      .select('user_id')
      .where('tenant_id', '=', record.tenant_id)
      .where('entity_id', '=', record.id)
      .where('user_id', '=', auth.userId)
      .executeTakeFirst(),
  );
  return row !== undefined;
}
