/**
 * `npm run bench -- --widgets [--write]`: the dashboards benchmark of issue 24.
 *
 * PostgreSQL only (BENCH_DATABASE_URL). One tenant with 100,000 calls (BENCH_WIDGET_RECORDS) of a
 * five-field type, loaded with batched INSERTs, and a dashboard of 8 widgets, one per figure kind.
 * For each widget, interleaved: GET /api/widget/{id} on a server with the widget cache off
 * (WIDGET_CACHE_ENTRIES=0, so every request computes) against the same SQL the server runs,
 * sent straight through `pg` as the table owner (no RLS, no HTTP): the API's median is held to
 * 1.5× its SQL's. The cached answer's median is shown too.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase, healthy, seed } from './imports.ts';
import { writeMarked } from './marked.ts';
import { startServer } from './server.ts';
import { fmt, measure, summarise } from './stats.ts';

const RECORDS = Number(process.env.BENCH_WIDGET_RECORDS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_WIDGET_SAMPLES ?? 25);
const KINDS = ['fire', 'ems', 'service'];
const DAY = 86_400_000;

function call(n: number, now: number) {
  const dispatched = now - (n % 120) * DAY - (n % 1440) * 60_000;
  return {
    name: `Call ${n}`,
    kind: KINDS[n % 3],
    call_date: { value: new Date(dispatched).toISOString().slice(0, 10) },
    dispatched_at: { value: new Date(dispatched).toISOString() },
    arrived_at: n % 10 === 0 ? null : { value: new Date(dispatched + (240 + (n % 400)) * 1000).toISOString() },
    units: 1 + (n % 7),
  };
}

async function load(url: string, tenantId: string, typeId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = Date.now();
  for (let first = 1; first <= RECORDS; first += 1000) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let n = first; n < Math.min(first + 1000, RECORDS + 1); n++) {
      const i = values.length;
      tuples.push(`($${i + 1}, $${i + 2}, $${i + 3}, 'created', $${i + 4})`);
      values.push(tenantId, typeId, `Call ${n}`, JSON.stringify(call(n, now)));
    }
    await client.query(`INSERT INTO entity (tenant_id, entity_type_id, display_name, place, data) VALUES ${tuples.join(', ')}`, values);
  }
  await client.query('ANALYZE entity');
  await client.end();
}

/** The widgets, each with the SQL its figure takes (as calculate.ts builds it). */
function widgets(today: string) {
  const base = 'FROM entity WHERE tenant_id = $1 AND entity_type_id = $2 AND deleted_at IS NULL';
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  const num = (p: string) => `(CASE WHEN jsonb_typeof(data->'${p}') = 'number' THEN (data->>'${p}')::numeric END)`;
  const instant = (p: string) =>
    `(CASE WHEN data->'${p}'->>'value' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' THEN (data->'${p}'->>'value')::timestamptz END)`;
  const line = (series: string) =>
    `SELECT r.day, r.series, count(*) FROM (SELECT left(data->'call_date'->>'value', 10) AS day, ${series} AS series ${base}) r WHERE r.day >= '${first}' AND r.day <= '${today}' GROUP BY r.day, r.series`;
  return [
    {
      name: 'Calls a day (line, count)',
      body: { render_type: 'chart', group_function: 'count', date_field: 'call_date' },
      sql: [`SELECT count(*) ${base}`, line("''")],
    },
    {
      name: 'Share of fires (percentage)',
      body: { render_type: 'progress_bar', group_function: 'percentage', true_filters: { custom: { kind: 'fire' } } },
      sql: [`SELECT count(*), count(*) FILTER (WHERE data @> '{"kind":"fire"}') ${base}`],
    },
    {
      name: 'Medical of all (x of y)',
      body: { render_type: 'chart', group_function: 'x_of_y', true_filters: { custom: { kind: 'ems' } } },
      sql: [`SELECT count(*), count(*) FILTER (WHERE data @> '{"kind":"ems"}') ${base}`],
    },
    {
      name: 'Most units (maximum)',
      body: { render_type: 'chart', group_function: 'maximum', value_field: 'units' },
      sql: [`SELECT count(*), max(${num('units')}) ${base}`],
    },
    {
      name: 'Response time (mean)',
      body: { render_type: 'response_time', group_function: 'response_time', start_field: 'dispatched_at', end_field: 'arrived_at' },
      sql: [
        `SELECT count(*), count(extract(epoch FROM ${instant('arrived_at')} - ${instant('dispatched_at')})), avg(extract(epoch FROM ${instant('arrived_at')} - ${instant('dispatched_at')})) ${base}`,
      ],
    },
    {
      name: 'Calls by kind (pie)',
      body: { render_type: 'chart', group_function: 'piechart', value_field: 'kind' },
      sql: [
        `SELECT k.key, count(*) FROM (SELECT data->'kind' AS v ${base}) r CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.v) = 'array' THEN r.v ELSE jsonb_build_array(r.v) END) k(key) GROUP BY k.key ORDER BY count(*) DESC, k.key LIMIT 12`,
      ],
    },
    {
      name: 'Medical share (gauge)',
      body: { render_type: 'chart', group_function: 'gauge', true_filters: { custom: { kind: 'ems' } } },
      sql: [`SELECT count(*), count(*) FILTER (WHERE data @> '{"kind":"ems"}') ${base}`],
    },
    {
      name: 'Calls a day by kind (multi line)',
      body: { render_type: 'multi_line', group_function: 'multi_line', date_field: 'call_date', series_field: 'kind' },
      sql: [`SELECT count(*) ${base}`, line("coalesce(data->>'kind', '')")],
    },
  ];
}

