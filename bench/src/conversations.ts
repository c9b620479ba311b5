/**
 * `npm run bench -- --conversations [--write]`: the conversations benchmark of issue 25.
 *
 * PostgreSQL only (BENCH_DATABASE_URL, a superuser: the bench creates and drops its own
 * database), the real server in its own process.
 * - Delivery: 50 conversations of two members each; every receiver holds GET /api/events open;
 *   the 50 senders post 20 messages each, all conversations at once (1,000 messages), and each
 *   message's time from the start of its POST to its `message` event on the other member's
 *   stream is recorded (median and p99).
 * - List: GET /api/conversations of a member in 500 conversations (each with a few messages, some
 *   unread), next to the same SQL (the module's repository in a tenant transaction, as the
 *   server runs it) straight on the database: the ratio of medians is the API's overhead.
 */
import pg from 'pg';
import { conversationRepository } from '../../apps/server/src/modules/conversations/repository.ts';
import { hashToken, newToken } from '../../apps/server/src/platform/auth/context.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withContext } from '../../apps/server/src/platform/db/tenancy.ts';
import { writeMarked } from './marked.ts';
import { startServer } from './server.ts';
import { fmt, measure, summarise } from './stats.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAIRS = 50;
const MESSAGES_PER_PAIR = 20;
const LIST_CONVERSATIONS = 500;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

interface Member {
  id: string;
  token: string;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}

