import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/database.ts';

/**
 * Tenant-owned tables must be distributable by tenant_id (Citus) without redesign: tenant_id
 * in the primary key and in every unique index. See docs/decisions/0002-tenant-isolation.md.
 */
describe(`schema conventions on ${TEST_DB}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('puts tenant_id in the primary key and every unique index of tenant-owned tables', async () => {
    const result = await sql<{ table: string; index: string; columns: string[]; primary: boolean }>`
      SELECT t.relname AS table, i.relname AS index, ix.indisprimary AS primary,
             array(SELECT a.attname FROM unnest(ix.indkey) k JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k)::text[] AS columns
      FROM pg_index ix
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND (ix.indisunique OR ix.indisprimary)
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'tenant_id' AND a.attnotnull)`.execute(
      test.db.kysely,
    );
    expect(result.rows.length).toBeGreaterThan(0);
    for (const row of result.rows) expect(row.columns, `${row.table}.${row.index}`).toContain('tenant_id');
  });
});
