import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/database.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { databaseRoleWarning, requestLoginWarnings } from './role-check.ts';

/** The server warns at start when it connects as a role row-level security does not hold for (issue 19 #7). */
describe(`database role warning on ${TEST_DB}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.drop());

  it.runIf(TEST_DB === 'pglite')('has nothing to say about the embedded database', async () => {
    expect(await databaseRoleWarning(database.db)).toBeUndefined();
    expect(await requestLoginWarnings(database.db)).toEqual([]);
  });

  it('refuses a request login without DATABASE_URL: the embedded database has no logins', async () => {
    const env = { DATABASE_REQUEST_URL: 'postgres://requests@127.0.0.1:5432/turnout', TURNOUT_EPHEMERAL_SECRET: '1' };
    expect(() => loadConfig(env)).toThrow(/^DATABASE_REQUEST_URL needs DATABASE_URL/);
    await expect(openDatabase({ requestUrl: env.DATABASE_REQUEST_URL })).rejects.toThrow(/^DATABASE_REQUEST_URL needs DATABASE_URL/);
  });

  it.runIf(TEST_DB === 'postgres')('warns for a superuser and is quiet for a plain login role', async () => {
    // The test server's user is a superuser.
    expect(await databaseRoleWarning(database.db)).toMatch(
      /^DATABASE_URL connects as a superuser \(.+\): row-level security does not apply/,
    );
    const name = `turnout_plain_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER NOBYPASSRLS`);
      const url = new URL(database.url!);
      url.username = name;
      const plain = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        expect(await databaseRoleWarning(plain)).toBeUndefined();
      } finally {
        await plain.close();
      }
      await admin.query(`ALTER ROLE ${name} BYPASSRLS`);
      const bypass = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        expect(await databaseRoleWarning(bypass)).toMatch(/^DATABASE_URL connects as a role with BYPASSRLS/);
      } finally {
        await bypass.close();
      }
    } finally {
      await admin.query(`DROP ROLE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
