import { withContext } from '../platform/db/tenancy.ts';
import type { TestApp } from './app.ts';

/**
 * Records written straight to the table (tests only): many at once, as saving each through the
 * API is slow. Each gets its display name and data; everything else is blank.
 */
export async function insertRecords(
  test: TestApp,
  tenantId: string,
  typeName: string,
  records: { display_name: string; data: Record<string, unknown> }[],
): Promise<void> {
  const db = test.database.db.kysely;
  const type = await db
    .selectFrom('entity_type')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', typeName)
    .executeTakeFirstOrThrow();
  await withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) =>
    tx
      .insertInto('entity')
      .values(
        records.map((record) => ({
          tenant_id: tenantId,
          entity_type_id: type.id,
          offline_id: null,
          uri: null,
          display_name: record.display_name,
          assignee: null,
          assignee_2: null,
          assignee_3: null,
          assignee_4: null,
          assignee_5: null,
          parent_entity_id: null,
          due_at: null,
          created_by: null,
          updated_by: null,
          deleted_at: null,
          data: JSON.stringify(record.data),
          data_requiring_approval: '{}',
        })),
      )
      .execute(),
  );
}
