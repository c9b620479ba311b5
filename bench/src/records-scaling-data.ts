/**
 * The database of the scaling bench (issue 21): tenants holding 1,000,000, 100,000 and 10,000
 * records of one type (SCALING_SIZES), built once and kept on the local PostgreSQL under one name
 * (BENCH_RECORDS_DB, default bench_1m), since building it takes several minutes on 2 cores.
 * Later runs find it and only migrate it (a migration added since is applied to it) and sign in.
 */
import pg from 'pg';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { CLIENTS, SCALING_SIZES, seedRecords } from './records-data.ts';

export const SCALING_DB = process.env.BENCH_RECORDS_DB ?? 'bench_1m';

export interface ScalingTenant {
  records: number;
  tenantId: string;
  /** One bearer token per client, each a Tenant User of this tenant. */
  tokens: string[];
  users: { id: string; email: string; displayName: string }[];
}

export interface ScalingData {
  url: string;
  typeName: string;
  typeId: string;
  tenants: ScalingTenant[];
  /** Seconds the build took, when this run built the database. */
  builtSeconds: number | null;
}

const log = (line: string) => process.stdout.write(`[scaling] ${line}\n`);

/** The kept database, built when missing (or when an earlier build did not finish). */
export async function scalingDatabase(adminUrl: string): Promise<ScalingData> {
  const url = new URL(adminUrl);
  url.pathname = `/${SCALING_DB}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let built: number | null = null;
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [SCALING_DB])).rowCount === 1;
    let complete = false;
    if (exists) {
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      complete =
        (await probe.query(`SELECT 1 FROM pg_class WHERE relname = 'bench_scaling_built'`).catch(() => ({ rowCount: 0 }))).rowCount === 1;
      await probe.end();
      if (!complete) await admin.query(`DROP DATABASE ${SCALING_DB} WITH (FORCE)`);
    }
    if (!complete) {
      const started = performance.now();
      await admin.query(`CREATE DATABASE ${SCALING_DB}`);
      log(`building ${SCALING_DB}: ${SCALING_SIZES.map((n) => n.toLocaleString('en')).join(', ')} records…`);
      const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        await seedRecords(db, url.toString(), log, SCALING_SIZES);
      } finally {
        await db.close();
      }
      const done = new pg.Client({ connectionString: url.toString() });
      await done.connect();
      await done.query(
        `CREATE TABLE bench_scaling_built AS SELECT now() AS built_at, ${(performance.now() - started) / 1000}::float8 AS seconds`,
      );
      await done.end();
      built = (performance.now() - started) / 1000;
    }
  } finally {
    await admin.end();
  }
  // Migrations added since the build are applied now (the server would apply them too).
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const type = (await client.query(`SELECT id, name FROM entity_type WHERE name = 'bench_incident_report'`)).rows[0] as {
      id: string;
      name: string;
    };
    const clerks = (
      await client.query(`SELECT id, email, display_name FROM app_user WHERE email LIKE 'clerk%@records.bench.example' ORDER BY email`)
    ).rows as { id: string; email: string; display_name: string }[];
    const tenants: ScalingTenant[] = [];
    for (const [i, records] of SCALING_SIZES.entries()) {
      const tenantId = (await client.query(`SELECT id FROM tenant WHERE name = $1`, [`bench-dept-${i}`])).rows[0]!.id as string;
      const tokens: string[] = [];
      for (const clerk of clerks.slice(0, CLIENTS)) {
        await client.query(
          `INSERT INTO role_assignment (user_id, role_key, tenant_id)
           SELECT $1, 'Tenant User', $2 WHERE NOT EXISTS (SELECT 1 FROM role_assignment WHERE user_id = $1 AND tenant_id = $2)`,
          [clerk.id, tenantId],
        );
        const token = newToken();
        await client.query(
          `INSERT INTO user_session (token_hash, user_id, tenant_id, acting_role, expires_at) VALUES ($1, $2, $3, 'Tenant User', now() + interval '1 day')`,
          [hashToken(token), clerk.id, tenantId],
        );
        tokens.push(token);
      }
      tenants.push({
        records,
        tenantId,
        tokens,
        users: clerks.slice(0, CLIENTS).map((c) => ({ id: c.id, email: c.email, displayName: c.display_name })),
      });
    }
    return { url: url.toString(), typeName: type.name, typeId: type.id, tenants, builtSeconds: built };
  } finally {
    await client.end();
  }
}
