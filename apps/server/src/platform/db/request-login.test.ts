import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedDemo } from '../../demo/seed.ts';
import { ensureNerisIncidentType } from '../../modules/neris/core-type.ts';
import { testConfig } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { createOwnedDatabase, type OwnedDatabase } from '../../test/owner-database.ts';
import { type Database, openDatabase } from './database.ts';
import { APP_ROLE, GLOBAL_ROLE, migrate } from './migrate.ts';
import { requestLoginWarnings } from './role-check.ts';
import { withContext } from './tenancy.ts';

const PASSWORD = 'Station-42-hose';

/**
 * The request login of docs/database-roles.md (issue 19 #7, the gap decision 0021 left open):
 * with DATABASE_REQUEST_URL, departments' transactions log in as a role that is a member of
 * turnout_app only, so SQL injected into one cannot `RESET ROLE` to the owner or switch to
 * turnout_global: PostgreSQL checks SET ROLE against the login. Global work stays on the
 * owner's login. PostgreSQL only: the embedded database has no logins.
 */
describe.skipIf(TEST_DB !== 'postgres')('a request login for departments’ transactions (PostgreSQL only; PGlite has no logins)', () => {
  const requests = `turnout_requests_${randomBytes(4).toString('hex')}`;
  let setup: OwnedDatabase;
  let owner: string;
  let admin: pg.Client;
  let db: Database;
  let app: FastifyInstance;
  let riverside: string;
  let lakeside: string;

  const urlAs = (role: string) => setup.urlAs(role);
  /** The same database with one login for everything: the setup before DATABASE_REQUEST_URL. */
  const withSingleLogin = async <T>(fn: (single: Database) => Promise<T>): Promise<T> => {
    // Its own pool each time: an injected session-level SET ROLE outlives the transaction on a pooled connection.
    const single = await openDatabase({ databaseUrl: urlAs(owner), poolSize: 1 });
    try {
      return await fn(single);
    } finally {
      await single.close();
    }
  };

  beforeAll(async () => {
    // The superuser's part of docs/database-roles.md: the NOLOGIN roles, the owner, the request login.
    setup = await createOwnedDatabase([requests]);
    ({ owner, admin } = setup);
    const name = new URL(urlAs(owner)).pathname.slice(1);
    // Nothing an injected statement makes may outlive its transaction on a pooled connection.
    await admin.query(`REVOKE TEMPORARY ON DATABASE ${name} FROM PUBLIC`);
    await admin.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');

    db = await openDatabase({ databaseUrl: urlAs(owner), requestUrl: urlAs(requests), poolSize: 4 });
    await migrate(db);
    await ensureNerisIncidentType(db.kysely);
    const config = testConfig({ demo: true, demoPassword: PASSWORD });
    app = await buildApp({ config, db, logger: false });
    await app.ready();
    await seedDemo({ db: db.kysely, password: PASSWORD, argon2: config.argon2 });
    const tenants = await db.kysely.selectFrom('tenant').select(['id', 'name']).execute();
    riverside = tenants.find((t) => t.name === 'riverside')!.id;
    lakeside = tenants.find((t) => t.name === 'lakeside')!.id;
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await setup?.drop();
  });

  /** Runs `attack` in a Riverside transaction, then counts Lakeside's personnel from it. */
  const steal = (database: Database, attack: string) =>
    withContext(database.kysely, { tenantId: riverside, userId: null, isGlobal: false }, async (tx) => {
      await sql.raw(attack).execute(tx);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM personnel WHERE tenant_id = ${lakeside}::uuid`.execute(tx);
      return rows[0]!.n;
    });
  const attacks = () => [
    'RESET ROLE',
    `SET ROLE ${GLOBAL_ROLE}`,
    `SET LOCAL ROLE ${GLOBAL_ROLE}`,
    `SELECT set_config('role', '${GLOBAL_ROLE}', true)`,
    `SET ROLE ${owner}`,
    `SET SESSION AUTHORIZATION ${owner}`,
  ];

  it('runs departments’ transactions on the request login and global work on the owner’s', async () => {
    const who = (isGlobal: boolean) =>
      withContext(db.kysely, { tenantId: isGlobal ? null : riverside, userId: null, isGlobal }, async (tx) => {
        const { rows } = await sql<{ login: string; acting: string }>`SELECT session_user AS login, current_user AS acting`.execute(tx);
        return rows[0];
      });
    expect(await who(false)).toEqual({ login: requests, acting: APP_ROLE });
    expect(await who(true)).toEqual({ login: owner, acting: GLOBAL_ROLE });
    expect(await requestLoginWarnings(db)).toEqual([]);
  });

  it('refuses every way out of turnout_app that an injected statement could try', async () => {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM personnel WHERE tenant_id = $1', [lakeside]);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Before: with the owner's login for requests, the first four reach all of Lakeside's personnel.
    for (const attack of attacks().slice(0, 4)) expect(await withSingleLogin((single) => steal(single, attack)), attack).toBe(rows[0]!.n);
    // Now: SET ROLE and set_config('role') are refused (the login is a member of turnout_app
    // only); RESET ROLE succeeds but leaves the login itself, NOINHERIT, with no table rights.
    for (const attack of attacks()) await expect(steal(db, attack), attack).rejects.toThrow(/permission denied/);
    // Without an attack the same transaction reads nothing of Lakeside (row-level security).
    expect(await steal(db, 'SELECT 1')).toBe(0);
  });

  it('refuses objects an injected statement could leave behind for the next transactions on its connection', async () => {
    // A temporary table named like a real one would stand in for it for the rest of the session.
    for (const plant of [
      'CREATE TEMP TABLE personnel (id uuid)',
      'CREATE TABLE public.planted (id uuid)',
      'CREATE FUNCTION public.planted() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
    ])
      await expect(steal(db, plant), plant).rejects.toThrow(/permission denied/);
  });

  it('signs a chief in, lists and creates records, and shows the global admin every department', async () => {
    const signIn = async (email: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      return { authorization: `Bearer ${res.json().access_token}` };
    };
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const chief = await signIn('chief@riverside.example');
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: chief })).statusCode).toBe(200);
    const type = await app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: {
        label: 'Hose Test',
        object_data: { formtitle: '{unit}' },
        fields: [{ field_data: { property: 'unit', title: 'Unit', type: 'single-text' } }],
      },
    });
    expect(type.statusCode, type.body).toBe(201);
    const record = await app.inject({ method: 'POST', url: '/api/entity/hose_test', headers: chief, payload: { unit: 'Engine 1' } });
    expect(record.statusCode, record.body).toBe(201);
    expect(record.json().data.tenant_id).toBe(riverside);
    const list = await app.inject({ method: 'GET', url: '/api/entity/hose_test', headers: chief });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data as { display_name: string }[]).map((r) => r.display_name)).toEqual(['Engine 1']);

    const global = await signIn('admin@turnout.example');
    const tenants = await app.inject({ method: 'GET', url: '/api/admin/logins/tenants', headers: global });
    expect(tenants.statusCode, tenants.body).toBe(200);
    expect((tenants.json().data as { name: string }[]).map((t) => t.name)).toEqual(expect.arrayContaining(['riverside', 'lakeside']));
  });

  it('warns at start about a single login that owns the schema, and about a request login that may do more than turnout_app', async () => {
    expect(await withSingleLogin(requestLoginWarnings)).toEqual([
      expect.stringMatching(/^DATABASE_URL's login \(.+\) owns the schema and serves requests too/),
    ]);
    const wrong = await openDatabase({ databaseUrl: urlAs(owner), requestUrl: urlAs(owner), poolSize: 1 });
    try {
      const [warning] = await requestLoginWarnings(wrong);
      expect(warning).toMatch(/^DATABASE_REQUEST_URL's login \(.+\) owns tables or other objects, is also a member of .*turnout_global/);
    } finally {
      await wrong.close();
    }
  });
});
