/**
 * Where a server's CPU went under load, by kind of work, from a V8 CPU profile:
 * `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' QUICK_DB=… tsx bench/src/quick.ts 8 target`,
 * then `tsx bench/src/profile-summary.ts /tmp/prof/CPU.….cpuprofile` (the server's own profile, the larger file).
 * Start-up (loading modules) and idle time are left out; each sample is put under its leaf frame,
 * with the stack deciding which socket a write went to.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);

const KINDS: [string, (leaf: string, stack: string) => boolean][] = [
  ['garbage collection', (leaf) => leaf.startsWith('(garbage collector)')],
  ['writes to PostgreSQL’s socket (pg corks each query into one writev)', (leaf) => /^writev/.test(leaf)],
  ['writes of HTTP answers', (leaf) => /^(writeBuffer|writeUtf8String|writeLatin1String) /.test(leaf)],
  ['JSON.stringify of the answer', (leaf) => leaf.includes('plain-json')],
  [
    'pg: reading and parsing rows (protocol, jsonb, dates)',
    (leaf, stack) => /pg\/lib|pg-protocol|pg-types|postgres-date|^utf8Slice|node:buffer/.test(leaf) && stack.includes('/pg'),
  ],
  ['Kysely: building and compiling queries', (leaf) => leaf.includes('kysely')],
  ['presenting records', (leaf) => leaf.includes('present.ts')],
  ['Fastify, helmet, schema checks', (leaf) => /fastify|find-my-way|helmet|ajv|zod/.test(leaf)],
  ['other app code', (leaf) => leaf.includes('apps/server')],
  ['Node net, http and streams', (leaf) => /node:(net|events|_http|internal\/streams|internal\/stream_base)/.test(leaf)],
];
const byKind = new Map<string, number>();
let total = 0;
for (const [id, count] of hits) {
  const frames: string[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const f = byId.get(cur)!.callFrame;
    frames.push(`${f.functionName} ${f.url}`);
  }
  const [leaf = '', stack] = [frames[0], frames.join('\n')];
  if (leaf.startsWith('(idle)')) continue;
  const startUp = /modules\/cjs\/loader|modules\/esm\/|tsx\/dist/.test(stack) && !/processTicksAndRejections|onStreamRead/.test(stack);
  if (startUp) continue;
  total += count;
  const kind = KINDS.find(([, test]) => test(leaf, stack))?.[0] ?? 'other';
  byKind.set(kind, (byKind.get(kind) ?? 0) + count);
}
console.log(`${total} samples while serving`);
for (const [kind, count] of [...byKind].sort((a, b) => b[1] - a[1]))
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${kind}`);
