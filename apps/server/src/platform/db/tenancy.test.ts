import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase, twoTenants } from '../../test/database.ts';
import { APP_ROLE, GLOBAL_ROLE } from './migrate.ts';
import { inlined, readInContext, type Tx, withContext } from './tenancy.ts';

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

  // A raw statement, compiled as a query of the test database.
  const raw = <O>(statement: RawBuilder<O>) => ({ compile: () => statement.compile(test.db.kysely) });

  it('reads in one round trip with the same isolation: own rows only, and nothing with no tenant', async () => {
    const db = test.db.kysely;
    const notices = db.selectFrom('notice').select('title');
    const [a, count] = await readInContext(db, { tenantId: tenantA, userId: null, isGlobal: false }, [
      notices,
      db.selectFrom('notice').select((eb) => eb.fn.countAll<number>().as('n')),
    ]);
    expect(titles(a)).toEqual(['A1', 'A2']);
    expect(Number(count[0]!.n)).toBe(2);
    const [none] = await readInContext(db, { tenantId: null, userId: null, isGlobal: false }, [notices]);
    expect(none).toEqual([]);
    const [role] = await readInContext(db, { tenantId: tenantA, userId: null, isGlobal: false }, [
      raw(sql<{ user: string }>`SELECT current_user AS user`),
    ]);
    expect(role).toEqual([{ user: APP_ROLE }]);
  });

  it('reads values written as literals back exactly, quotes, backslashes and SQL in them included', async () => {
    const tricky = ["it's", 'back\\slash \\x00', "'); DROP TABLE notice; --", '$1 "quoted" $$', 'ünï\u{1F600}'];
    const [rows] = await readInContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, [
      raw(sql<{ one: string; many: string[]; none: null; n: number; at: Date; title: string | null }>`SELECT ${tricky[2]}::text AS one,
        ${sql.val(tricky)}::text[] AS many, ${null}::text AS none, ${-42}::int AS n, ${new Date('2026-01-02T03:04:05.678Z')}::timestamptz AS at,
        (SELECT title FROM notice WHERE title = ${'A1'}) AS title`),
    ]);
    expect(rows).toEqual([{ one: tricky[2], many: tricky, none: null, n: -42, at: new Date('2026-01-02T03:04:05.678Z'), title: 'A1' }]);
    // The statement in the value ran as nothing but text.
    expect(await test.db.kysely.selectFrom('notice').select('title').execute()).toHaveLength(3);
  });

  it('rolls a failed read back, and the next read on the pool runs clean', async () => {
    const context = { tenantId: tenantA, userId: null, isGlobal: false };
    await expect(readInContext(test.db.kysely, context, [raw(sql`SELECT 1 / ${0}::int AS x`)])).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 12; i++) {
      const [rows] = await readInContext(test.db.kysely, context, [test.db.kysely.selectFrom('notice').select('title')]);
      expect(titles(rows)).toEqual(['A1', 'A2']);
    }
  });

  it('refuses a query whose placeholders do not match its parameters', () => {
    const literal = (v: unknown) => `'${String(v)}'`;
    expect(inlined({ sql: 'select $1, \'$2\', "$3"', parameters: ['a'] } as never, literal)).toBe(`select 'a', '$2', "$3"`);
    expect(() => inlined({ sql: 'select $2', parameters: ['a', 'b'] } as never, literal)).toThrow(/placeholders/);
    expect(() => inlined({ sql: 'select $1', parameters: ['a', 'b'] } as never, literal)).toThrow(/placeholders/);
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

  it('enables and forces RLS, with a policy, on every table that has a tenant_id (issue 19 #7)', async () => {
    const result = await sql<{ table: string; rls: boolean; forced: boolean; policies: number }>`
      SELECT c.relname AS table, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)`.execute(
      test.db.kysely,
    );
    expect(result.rows.map((r) => r.table)).toEqual(expect.arrayContaining(['role_assignment', 'user_session', 'sensitive_action']));
    for (const row of result.rows) expect(row, row.table).toMatchObject({ rls: true, forced: true, policies: 1 });
  });

  describe('the global flag cannot be forged by the app role (issue 19 #7)', () => {
    let userA: string;
    let userB: string;
    beforeAll(async () => {
      const db = test.db.kysely;
      const users = await db
        .insertInto('app_user')
        .values([
          { email: 'forge-a@test.example', display_name: 'A' },
          { email: 'forge-b@test.example', display_name: 'B' },
        ])
        .returning(['id', 'email'])
        .execute();
      userA = users.find((u) => u.email === 'forge-a@test.example')!.id;
      userB = users.find((u) => u.email === 'forge-b@test.example')!.id;
      const expires_at = new Date(Date.now() + 3_600_000);
      await db
        .insertInto('role_assignment')
        .values([
          { user_id: userA, role_key: 'Tenant User', tenant_id: tenantA },
          { user_id: userB, role_key: 'Tenant User', tenant_id: tenantB },
          { user_id: userB, role_key: 'MSFES User', tenant_id: null },
        ])
        .execute();
      await db
        .insertInto('user_session')
        .values([
          { token_hash: Buffer.from('forge-a'), user_id: userA, tenant_id: tenantA, expires_at },
          { token_hash: Buffer.from('forge-b'), user_id: userB, tenant_id: tenantB, expires_at },
          { token_hash: Buffer.from('forge-g'), user_id: userB, tenant_id: null, is_global: true, expires_at },
        ])
        .execute();
      await db
        .insertInto('sensitive_action')
        .values([
          { tenant_id: tenantA, user_display_name: 'A', name: 'forge', content: 'A' },
          { tenant_id: tenantB, user_display_name: 'B', name: 'forge', content: 'B' },
          { tenant_id: null, user_display_name: 'G', name: 'forge', content: 'G' },
        ])
        .execute();
    });

    /** What a tenant-A transaction sees of the four tables after `forge` ran in it. */
    const seenAfter = (forge: (tx: Tx) => Promise<unknown>) =>
      withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, async (tx) => {
        await forge(tx);
        return {
          notices: titles(await tx.selectFrom('notice').select('title').execute()),
          roles: (await tx.selectFrom('role_assignment').select(['user_id', 'tenant_id']).execute())
            .map((r) => `${r.user_id === userA ? 'A' : 'B'}@${r.tenant_id === tenantA ? 'a' : r.tenant_id === null ? 'global' : 'b'}`)
            .sort(),
          sessions: (await tx.selectFrom('user_session').select('tenant_id').execute()).map((r) => r.tenant_id),
          actions: (await tx.selectFrom('sensitive_action').select('content').where('name', '=', 'forge').execute()).map((r) => r.content),
        };
      });

    const tenantAOnly = () => ({ notices: ['A1', 'A2'], roles: ['A@a', 'B@global'], sessions: [tenantA], actions: ['A'] });

    it('shows a department only its own role assignments (and global ones), sessions and sensitive actions', async () => {
      expect(await seenAfter(async () => {})).toEqual(tenantAOnly());
    });

    it('ignores app.is_global set by set_config or SET LOCAL inside a tenant transaction', async () => {
      expect(await seenAfter((tx) => sql`SELECT set_config('app.is_global', 'on', true)`.execute(tx))).toEqual(tenantAOnly());
      expect(await seenAfter((tx) => sql.raw(`SET LOCAL app.is_global = 'on'`).execute(tx))).toEqual(tenantAOnly());
    });

    it('does not let the app role make itself a member of the global role', async () => {
      await expect(
        withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, (tx) =>
          sql.raw(`GRANT ${GLOBAL_ROLE} TO ${APP_ROLE}`).execute(tx),
        ),
      ).rejects.toThrow(/permission denied|must have admin option/);
    });

    it("refuses to write another tenant's or a global row into the three tables", async () => {
      const attempts: ((tx: Tx) => Promise<unknown>)[] = [
        (tx) => tx.insertInto('role_assignment').values({ user_id: userA, role_key: 'Tenant Admin', tenant_id: tenantB }).execute(),
        (tx) => tx.insertInto('role_assignment').values({ user_id: userA, role_key: 'MSFES User', tenant_id: null }).execute(),
        (tx) => tx.updateTable('role_assignment').set({ tenant_id: tenantB }).where('user_id', '=', userA).execute(),
        (tx) =>
          tx
            .insertInto('user_session')
            .values({ token_hash: Buffer.from('forge-x'), user_id: userA, tenant_id: null, is_global: true, expires_at: new Date() })
            .execute(),
        (tx) => tx.insertInto('sensitive_action').values({ tenant_id: tenantB, user_display_name: 'x', name: 'x', content: 'x' }).execute(),
      ];
      for (const attempt of attempts)
        await expect(withContext(test.db.kysely, { tenantId: tenantA, userId: null, isGlobal: false }, attempt)).rejects.toThrow(
          /row-level security/,
        );
    });

    it('lets global work (the global role) see and write every tenant', async () => {
      const seen = await withContext(test.db.kysely, { tenantId: null, userId: null, isGlobal: true }, async (tx) => ({
        user: (await sql<{ user: string }>`SELECT current_user AS user`.execute(tx)).rows[0]!.user,
        roles: (await tx.selectFrom('role_assignment').select('id').where('user_id', 'in', [userA, userB]).execute()).length,
        sessions: (await tx.selectFrom('user_session').select('tenant_id').where('user_id', 'in', [userA, userB]).execute()).length,
        actions: (await tx.selectFrom('sensitive_action').select('content').where('name', '=', 'forge').execute()).length,
      }));
      expect(seen).toEqual({ user: GLOBAL_ROLE, roles: 3, sessions: 3, actions: 3 });
    });
  });
});
