import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase, twoTenants } from '../../test/database.ts';
import { APP_ROLE } from './migrate.ts';
import { withContext } from './tenancy.ts';

describe(`row-level security on ${TEST_DB}`, () => {
  let test: TestDatabase;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    const db = test.db.kysely;
    [tenantA, tenantB] = await twoTenants(db);
    // The owner (a superuser in tests) bypasses RLS, which is how the seed writes both tenants.
    await db
      .insertInto('notice')
      .values([
        { tenant_id: tenantA, title: 'A1', created_by: null },
        { tenant_id: tenantA, title: 'A2', created_by: null },
        { tenant_id: tenantB, title: 'B1', created_by: null },
      ])
      .execute();
  });

  afterAll(() => test.drop());

  const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();

  it('shows a tenant only its own rows, even without a tenant predicate', async () => {
    const rows = await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('notice').select('title').execute(),
    );
    expect(titles(rows)).toEqual(['A1', 'A2']);
  });

  it('shows nothing when no tenant is set (fails closed)', async () => {
    const rows = await withContext(test.db.kysely, { tenantId: null, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('notice').select('title').execute(),
    );
    expect(rows).toEqual([]);
  });

  it('shows nothing as the app role when the setting was never set', async () => {
    const rows = await test.db.kysely.transaction().execute(async (tx) => {
      await sql.raw(`SET LOCAL ROLE ${APP_ROLE}`).execute(tx);
      return tx.selectFrom('notice').select('title').execute();
    });
    expect(rows).toEqual([]);
  });

  it('shows nothing when the setting was set and then reset to empty', async () => {
    const rows = await test.db.kysely.transaction().execute(async (tx) => {
      await sql`SELECT set_config('app.tenant_id', ${tenantA}, true)`.execute(tx);
      await sql`SELECT set_config('app.tenant_id', '', true)`.execute(tx);
      await sql.raw(`SET LOCAL ROLE ${APP_ROLE}`).execute(tx);
      return tx.selectFrom('notice').select('title').execute();
    });
    expect(rows).toEqual([]);
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
        tx.insertInto('notice').values({ tenant_id: tenantB, title: 'sneaky', created_by: null }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const count = await test.db.kysely.selectFrom('notice').select('title').where('title', '=', 'sneaky').execute();
    expect(count).toEqual([]);
  });

  it("cannot update or delete another tenant's rows", async () => {
    const result = await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, async (tx) => {
      const updated = await tx.updateTable('notice').set({ title: 'changed' }).where('tenant_id', '=', tenantB).executeTakeFirst();
      const deleted = await tx.deleteFrom('notice').where('tenant_id', '=', tenantB).executeTakeFirst();
      return { updated: Number(updated.numUpdatedRows), deleted: Number(deleted.numDeletedRows) };
    });
    expect(result).toEqual({ updated: 0, deleted: 0 });
    expect(titles(await test.db.kysely.selectFrom('notice').select('title').where('tenant_id', '=', tenantB).execute())).toEqual(['B1']);
  });

  it('lets a global admin see every tenant', async () => {
    const rows = await withContext(test.db.kysely, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
      tx.selectFrom('notice').select('title').execute(),
    );
    expect(titles(rows)).toEqual(['A1', 'A2', 'B1']);
  });

  it('runs request queries as a role that owns no table and cannot bypass RLS', async () => {
    const role = await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
      sql<{ user: string; bypass: boolean; super: boolean }>`
        SELECT current_user AS user, rolbypassrls AS bypass, rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(tx),
    );
    expect(role.rows[0]).toEqual({ user: APP_ROLE, bypass: false, super: false });
    const owned = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = ${APP_ROLE}`.execute(test.db.kysely);
    expect(owned.rows[0]!.n).toBe(0);
  });

  it('leaves the settings and the role behind when the transaction ends', async () => {
    await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: true }, async () => {});
    const after = await sql<{ tenant: string | null; role: string }>`
      SELECT current_setting('app.tenant_id', true) AS tenant, current_user AS role`.execute(test.db.kysely);
    expect(after.rows[0]!.role).not.toBe(APP_ROLE);
    expect(after.rows[0]!.tenant ?? '').toBe('');
  });

  it('rolls back what a failed transaction wrote, and refuses ids that are not uuids', async () => {
    const failing = withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, async (tx) => {
      await tx.insertInto('notice').values({ tenant_id: tenantA, title: 'A3', created_by: null }).execute();
      throw new Error('later step failed');
    });
    await expect(failing).rejects.toThrow('later step failed');
    const rows = await withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('notice').select('title').execute(),
    );
    expect(titles(rows)).toEqual(['A1', 'A2']);
    for (const tenantId of ["x', true), set_config('app.is_global', 'on", 'not-a-uuid']) {
      await expect(withContext(test.db.kysely, { tenantId, userId: null, isGlobal: false }, async () => 1)).rejects.toThrow(
        'A tenant or user id must be a uuid.',
      );
    }
  });

  it('enables and forces RLS on every tenant-owned table (tenant_id NOT NULL)', async () => {
    const result = await sql<{ table: string; rls: boolean; forced: boolean }>`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND a.attnotnull AND NOT a.attisdropped)`.execute(
      test.db.kysely,
    );
    expect(result.rows.length).toBeGreaterThan(0);
    for (const row of result.rows) expect(row, row.table).toMatchObject({ rls: true, forced: true });
  });
});
