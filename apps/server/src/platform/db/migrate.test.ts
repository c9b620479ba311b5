import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestDatabase, TEST_DB } from '../../test/database.ts';
import { openDatabase } from './database.ts';
import { loadMigrations, migrate } from './migrate.ts';

describe(`migrations on ${TEST_DB}`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('applies every migration once and records it; a second run applies nothing', async () => {
    const test = await createTestDatabase({ migrated: false });
    cleanups.push(() => test.drop());
    const first = await migrate(test.db);
    expect(first).toEqual(loadMigrations().map((m) => m.name));
    const second = await migrate(test.db);
    expect(second).toEqual([]);
    const recorded = await test.db.kysely.selectFrom('schema_migration').select('name').orderBy('name').execute();
    expect(recorded.map((r) => r.name)).toEqual(first);
  });

  it('rolls a failing migration back whole and leaves earlier ones recorded', async () => {
    const test = await createTestDatabase({ migrated: false });
    cleanups.push(() => test.drop());
    const good = loadMigrations();
    await migrate(test.db, good);
    const broken = [...good, { name: '9999_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
    await expect(migrate(test.db, broken)).rejects.toThrow(/9999_broken failed/);
    const table = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'half_done'`.execute(test.db.kysely);
    expect(table.rows[0]!.n).toBe(0);
    const names = await test.db.kysely.selectFrom('schema_migration').select('name').execute();
    expect(names.map((r) => r.name)).not.toContain('9999_broken');
  });

  it.runIf(TEST_DB === 'postgres')('is safe when two processes migrate the same database at once', async () => {
    const created = await createPostgresDatabase();
    const one = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    const two = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    cleanups.push(async () => {
      await one.close();
      await two.close();
      await created.drop();
    });
    const [a, b] = await Promise.all([migrate(one), migrate(two)]);
    // One of them applied everything, the other found nothing left to do.
    expect([...a, ...b].sort()).toEqual(loadMigrations().map((m) => m.name));
    expect(a.length === 0 || b.length === 0).toBe(true);
  });
});