/** A tenant, 2 × PAIRS + 1 members with sessions, the pairs' conversations and the busy member's 500. */
async function seed(url: string) {
  const db = await openDatabase({ databaseUrl: url });
  await migrate(db);
  const k = db.kysely;
  const tenant = await k
    .insertInto('tenant')
    .values({ name: 'bench-talk', display_name: 'Bench Talk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members: Member[] = [];
  for (let i = 0; i <= 2 * PAIRS; i++) {
    const user = await k
      .insertInto('app_user')
      .values({ email: `member${i}@bench.example`, display_name: `Member ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k.insertInto('role_assignment').values({ user_id: user.id, role_key: 'Tenant User', tenant_id: tenant.id }).execute();
    const token = newToken();
    await k
      .insertInto('user_session')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        tenant_id: tenant.id,
        acting_role: 'Tenant User',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    members.push({ id: user.id, token });
  }
  const busy = members[0]!;
  const ctx = { tenantId: tenant.id, userId: busy.id, isGlobal: false };
  // The busy member's 500 conversations, each with one of the others and three messages.
  await withContext(k, ctx, async (tx) => {
    for (let c = 0; c < LIST_CONVERSATIONS; c++) {
      const other = members[1 + (c % (2 * PAIRS))]!;
      const repo = conversationRepository(tx, { tenantId: tenant.id, userId: busy.id });
      const id = await repo.create(`Topic ${c}`, [other.id]);
      const theirs = conversationRepository(tx, { tenantId: tenant.id, userId: other.id });
      await repo.insertMessage(id, `Opening message ${c}`);
      await theirs.insertMessage(id, `Answer ${c}`);
      if (c % 3 === 0) await theirs.insertMessage(id, `Follow-up ${c}`);
    }
  });
  const pairs: { sender: Member; receiver: Member; id: string }[] = [];
  for (let p = 0; p < PAIRS; p++) {
    const sender = members[1 + 2 * p]!;
    const receiver = members[2 + 2 * p]!;
    const id = await withContext(k, { tenantId: tenant.id, userId: sender.id, isGlobal: false }, (tx) =>
      conversationRepository(tx, { tenantId: tenant.id, userId: sender.id }).create(null, [receiver.id]),
    );
    pairs.push({ sender, receiver, id });
  }
  await db.close();
  return { tenantId: tenant.id, busy, pairs };
}

/** Holds GET /api/events open and calls `onMessage` with each `message` event's data. */
async function listen(base: string, token: string, onMessage: (data: { message: { body: string } | null }) => void, signal: AbortSignal) {
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) throw new Error(`events answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(': connected')) ready();
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event === 'message' && data) onMessage(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await connected;
}

export async function conversationsBench({ write }: { write: boolean }): Promise<void> {
  const name = `turnout_bench_talk_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const parsed = new URL(ADMIN_URL);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  try {
    process.stdout.write('[conversations] seeding… ');
    const seeded = await seed(url);
    process.stdout.write('done\n');
    const server = await startServer({ DATABASE_URL: url });
    const abort = new AbortController();
    try {
      // Delivery: POST start → the receiver's stream event.
      const started = new Map<string, number>();
      const delivered: number[] = [];
      for (const pair of seeded.pairs) {
        await listen(
          server.base,
          pair.receiver.token,
          (data) => {
            const body = data.message?.body ?? '';
            const t0 = started.get(body);
            if (t0 !== undefined) delivered.push(performance.now() - t0);
          },
          abort.signal,
        );
      }
      const answered: number[] = [];
      const send = async (pair: (typeof seeded.pairs)[number], body: string) => {
        const t0 = performance.now();
        started.set(body, t0);
        const res = await fetch(`${server.base}/api/conversations/${pair.id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${pair.sender.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ message: { body } }),
        });
        if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        answered.push(performance.now() - t0);
      };
      const settle = async (count: number) => {
        for (let i = 0; i < 100 && delivered.length < count; i++) await new Promise((r) => setTimeout(r, 100));
      };
      const deliveryRows: string[] = [];
      const record = (label: string, sent: number) => {
        const d = summarise(delivered);
        const a = summarise(answered);
        deliveryRows.push(
          `| ${label} | ${sent} | ${delivered.length} | ${fmt(d.median)} | ${fmt(d.p99)} | ${fmt(a.median)} | ${fmt(a.p99)} |`,
        );
        process.stdout.write(`${delivered.length} delivered, median ${fmt(d.median)} ms\n`);
        delivered.length = 0;
        answered.length = 0;
      };
      // One conversation at a time: the delivery path without queueing.
      const quiet = seeded.pairs[0]!;
      process.stdout.write('[conversations] one conversation, 100 messages one after the other… ');
      for (let m = 0; m < 100; m++) {
        await send(quiet, `quiet message ${m}`);
        await settle(m + 1);
      }
      record('one conversation, one message at a time', 100);
      process.stdout.write(`[conversations] ${PAIRS} streams open; sending ${PAIRS * MESSAGES_PER_PAIR} messages… `);
      await Promise.all(
        seeded.pairs.map(async (pair, p) => {
          for (let m = 0; m < MESSAGES_PER_PAIR; m++) await send(pair, `pair ${p} message ${m}`);
        }),
      );
      await settle(PAIRS * MESSAGES_PER_PAIR);
      record(`${PAIRS} conversations at once, ${MESSAGES_PER_PAIR} messages each`, PAIRS * MESSAGES_PER_PAIR);

      // The list of 500 conversations: API against its own SQL.
      const headers = { authorization: `Bearer ${seeded.busy.token}` };
      const listRows: string[] = [];
      const db = await openDatabase({ databaseUrl: url });
      for (const perPage of [48, 240]) {
        const api = summarise(
          await measure(async () => {
            const res = await fetch(`${server.base}/api/conversations?per_page=${perPage}`, { headers });
            if (!res.ok) throw new Error(`list answered ${res.status}`);
            await res.arrayBuffer();
          }, SAMPLES),
        );
        const ctx = { tenantId: seeded.tenantId, userId: seeded.busy.id, isGlobal: false };
        const baseline = summarise(
          await measure(
            () =>
              withContext(db.kysely, ctx, async (tx) => {
                const repo = conversationRepository(tx, { tenantId: seeded.tenantId, userId: seeded.busy.id });
                const { rows } = await repo.list(1, perPage);
                await repo.participantsOf(rows.map((r) => r.id));
                await repo.unreadTotal();
              }),
            SAMPLES,
          ),
        );
        listRows.push(
          `| GET /conversations?per_page=${perPage} of a member in ${LIST_CONVERSATIONS} | ${fmt(api.median)} | ${fmt(api.p99)} | ${fmt(baseline.median)} | ${fmt(baseline.p99)} | ${(api.median / baseline.median).toFixed(2)}× |`,
        );
      }
      await db.close();

      const table = [
        `Run ${new Date().toISOString()} on PostgreSQL, the server in its own process; ${SAMPLES} sequential samples per list scenario after a warm-up.`,
        '',
        "| POST /conversations/{id}/messages → the other member's `message` event | messages | delivered | delivery median ms | delivery p99 ms | POST answered median ms | POST answered p99 ms |",
        '|---|---:|---:|---:|---:|---:|---:|',
        ...deliveryRows,
        '',
        '| list | API median ms | API p99 ms | same SQL median ms | same SQL p99 ms | ratio of medians |',
        '|---|---:|---:|---:|---:|---:|',
        ...listRows,
      ].join('\n');
      console.log(`\n${table}\n`);
      if (write) writeMarked('conversations', table);
    } finally {
      abort.abort();
      await server.stop();
    }
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
