/**
 * Quick list load against a database kept by `BENCH_KEEP_DB=1 npm run bench -- --records`:
 * `QUICK_DB=postgres://…/turnout_records_x tsx bench/src/quick.ts [seconds]`.
 * Prints p50/p99/req/s per list and the CPU seconds of the server and of PostgreSQL.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { startServer } from './server.ts';
import { concurrently, summarise } from './stats.ts';

const url = process.env.QUICK_DB!;
const seconds = Number(process.argv[2] ?? 5);
const only = process.argv[3];
const CLIENTS = 10;
const TERMS = ['maple', 'cedar', 'harbor', 'willow', 'summit'];
const client = new pg.Client({ connectionString: url });
await client.connect();
const users = (
  await client.query(
    `select u.id, r.tenant_id from app_user u join role_assignment r on r.user_id = u.id where u.email like 'clerk%@records.bench.example' order by u.email`,
  )
).rows as { id: string; tenant_id: string }[];
const tokens: string[] = [];
for (const u of users) {
  const token = newToken();
  await client.query(
    `insert into user_session (token_hash, user_id, tenant_id, acting_role, expires_at) values ($1, $2, $3, 'Tenant User', now() + interval '1 day')`,
    [hashToken(token), u.id, u.tenant_id],
  );
  tokens.push(token);
}
const type = 'bench_incident_report';
const server = await startServer({ DATABASE_URL: url, ...(process.env.QUICK_ENV ? JSON.parse(process.env.QUICK_ENV) : {}) });
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
function get(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.base}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}
const cpu = () => {
  const nodeTicks = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(' ');
  const node = (Number(nodeTicks[13]) + Number(nodeTicks[14])) / 100;
  let pgSeconds = 0;
  for (const pid of execSync('pgrep -x postgres || true').toString().split('\n').filter(Boolean)) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      pgSeconds += (Number(f[11]) + Number(f[12])) / 100;
    } catch {}
  }
  return { node, pg: pgSeconds };
};
const lists: Record<string, (t: string) => string> = {
  target: (t) => `per_page=48&filter[custom][priority]=high&sort=a_to_z&filter[display_name]=${t}`,
  'filter-sort': () => 'per_page=48&filter[custom][priority]=high&sort=a_to_z',
  search: (t) => `per_page=48&filter[display_name]=${t}`,
  plain: () => 'per_page=48',
};
for (const [key, params] of Object.entries(lists)) {
  if (only && only !== key) continue;
  let i = 0;
  const fn = async () => {
    const n = i++;
    const status = await get(`/api/entity/${type}?${params(TERMS[n % TERMS.length]!)}`, tokens[n % tokens.length]!);
    if (status !== 200) throw new Error(`status ${status}`);
  };
  await concurrently(fn, CLIENTS, 100, 2000);
  const before = cpu();
  const started = performance.now();
  const run = await concurrently(fn, CLIENTS, 100000, seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  const s = summarise(run.samples);
  const n = run.samples.length;
  console.log(
    `${key.padEnd(12)} n=${n} p50=${s.median.toFixed(1)} p99=${s.p99.toFixed(1)} rps=${(n / elapsed).toFixed(0)} cpu/req: node ${(((after.node - before.node) / n) * 1000).toFixed(2)} ms, pg ${(((after.pg - before.pg) / n) * 1000).toFixed(2)} ms`,
  );
  const one = await concurrently(fn, 1, 30, 5000);
  console.log(`${''.padEnd(12)} 1 client p50=${summarise(one.samples).median.toFixed(1)}`);
}
agent.destroy();
await server.stop();
await client.end();
