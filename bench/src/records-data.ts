/**
 * The records benchmark's data set (issue 6, 'Performance'): 200 departments, 10 global entity
 * types created through the same service as POST /entity-type, and 1,000,000 `entity` rows made
 * with set-based SQL, one department holding 100,000 records of one type. Every record has its
 * first version snapshot, as a save through the API would leave it.
 */
import { entityTypeInput, GLOBAL_ADMIN_ROLE } from '@turnout/shared';
import pg from 'pg';
import { field, numbered, options, transitions } from '../../apps/server/src/demo/entity-types/build.ts';
import { createEntityType } from '../../apps/server/src/modules/entity-types/service.ts';
import { createUserAccount } from '../../apps/server/src/modules/identity/accounts.ts';
import type { AuthContext } from '../../apps/server/src/platform/auth/context.ts';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';

export const RECORD_TENANTS = 200;
/**
 * The scaling data set (issue 21, `--records --sizes`): these tenants hold this many records of
 * the first type each (default 1,000,000, 100,000 and 10,000), and no one else holds any, so one
 * list is measured at each size side by side in one database.
 */
export const SCALING_SIZES = (process.env.BENCH_RECORDS_SIZES ?? '1000000,100000,10000').split(',').map(Number);
export const RECORD_TOTAL = Number(process.env.BENCH_RECORDS_TOTAL ?? 1_000_000);
/** Every tenth row goes to the big tenant, interleaved with the others' as records arrive over time. */
const BIG_EVERY = 10;
export const BIG_TENANT_RECORDS = Math.floor(RECORD_TOTAL / BIG_EVERY);
export const CLIENTS = 10;
const CHUNK = 100_000;
const SAVE_RECORDS_PER_CLIENT = 400;

export const TYPE_LABELS = [
  'Incident Report',
  'Inspection',
  'Hydrant Test',
  'Apparatus Check',
  'Training Record',
  'Maintenance Request',
  'Burn Permit',
  'Public Complaint',
  'Pre-Incident Plan',
  'Equipment Issue',
] as const;

export const PRIORITIES = ['Low', 'Medium', 'High', 'Critical'];
const STATUSES = ['Open', 'In Progress', 'Closed'];
/** Street names: each appears in about 1 in 40 titles; the searches use some of them. */
// biome-ignore format: a table of names
export const STREETS = [
  'Maple', 'Cedar', 'Harbor', 'Willow', 'Summit', 'Oak', 'Pine', 'Elm', 'Birch', 'Spruce',
  'Lakeview', 'Riverside', 'Hillcrest', 'Sunset', 'Meadow', 'Orchard', 'Forest', 'Highland', 'Valley', 'Park',
  'Church', 'Mill', 'Station', 'Bridge', 'Market', 'Union', 'Franklin', 'Jefferson', 'Lincoln', 'Washington',
  'Madison', 'Jackson', 'Monroe', 'Adams', 'Grant', 'Prospect', 'Chestnut', 'Walnut', 'Poplar', 'Hickory',
];
// biome-ignore format: a table of names
const KINDS = [
  'Structure fire', 'Vehicle fire', 'Smoke investigation', 'Alarm activation', 'Medical assist', 'Gas leak',
  'Water rescue', 'Brush fire', 'Lift assist', 'Hazmat release', 'Wires down', 'Service call',
];
const SUFFIXES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court'];
const WORDS = (
  'crew arrived found light smoke showing from the rear of the building engine laid supply line ladder ' +
  'vented roof command established interior attack knocked down fire overhaul completed checked extension ' +
  'with thermal camera occupants evacuated no injuries reported utility company notified scene turned over ' +
  'to owner hydrant flowed pressure normal apparatus returned quarters'
).split(' ');

export interface SeededRecords {
  bigTenantId: string;
  bigTenantName: string;
  typeName: string;
  typeId: string;
  /** One bearer token per client, each a Tenant User of the big tenant. */
  tokens: string[];
  users: { id: string; displayName: string; email: string }[];
  /** Records each save client owns (disjoint sets), all at version 1 after the seed. */
  saveRecords: string[][];
  /** One more editable record at version 1, for capturing the statements of a save. */
  probeRecord: string;
  totalRecords: number;
  bigTenantRecords: number;
  tenants: number;
  types: number;
  seconds: { types: number; records: number; versions: number; indexes: number; analyze: number };
  tableMiB: number;
}