export async function widgetsBench({ write }: { write: boolean }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-widgets-'));
  const { url, name } = await createDatabase();
  const servers: { stop(): Promise<void> }[] = [];
  try {
    const { token, tenantId } = await seed(url);
    const start = async (env: Record<string, string>) => {
      const s = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(dir, String(servers.length)), ...env });
      servers.push(s);
      await healthy(s);
      return s;
    };
    const cold = await start({ WIDGET_CACHE_ENTRIES: '0' });
    const warm = await start({});
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const field = (property: string, title: string, type: string, extra: Record<string, unknown> = {}) => ({
      field_data: { property, title, type, page: 1, ...extra },
    });
    const created = await fetch(`${cold.base}/api/entity-type`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        label: 'Bench Call',
        fields: [
          field('name', 'Name', 'single-text'),
          field('kind', 'Kind', 'select-list', { params: { options: KINDS.map((k) => ({ key: k, label: k })) } }),
          field('call_date', 'Call Date', 'date-picker'),
          field('dispatched_at', 'Dispatched', 'date-time-picker'),
          field('arrived_at', 'Arrived', 'date-time-picker'),
          field('units', 'Units', 'number-entry'),
        ],
      }),
    });
    if (created.status !== 201) throw new Error(`the type was not created: ${await created.text()}`);
    const type = (await created.json()).data as { id: string; name: string };
    process.stdout.write(`[widgets] loading ${RECORDS} records… `);
    await load(url, tenantId, type.id);
    process.stdout.write('done\n');
    const today = new Date().toISOString().slice(0, 10);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows: string[] = [];
    let met = 0;
    const list = widgets(today);
    for (const w of list) {
      const saved = await fetch(`${cold.base}/api/widgets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: w.name, entity_type_target: type.name, ...w.body }),
      });
      if (saved.status !== 201) throw new Error(`widget ${w.name}: ${await saved.text()}`);
      const id = (await saved.json()).data.id as string;
      const get = (base: string) => async () => {
        const res = await fetch(`${base}/api/widget/${id}`, { headers });
        if (!res.ok) throw new Error(`${w.name} answered ${res.status}`);
        const body = (await res.json()) as { message: string | null };
        if (body.message) throw new Error(`${w.name}: ${body.message}`);
      };
      const sqlRun = async () => {
        for (const q of w.sql) await client.query(q, [tenantId, type.id]);
      };
      // Interleaved: API, SQL, API, SQL… so load on the machine falls on both alike.
      const api: number[] = [];
      const sqlTimes: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        api.push(...(await measure(get(cold.base), 1, i === 0 ? 2 : 0)));
        sqlTimes.push(...(await measure(sqlRun, 1, i === 0 ? 2 : 0)));
      }
      const cached = summarise(await measure(get(warm.base), SAMPLES));
      const a = summarise(api);
      const b = summarise(sqlTimes);
      const ratio = a.median / b.median;
      if (ratio <= 1.5) met++;
      rows.push(`| ${w.name} | ${fmt(a.median)} ms | ${fmt(b.median)} ms | ${ratio.toFixed(2)}× | ${fmt(cached.median)} ms |`);
      process.stdout.write(
        `[widgets] ${w.name}: API ${fmt(a.median)} ms, SQL ${fmt(b.median)} ms (${ratio.toFixed(2)}×), cached ${fmt(cached.median)} ms\n`,
      );
    }
    await client.end();
    const table = [
      `Measured ${today} on PostgreSQL (${os.cpus().length} cores), ${RECORDS.toLocaleString('en-US')} records of one type in one tenant, medians of ${SAMPLES} interleaved samples.`,
      '',
      '| widget | API (cache off) | its SQL | ratio | API (cached) |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
      `Within 1.5× of its SQL: ${met} of ${list.length} widgets.`,
    ].join('\n');
    console.log(`\n${table}\n`);
    if (write) writeMarked('widgets', table);
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await dropDatabase(name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
