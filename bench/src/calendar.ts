/**
 * `npm run bench -- --calendar [--write]`: the calendar's month call (issue 23) on PostgreSQL for
 * a department with 100,000 dated records (three years) and 200 recurring event definitions.
 * Beside the API's median: the records SQL it runs (the repository's own query, in the tenant's
 * context) and, separately, the cost of expanding the definitions' virtual occurrences.
 *
 * BENCH_BASELINE_ROOT=<a checkout of an earlier commit>: a second server runs from it on the same
 * database, and the two month calls are measured alternately (one of each in turn), so a
 * machine whose load changes from minute to minute weighs on both alike. Such a checkout:
 * `git archive <commit> | tar -x -C /tmp/base`, then link this checkout's node_modules entries
 * into it (its own @turnout/* links pointing at its own folders).
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'kysely';
import { occurrencesBetween } from '../../apps/server/src/modules/calendar/recurrence.ts';
import { datedRecords, definitionRepository } from '../../apps/server/src/modules/calendar/repository.ts';
import { datedTypesOf, monthRange, placementOf, recurrenceOf } from '../../apps/server/src/modules/calendar/service.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { withContext } from '../../apps/server/src/platform/db/tenancy.ts';
import { createDatabase, dropDatabase, seed } from './imports.ts';
import { writeMarked } from './marked.ts';
import { type RunningServer, startServer } from './server.ts';
import { fmt, summarise } from './stats.ts';

const RECORDS = 100_000;
const DEFINITIONS = 200;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const PRESETS = ['daily', 'weekly', 'shift_24_48', 'shift_48_96', 'berkeley', 'modified_la', 'weekdays', 'weekends'];

export async function calendarBench({ write }: { write: boolean }): Promise<void> {
  // A database of its own with a tenant and a Tenant Admin's session (as the imports bench makes them).
  const { url, name } = await createDatabase();
  const { token, tenantId, userId } = await seed(url);
  const tenant = { id: tenantId };
  const user = { id: userId };
  const db = await openDatabase({ databaseUrl: url });
  try {
    const k = db.kysely;
    const server = await startServer({ DATABASE_URL: url });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()).data;
    };
    try {
      const f = (property: string, type: string) => ({ field_data: { property, title: property, type, page: 1 } });
      const type = await post('/api/entity-type', {
        label: 'Bench Shift',
        object_data: {
          visible_on_calendar: ['Shifts'],
          start_datetime_field: 'starts',
          end_datetime_field: 'ends',
          calendar_color: '#d9480f',
          formtitle: '{crew}',
        },
        allowed_transitions: [{ name: 'mark_as_created' }],
        fields: [f('crew', 'single-text'), f('starts', 'date-time-picker'), f('ends', 'date-time-picker')],
      });
      process.stdout.write(`[calendar] loading ${RECORDS} records… `);
      // Three years of shifts, 2024 to 2026, evenly spread: about 2,800 a month.
      await withContext(k, { tenantId: tenant.id, userId: user.id, isGlobal: false }, (tx) =>
        sql`INSERT INTO entity (tenant_id, entity_type_id, display_name, data)
          SELECT ${tenant.id}::uuid, ${type.id}::uuid, 'Crew ' || g, jsonb_build_object(
            'crew', 'Crew ' || g,
            'starts', jsonb_build_object('value', to_char((timestamptz '2024-01-01T13:00:00Z' + (g * interval '946 seconds')) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
            'ends', jsonb_build_object('value', to_char((timestamptz '2024-01-02T13:00:00Z' + (g * interval '946 seconds')) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          FROM generate_series(1, ${RECORDS}::int) g`.execute(tx),
      );
      await sql`ANALYZE entity`.execute(k);
      process.stdout.write('done\n');
      for (let i = 0; i < DEFINITIONS; i++) {
        await post('/api/calendar/events', {
          entity_type_id: type.id,
          title: `Definition ${i}`,
          mode: 'schedule',
          event_key: PRESETS[i % PRESETS.length],
          platoon: ['A', 'B', 'C'][i % 3],
          origin_day: '2026-01-01',
          start_time: '07:00',
          duration_minutes: 60,
          time_zone: 'America/Chicago',
        });
      }
      const monthOf =
        (base: string, extra: Record<string, string> = {}) =>
        async () => {
          const res = await fetch(`${base}/api/calendar/events-month/11.2026`, { headers: { ...headers, ...extra } });
          if (!res.ok) throw new Error(`month answered ${res.status}`);
          return (await res.json()).data.length as number;
        };
      const month = monthOf(server.base);
      const items = await month();
      // The answer's size as JSON, and compressed as the bench's fetch asks (gzip over plain HTTP).
      const sizeOf = async (base: string) => {
        const url = `${base}/api/calendar/events-month/11.2026`;
        const plain = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
        // fetch undoes the compression: the bytes on the wire are counted through node:http.
        const gzip = await new Promise<number | null>((resolve, reject) => {
          http
            .get(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
              let n = 0;
              res.on('data', (chunk: Buffer) => {
                n += chunk.length;
              });
              res.on('end', () => resolve(res.headers['content-encoding'] === 'gzip' ? n : null));
            })
            .on('error', reject);
        });
        return { json: (await plain.arrayBuffer()).byteLength, gzip };
      };
      const described = (size: { json: number; gzip: number | null }) =>
        `${(size.json / 1024).toFixed(0)} KiB of JSON${size.gzip ? `, ${(size.gzip / 1024).toFixed(0)} KiB gzipped` : ''}`;
      const bytes = await sizeOf(server.base);
      const range = monthRange(11, 2026);
      const context = { tenantId: tenant.id, userId: user.id, isGlobal: false };
      let records = 0;
      const recordsSql = () =>
        withContext(k, context, (tx) =>
          datedRecords(
            tx,
            tenant.id,
            // The records query as the service builds it for this Tenant Admin (one type).
            datedTypesOf([placementOf(type, { role: 'Tenant Admin', isGlobalAdmin: false })]),
            range.from.toISOString(),
            range.to.toISOString(),
            5000,
          ).execute(),
        ).then((rows) => {
          records = rows.length;
        });
      const definitions = await withContext(k, context, (tx) => definitionRepository(tx, tenant.id).list([type.id]));
      // The definitions' SQL of the call (the definitions and the records already made from
      // them), as the service runs it.
      const definitionsSql = () =>
        withContext(k, context, async (tx) => {
          const repo = definitionRepository(tx, tenant.id);
          const listed = await repo.list([type.id]);
          await repo.madeBetween(
            listed.map((d) => d.id),
            new Date(range.from.getTime() - 8 * 86_400_000),
            range.to,
          );
        });
      // All the SQL the call runs, side by side as the service runs it (records ∥ definitions).
      const allSql = () => Promise.all([recordsSql(), definitionsSql()]);
      let occurrences = 0;
      const expand = async () => {
        occurrences = 0;
        for (const d of definitions) occurrences += occurrencesBetween(recurrenceOf(d), range.from, range.to).length;
      };
      const baselineRoot = process.env.BENCH_BASELINE_ROOT;
      const before = baselineRoot ? await startServer({ DATABASE_URL: url }, baselineRoot) : null;
      const beforeBytes = before ? await sizeOf(before.base) : null;
      // Every scenario once per round, the order turning each round: the machine's load, which
      // changes from minute to minute, weighs on all of them alike.
      // The API rows also add up their server's CPU time per call: on a machine loaded by others
      // it moves far less than the wall-clock medians.
      const scenarios: { key: string; fn: () => Promise<unknown>; samples: number[]; server?: RunningServer; cpu?: number }[] = [
        { key: 'api', fn: month, samples: [], server, cpu: 0 },
        { key: 'identity', fn: monthOf(server.base, { 'accept-encoding': 'identity' }), samples: [], server, cpu: 0 },
        { key: 'sql', fn: recordsSql, samples: [] },
        { key: 'allSql', fn: allSql, samples: [] },
        { key: 'expand', fn: expand, samples: [] },
        ...(before ? [{ key: 'before', fn: monthOf(before.base), samples: [] as number[], server: before, cpu: 0 }] : []),
      ];
      try {
        process.stdout.write(`[calendar] ${SAMPLES} rounds of ${scenarios.map((x) => x.key).join(', ')}… `);
        for (const x of scenarios) await x.fn();
        for (let round = 0; round < SAMPLES; round++) {
          for (let j = 0; j < scenarios.length; j++) {
            const x = scenarios[(round + j) % scenarios.length]!;
            const cpuBefore = x.server?.cpuMs() ?? 0;
            const started = performance.now();
            await x.fn();
            x.samples.push(performance.now() - started);
            if (x.server) x.cpu! += x.server.cpuMs() - cpuBefore;
          }
        }
      } finally {
        await before?.stop();
      }
      const cpuPerCall = (key: string) => {
        const found = scenarios.find((x) => x.key === key);
        return found?.cpu !== undefined ? `${(found.cpu / found.samples.length).toFixed(0)} ms` : '';
      };
      const of = (key: string) => {
        const found = scenarios.find((x) => x.key === key);
        return found ? summarise(found.samples) : null;
      };
      const api = of('api')!;
      const identity = of('identity')!;
      const baseline = of('sql')!;
      const everySql = of('allSql')!;
      const expansion = of('expand')!;
      const earlier = of('before');
      process.stdout.write('done\n');
      const table = [
        `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL; ${RECORDS.toLocaleString('en')} dated records and ${DEFINITIONS} recurring definitions in one department; ${SAMPLES} rounds, each running every row once in turn (the order rotating), after a warm-up; load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
        '',
        '| scenario | median ms | p99 ms | server CPU per call | what it returns |',
        '|---|---:|---:|---:|---|',
        `| API GET /calendar/events-month/11.2026 | ${fmt(api.median)} | ${fmt(api.p99)} | ${cpuPerCall('api')} | ${items} items (${described(bytes)}) |`,
        `| the same, asking for no compression | ${fmt(identity.median)} | ${fmt(identity.p99)} | ${cpuPerCall('identity')} | the same |`,
        ...(earlier
          ? [
              `| the same call on the baseline checkout | ${fmt(earlier.median)} | ${fmt(earlier.p99)} | ${cpuPerCall('before')} | the same items${beforeBytes ? ` (${described(beforeBytes)})` : ''} |`,
            ]
          : []),
        `| its records SQL (repository query, tenant context) | ${fmt(baseline.median)} | ${fmt(baseline.p99)} | | ${records} records |`,
        `| all its SQL: the records ∥ the definitions and the records made from them | ${fmt(everySql.median)} | ${fmt(everySql.p99)} | | the same records, ${definitions.length} definitions |`,
        `| expanding the virtual occurrences (in process, uncached) | ${fmt(expansion.median)} | ${fmt(expansion.p99)} | | ${occurrences} occurrences |`,
        '',
        `API median ÷ all its SQL: ${(api.median / everySql.median).toFixed(1)}×; ÷ the records SQL alone: ${(api.median / baseline.median).toFixed(1)}×${earlier ? ` (baseline checkout: ${(earlier.median / baseline.median).toFixed(1)}×)` : ''}; API ÷ (records SQL + uncached expansion): ${(api.median / (baseline.median + expansion.median)).toFixed(1)}×.`,
      ].join('\n');
      console.log(`\n${table}\n`);
      if (write) writeMarked('calendar', table);
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
    await dropDatabase(name);
  }
}