const identifier = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** One of the ten types: the fields every record list of a department has. */
function typeInput(label: string) {
  return entityTypeInput.parse({
    name: `bench_${identifier(label)}`,
    label,
    is_global: true,
    object_data: { formtitle: '{title}', page_labels: [label] },
    fields: numbered([
      field('title', 'Title', 'single-text', { required: true, table: true }),
      field('priority', 'Priority', 'select-list', { required: true, table: true, params: { options: options(PRIORITIES) } }),
      field('status', 'Status', 'select-list', { table: true, params: { options: options(STATUSES) } }),
      field('unit', 'Unit', 'single-text', { table: true }),
      field('address', 'Address', 'single-text'),
      field('personnel_count', 'Personnel on scene', 'number-entry', { validation: { integer: true } }),
      field('narrative', 'Narrative', 'textarea'),
    ]),
    allowed_transitions: transitions('mark_as_in_progress', 'mark_as_finalised'),
  });
}

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * The rows of one chunk [lo, hi]: every $1-th g goes to the big tenant and the first type, so
 * its records lie spread over the whole table as they would after years of use beside other
 * departments'; the rest go round-robin to the other tenants and all ten types. Values are
 * drawn with random() after setseed(), so a run on one connection repeats the same data.
 */
function insertChunkSql(): string {
  return `
WITH src AS (
  SELECT g,
    CASE WHEN g % $1::int = 0 THEN $2::uuid ELSE ($3::uuid[])[1 + (g % cardinality($3::uuid[]))] END AS tenant_id,
    CASE WHEN g % $1::int = 0 THEN 1 ELSE 1 + ((g / cardinality($3::uuid[])) % cardinality($4::uuid[])) END AS type_no,
    gen_random_uuid() AS id,
    (${sqlArray(KINDS)})[1 + floor(random() * ${KINDS.length})::int] || ' ' ||
      (10 + floor(random() * 9990)::int) || ' ' ||
      (${sqlArray(STREETS)})[1 + floor(random() * ${STREETS.length})::int] || ' ' ||
      (${sqlArray(SUFFIXES)})[1 + floor(random() * ${SUFFIXES.length})::int] AS title,
    random() AS p,
    random() AS q,
    (ARRAY['open','in_progress','closed'])[1 + floor(random() * 3)::int] AS status,
    (ARRAY['Engine','Ladder','Medic','Rescue','Battalion'])[1 + floor(random() * 5)::int] || ' ' || (1 + floor(random() * 20)::int) AS unit,
    now() - random() * interval '365 days' AS updated_at
  FROM generate_series($5::int, $6::int) g
)
INSERT INTO entity (tenant_id, id, entity_type_id, display_name, uri, place, created_by, updated_by,
                    created_at, updated_at, version, data)
SELECT s.tenant_id, s.id, ($4::uuid[])[s.type_no], s.title,
  '/entity/' || ($7::text[])[s.type_no] || '/' || s.id,
  CASE WHEN s.q < 0.5 THEN 'finalised' WHEN s.q < 0.8 THEN 'in_progress' ELSE 'created' END,
  $8::uuid, $8::uuid,
  s.updated_at - random() * interval '30 days', s.updated_at, 1,
  jsonb_build_object(
    'title', s.title,
    'priority', CASE WHEN s.p < 0.35 THEN 'low' WHEN s.p < 0.70 THEN 'medium' WHEN s.p < 0.90 THEN 'high' ELSE 'critical' END,
    'status', s.status,
    'unit', s.unit,
    'address', split_part(s.title, ' ', -3) || ' ' || split_part(s.title, ' ', -2) || ' ' || split_part(s.title, ' ', -1),
    'personnel_count', 2 + (s.g % 11),
    'narrative', array_to_string(ARRAY(
      SELECT (${sqlArray(WORDS)})[1 + floor(random() * ${WORDS.length})::int]
      FROM generate_series(1, 18 + (s.g % 7))), ' ')
  )
FROM src s`;
}

type Progress = (line: string) => void;

/**
 * `sizes`: the scaling data set (the first tenants hold these many records of the first type,
 * nothing else); without it, the records benchmark's (RECORD_TOTAL over 200 tenants, every tenth
 * row the big tenant's).
 */
