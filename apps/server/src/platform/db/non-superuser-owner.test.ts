import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedDemo } from '../../demo/seed.ts';
import { loadFutureEntities } from '../../modules/calendar/occurrences.ts';
import { runDailyChecks } from '../../modules/entities/daily.ts';
import { ensureNerisIncidentType } from '../../modules/neris/core-type.ts';
import { testConfig } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { createOwnedDatabase, type OwnedDatabase } from '../../test/owner-database.ts';
import { type Database, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { databaseRoleWarning } from './role-check.ts';

const PASSWORD = 'Station-42-hose';

/**
 * The production setup of docs/database-roles.md, end to end (issue 19 #7): the server logs in
 * as a role that is neither superuser nor BYPASSRLS and owns the schema, so FORCE ROW LEVEL
 * SECURITY binds it too. Migrations, the demo seed, the background jobs, sign-in, a list and
 * global-admin pages must all work as it. PostgreSQL only: the embedded database has one
 * superuser and no logins.
 */
describe.skipIf(TEST_DB !== 'postgres')('the server as a non-superuser owner role (PostgreSQL only; PGlite has no login roles)', () => {
  let setup: OwnedDatabase;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    // The superuser's part of the setup: the two NOLOGIN roles, the login role, its database.
    setup = await createOwnedDatabase();
    db = await openDatabase({ databaseUrl: setup.urlAs(setup.owner), poolSize: 5 });
    await migrate(db);
    await ensureNerisIncidentType(db.kysely);
    const config = testConfig({ demo: true, demoPassword: PASSWORD });
    app = await buildApp({ config, db, logger: false });
    await app.ready();
    await seedDemo({ db: db.kysely, password: PASSWORD, argon2: config.argon2 });
  }, 600_000);

  afterAll(async () => {
    await app?.close();
    await setup?.drop();
  });

  const signIn = async (email: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().access_token}` };
  };

  it('owns the schema without being a superuser or BYPASSRLS, so row-level security binds it', async () => {
    const rows = await db.rawTransaction((raw) =>
      raw.query<{ user: string; super: boolean; bypass: boolean; owned: number }>(
        `SELECT current_user AS user, rolsuper AS super, rolbypassrls AS bypass,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned
       FROM pg_roles WHERE rolname = current_user`,
      ),
    );
    expect(rows[0]).toMatchObject({ user: setup.owner, super: false, bypass: false });
    expect(rows[0]!.owned).toBeGreaterThan(10);
    expect(await databaseRoleWarning(db)).toBeUndefined();
  });

  it('signs a chief in, lists their records (their department only) and runs the background jobs', async () => {
    const chief = await signIn('chief@riverside.example');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: chief });
    expect(me.statusCode, me.body).toBe(200);
    const types = await app.inject({ method: 'GET', url: '/api/entity-type', headers: chief });
    expect(types.statusCode, types.body).toBe(200);
    const listed: { tenant_id?: string }[] = [];
    for (const type of (types.json().data as { name: string }[]).slice(0, 6)) {
      const res = await app.inject({ method: 'GET', url: `/api/entity/${type.name}`, headers: chief });
      expect(res.statusCode, `${type.name}: ${res.body}`).toBe(200);
      listed.push(...res.json().data);
    }
    expect(listed.length).toBeGreaterThan(0);
    const riverside = (await db.kysely.selectFrom('tenant').select('id').where('name', '=', 'riverside').executeTakeFirstOrThrow()).id;
    for (const row of listed) if (row.tenant_id) expect(row.tenant_id).toBe(riverside);
    await runDailyChecks(db.kysely, undefined);
    await loadFutureEntities(db.kysely, {});
  });

  it('signs the global admin in and shows them every department', async () => {
    const global = await signIn('admin@turnout.example');
    const tenants = await app.inject({ method: 'GET', url: '/api/admin/logins/tenants', headers: global });
    expect(tenants.statusCode, tenants.body).toBe(200);
    expect((tenants.json().data as { name: string }[]).map((t) => t.name)).toEqual(expect.arrayContaining(['riverside', 'lakeside']));
    const actions = await app.inject({ method: 'GET', url: '/api/sensitive-actions', headers: global });
    expect(actions.statusCode, actions.body).toBe(200);
  });
});
