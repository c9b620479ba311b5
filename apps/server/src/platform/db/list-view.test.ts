import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase, twoTenants } from '../../test/database.ts';
import { APP_ROLE } from './migrate.ts';
import { withContext } from './tenancy.ts';

/**
 * entity_in_tenant (migration 0013) carries the isolation predicate itself, because row-level
 * security does not apply through a view owned by a role that bypasses it. These tests hold it
 * to the same rules as the policy.
 */
describe(`the list view entity_in_tenant on ${TEST_DB}`, () => {
  let test: TestDatabase;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const db = test.db.kysely;
    [tenantA, tenantB] = await twoTenants(db);
    const type = await sql<{ id: string }>`INSERT INTO entity_type (name, label) VALUES ('hydrant', 'Hydrant') RETURNING id`.execute(db);
    const typeId = type.rows[0]!.id;
    await sql`INSERT INTO entity (tenant_id, entity_type_id, display_name) VALUES
      (${tenantA}::uuid, ${typeId}::uuid, 'Maple A1'),
      (${tenantA}::uuid, ${typeId}::uuid, 'Maple A2'),
      (${tenantB}::uuid, ${typeId}::uuid, 'Maple B1')`.execute(db);
  });

  afterAll(() => test.drop());

  const names = (rows: { display_name: string }[]) => rows.map((r) => r.display_name).sort();
  const search = (tx: Parameters<Parameters<typeof withContext>[2]>[0]) =>
    tx.selectFrom('entity_in_tenant').select('display_name').where('display_name', 'ilike', '%maple%').execute();

  it('shows a tenant only its own records, even without a tenant predicate in the query', async () => {
    const rows = await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, search);
    expect(names(rows)).toEqual(['Maple A1', 'Maple A2']);
  });

  it('shows nothing when no tenant is set, and nothing to the bare app role', async () => {
    expect(await withContext(test.db.kysely, { tenantId: null, userId: null, isGlobal: false }, search)).toEqual([]);
    const bare = await test.db.kysely.transaction().execute(async (tx) => {
      await sql.raw(`SET LOCAL ROLE ${APP_ROLE}`).execute(tx);
      return search(tx);
    });
    expect(bare).toEqual([]);
  });

  it('shows every tenant at global level only', async () => {
    const rows = await withContext(test.db.kysely, { tenantId: null, userId: null, isGlobal: true }, search);
    expect(names(rows)).toEqual(['Maple A1', 'Maple A2', 'Maple B1']);
  });

  it('is read-only to the app role', async () => {
    const attempt = withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
      tx.updateTable('entity_in_tenant').set({ display_name: 'x' }).where('tenant_id', '=', tenantB).execute(),
    );
    await expect(attempt).rejects.toThrow(/permission denied/);
  });

  it('is owned by a role that bypasses row-level security, so list filters use their indexes', async () => {
    const owner = await sql<{ owner: string; bypass: boolean }>`
      SELECT r.rolname AS owner, r.rolbypassrls AS bypass
      FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE c.relname = 'entity_in_tenant'`.execute(test.db.kysely);
    expect(owner.rows[0]).toEqual({ owner: 'turnout_list_reader', bypass: true });
  });
});
