import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { hashToken, newToken } from '../platform/auth/context.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({ APP_ENV: 'development', DEMO: 'off', WEB_DIST: '/nonexistent', TURNOUT_EPHEMERAL_SECRET: '1' });
  // The OWASP minimum argon2 cost keeps tests quick; production defaults are higher.
  return { ...config, argon2: { memoryKiB: 19_456, timeCost: 2 }, ...overrides };
}

/** The whole app over a fresh database of its own; talk to it with `app.inject`. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // TEST_LOG=error shows what the server logs (stack traces of 500s) while debugging a test.
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close(); // closes the database through the onClose hook
      await database.drop();
    },
  };
}

let counter = 0;

/** A fresh tenant with one signed-in user acting in it; returns the bearer token. */
export async function createTenantUser(test: TestApp, options: { isGlobal?: boolean; role?: string } = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const db = test.database.db.kysely;
  const tenant = await db
    .insertInto('tenant')
    .values({ name: `tenant-${suffix}`, display_name: `Tenant ${suffix}` })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('app_user')
    .values({ email: `user-${suffix}@test.example`, display_name: `User ${suffix}` })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('user_session')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      tenant_id: tenant.id,
      acting_role: options.role ?? 'Tenant User',
      is_global: options.isGlobal ?? false,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { tenant, user, token, headers: { authorization: `Bearer ${token}` } };
}

/** How many records are stored (as the owner, across tenants): a refused save must leave it unchanged. */
export async function storedRecordCount(test: TestApp): Promise<number> {
  const row = await test.database.db.kysely
    .selectFrom('entity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new entity type with one text field, `unit`, that names its records: its id. */
export async function makeUnitType(test: TestApp, headers: Record<string, string>, label: string): Promise<string> {
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/entity-type',
    headers,
    payload: {
      label,
      object_data: { formtitle: '{unit}' },
      fields: [{ field_data: { property: 'unit', title: 'Unit', type: 'single-text' } }],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as string;
}