export async function seedRecords(db: Database, url: string, progress: Progress, sizes?: number[]): Promise<SeededRecords> {
  await migrate(db);
  const k = db.kysely;
  const seconds = { types: 0, records: 0, versions: 0, indexes: 0, analyze: 0 };
  let t0 = performance.now();
  const lap = () => {
    const s = (performance.now() - t0) / 1000;
    t0 = performance.now();
    return s;
  };

  const tenants = await k
    .insertInto('tenant')
    .values(Array.from({ length: RECORD_TENANTS }, (_, i) => ({ name: `bench-dept-${i}`, display_name: `Bench Department ${i}` })))
    .returning(['id', 'display_name'])
    .execute();
  const big = tenants[0]!;
  const argon2 = loadConfig({ TURNOUT_EPHEMERAL_SECRET: '1' }).argon2;
  const adminId = await createUserAccount(
    k,
    { email: 'admin@records.bench.example', displayName: 'Bench Admin', roles: [{ roleKey: GLOBAL_ADMIN_ROLE, tenantId: null }] },
    argon2,
  );
  const admin: AuthContext = {
    userId: adminId,
    email: 'admin@records.bench.example',
    displayName: 'Bench Admin',
    tenantId: null,
    actingRole: GLOBAL_ADMIN_ROLE,
    isGlobal: true,
    isGlobalAdmin: true,
    tokenHash: Buffer.alloc(0),
    signedInAsBy: null,
  };
  const types: { id: string; name: string }[] = [];
  for (const label of TYPE_LABELS) {
    const { type } = await createEntityType(k, admin, typeInput(label));
    types.push({ id: type.id!, name: type.name });
  }
  const users: SeededRecords['users'] = [];
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const email = `clerk${c}@records.bench.example`;
    const displayName = `Bench Clerk ${c}`;
    const id = await createUserAccount(k, { email, displayName, roles: [{ roleKey: 'Tenant User', tenantId: big.id }] }, argon2);
    const token = newToken();
    await k
      .insertInto('user_session')
      .values({
        token_hash: hashToken(token),
        user_id: id,
        tenant_id: big.id,
        acting_role: 'Tenant User',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    users.push({ id, displayName, email });
    tokens.push(token);
  }
  seconds.types = lap();
  progress(`${tenants.length} tenants, ${types.length} entity types, ${CLIENTS} users with sessions`);

  // Bulk load on one connection (superuser: RLS does not apply); secondary indexes are dropped
  // first and rebuilt afterwards with their definitions from the migration, as one would
  // load a table this size.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query('SELECT setseed(0.2026)');
    const indexes = (
      await client.query<{ indexname: string; indexdef: string }>(
        `SELECT indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename IN ('entity', 'entity_version')
           AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid IN ('entity'::regclass, 'entity_version'::regclass))
         ORDER BY indexname`,
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
    const others = tenants.slice(1).map((t) => t.id);
    const insert = insertChunkSql();
    // Each run: [every, tenant, from, to]; every = 1 gives every row of the run to that tenant.
    const runs: [number, string, number, number][] = sizes
      ? sizes.map((n, i) => [1, tenants[i]!.id, 1, n])
      : [[BIG_EVERY, big.id, 1, RECORD_TOTAL]];
    const total = runs.reduce((sum, [, , lo, hi]) => sum + hi - lo + 1, 0);
    let done = 0;
    for (const [every, tenant, from, to] of runs)
      for (let lo = from; lo <= to; lo += CHUNK) {
        const hi = Math.min(to, lo + CHUNK - 1);
        await client.query(insert, [every, tenant, others, types.map((t) => t.id), lo, hi, types.map((t) => t.name), adminId]);
        done += hi - lo + 1;
        progress(`records ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round((performance.now() - t0) / 1000)} s)`);
      }
    seconds.records = lap();
    // Each record's first version, as createRecord writes it.
    await client.query(
      `INSERT INTO entity_version (tenant_id, entity_id, version, updated_at, responsible_user_id, responsible_user_name, model_data)
       SELECT tenant_id, id, 1, created_at, created_by, 'Bench Admin', data || jsonb_build_object('display_name', display_name, 'place', place)
       FROM entity`,
    );
    seconds.versions = lap();
    progress(`version snapshots (${seconds.versions.toFixed(0)} s); rebuilding ${indexes.length} indexes…`);
    for (const index of indexes) {
      await client.query(index.indexdef);
      progress(`  ${index.indexname} (${Math.round((performance.now() - t0) / 1000)} s)`);
    }
    seconds.indexes = lap();
    // VACUUM as well as ANALYZE: sets hint bits and the visibility map as a table in service has them.
    await client.query('VACUUM (ANALYZE) entity');
    await client.query('VACUUM (ANALYZE) entity_version');
    seconds.analyze = lap();
    const size = await client.query<{ mib: number }>(`SELECT pg_total_relation_size('entity') / 1048576.0 AS mib`);
    const saveRows = (
      await client.query<{ id: string }>(
        `SELECT id FROM entity WHERE tenant_id = $1 AND entity_type_id = $2 AND place <> 'finalised' ORDER BY id LIMIT $3`,
        [big.id, types[0]!.id, CLIENTS * SAVE_RECORDS_PER_CLIENT + 1],
      )
    ).rows.map((r) => r.id);
    const probeRecord = saveRows.pop()!;
    return {
      bigTenantId: big.id,
      bigTenantName: big.display_name,
      typeName: types[0]!.name,
      typeId: types[0]!.id,
      tokens,
      users,
      saveRecords: Array.from({ length: CLIENTS }, (_, c) => saveRows.filter((_, i) => i % CLIENTS === c)),
      probeRecord,
      totalRecords: sizes ? sizes.reduce((a, b) => a + b, 0) : RECORD_TOTAL,
      bigTenantRecords: sizes ? sizes[0]! : BIG_TENANT_RECORDS,
      tenants: tenants.length,
      types: types.length,
      seconds,
      tableMiB: Number(size.rows[0]!.mib),
    };
  } finally {
    await client.end();
  }
}
