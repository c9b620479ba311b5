/**
 * Quick list load against a database kept by `BENCH_KEEP_DB=1 npm run bench -- --records`:
 * `QUICK_DB=postgres://…/turnout_records_x tsx bench/src/quick.ts [seconds] [list or save]`.
 * Prints p50/p99/req/s per list (or of saves) and the CPU seconds of the server and of PostgreSQL.
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
  const own = process.cpuUsage();
  return { node, pg: pgSeconds, client: (own.user + own.system) / 1e6 };
};
/** 10 clients for `seconds` after a warm-up: p50, p99, requests a second and CPU a request. */
async function measure(label: string, fn: (client: number) => Promise<unknown>): Promise<void> {
  await concurrently(fn, CLIENTS, 100, 2000);
  const before = cpu();
  const started = performance.now();
  const run = await concurrently(fn, CLIENTS, 100000, seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  const s = summarise(run.samples);
  const n = run.samples.length;
  const perRequest = (a: number, b: number) => (((b - a) / n) * 1000).toFixed(2);
  console.log(
    `${label.padEnd(12)} n=${n} p50=${s.median.toFixed(1)} p99=${s.p99.toFixed(1)} rps=${(n / elapsed).toFixed(0)} cpu/req: node ${perRequest(before.node, after.node)} ms, pg ${perRequest(before.pg, after.pg)} ms, bench clients ${perRequest(before.client, after.client)} ms`,
  );
}
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
  await measure(key, fn);
  const one = await concurrently(fn, 1, 30, 5000);
  console.log(`${''.padEnd(12)} 1 client p50=${summarise(one.samples).median.toFixed(1)}`);
}
// Saves (`save` as the third argument): each client edits records of its own, with their versions.
if (only === 'save') {
  const mine: { id: string; version: number }[][] = [];
  for (const [c, u] of users.entries())
    mine.push(
      (
        await client.query(
          `select id, version from entity where tenant_id = $1 and place <> 'finalised' and entity_type_id = (select id from entity_type where name = $2) order by id offset $3 limit 400`,
          [u.tenant_id, type, c * 400],
        )
      ).rows,
    );
  const put = (path: string, token: string, body: unknown): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        `${server.base}${path}`,
        { method: 'PUT', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  let seq = 0;
  const save = async (c: number) => {
    const records = mine[c % mine.length]!;
    const record = records[seq++ % records.length]!;
    const res = await put(`/api/entity/${type}/${record.id}`, tokens[c % tokens.length]!, {
      version: record.version,
      priority: ['low', 'medium', 'high'][seq % 3],
      status: seq % 2 ? 'in_progress' : 'open',
      narrative: `Edited, save ${seq}: crew returned to quarters, hydrant flowed, no injuries.`,
    });
    if (res.status !== 200) throw new Error(`save ${res.status}: ${res.text.slice(0, 200)}`);
    record.version = (JSON.parse(res.text) as { data: { version: number } }).data.version;
  };
  await measure('save', save);
}
agent.destroy();
await server.stop();
await client.end();
