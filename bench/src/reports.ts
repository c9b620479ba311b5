/**
 * `npm run bench -- --reports [--write]`: the reports benchmark of issue 27.
 *
 * PostgreSQL only (BENCH_DATABASE_URL, a superuser: the bench makes and drops its own database).
 * Three five-field types hold 5,000, 20,000 and 50,000 generated records (plain batched INSERTs). Each
 * export then runs twice on a fresh server process (the first warms it), the second timed from
 * the request to the file downloaded,
 * with the process's peak resident memory (VmHWM) read at the end: the CSV export of the list
 * (GET /entity/{type}/csv, the baseline), the Excel report and the PDF report (POST
 * /entity/{type}/report/{format}, the job polled every 100 ms). Targets: Excel within 2× of
 * CSV's time at 20,000 records; Excel's peak memory flat from 20,000 to 50,000 records. PDFs
 * run at 5,000 records, the most a PDF report holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baseline, createDatabase, createFlushType, dropDatabase, healthy, peakRss, seed } from './imports.ts';
import { writeMarked } from './marked.ts';
import { type RunningServer, startServer } from './server.ts';

type Format = 'csv' | 'xlsx' | 'pdf';
const SIZES = (process.env.BENCH_REPORT_ROWS ?? '5000,20000,50000').split(',').map(Number);
/** A PDF report holds at most 5,000 records (PDF_REPORT_MAX_RECORDS): PDFs run at those sizes only. */
const PDF_MAX = 5000;
const formatsAt = (rows: number): Format[] => (rows <= PDF_MAX ? ['csv', 'xlsx', 'pdf'] : ['csv', 'xlsx']);

interface Run {
  rows: number;
  format: Format;
  seconds: number;
  fileMiB: number;
  peakRssMiB: number;
}

async function exportOnce(
  server: RunningServer,
  token: string,
  typeName: string,
  format: Format,
): Promise<{ seconds: number; bytes: number }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  let url: string;
  if (format === 'csv') {
    const res = await fetch(`${server.base}/api/entity/${typeName}/csv?time_zone=UTC`, { headers });
    if (!res.ok) throw new Error(`csv answered ${res.status}: ${await res.text()}`);
    url = (await res.json()).url as string;
  } else {
    const res = await fetch(`${server.base}/api/entity/${typeName}/report/${format}?time_zone=UTC`, { method: 'POST', headers });
    if (!res.ok) throw new Error(`report answered ${res.status}: ${await res.text()}`);
    const id = (await res.json()).jobId as string;
    for (;;) {
      const job = (await (await fetch(`${server.base}/api/long-running-job-notes/${id}`, { headers })).json()).data;
      if (job.status === 'complete') {
        if (job.error) throw new Error(`report ${id} failed: ${job.error}`);
        url = job.result_url as string;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const file = await fetch(`${server.base}${url}`, { headers });
  const bytes = (await file.arrayBuffer()).byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

export async function reportsBench({ write }: { write: boolean }): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-reports-'));
  const { url, name } = await createDatabase();
  try {
    const { token, tenantId } = await seed(url);
    const types = new Map<number, string>();
    const setup = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') });
    try {
      await healthy(setup);
      for (const rows of SIZES) types.set(rows, await createFlushType(setup, token, `Report Flush ${rows}`));
    } finally {
      await setup.stop();
    }
    for (const rows of SIZES) await baseline(url, tenantId, types.get(rows)!, rows);
    const runs: Run[] = [];
    for (const rows of SIZES) {
      for (const format of formatsAt(rows)) {
        // A fresh server for each export: its peak resident memory is that export's alone.
        const server = await startServer({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'data') });
        try {
          await healthy(server);
          process.stdout.write(`[reports] ${format} of ${rows} records… `);
          // Once to warm the process (modules loaded on first use, the JIT), then the timed one:
          // the figure is what a running server takes, for every format alike.
          await exportOnce(server, token, types.get(rows)!, format);
          const { seconds, bytes } = await exportOnce(server, token, types.get(rows)!, format);
          const run = { rows, format, seconds, fileMiB: bytes / (1024 * 1024), peakRssMiB: peakRss(server.pid) };
          runs.push(run);
          process.stdout.write(`${seconds.toFixed(1)} s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB\n`);
        } finally {
          await server.stop();
        }
      }
    }
    const find = (rows: number, format: Format) => runs.find((r) => r.rows === rows && r.format === format)!;
    // The Excel target is stated at 20,000 records; memory is compared from there to the largest.
    const small = SIZES.includes(20000) ? 20000 : Math.min(...SIZES);
    const big = Math.max(...SIZES);
    const ratio = find(small, 'xlsx').seconds / find(small, 'csv').seconds;
    const growth = find(big, 'xlsx').peakRssMiB / find(small, 'xlsx').peakRssMiB;
    const label = { csv: 'CSV export', xlsx: 'Excel report', pdf: 'PDF report' };
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} on PostgreSQL (${os.cpus().length} cores), one server process per export.`,
      '',
      '| records | export | time | file | peak RSS |',
      '|---:|---|---:|---:|---:|',
      ...runs.map(
        (r) =>
          `| ${r.rows.toLocaleString('en-US')} | ${label[r.format]} | ${r.seconds.toFixed(1)} s | ${r.fileMiB.toFixed(1)} MiB | ${r.peakRssMiB.toFixed(0)} MiB |`,
      ),
      '',
      '| target | measured | met |',
      '|---|---:|:---:|',
      `| Excel ≤ 2× the CSV export's time (${small.toLocaleString('en-US')} records) | ${ratio.toFixed(2)}× | ${ratio <= 2 ? 'yes' : 'no'} |`,
      `| Excel's peak RSS flat with size (${small.toLocaleString('en-US')} vs ${big.toLocaleString('en-US')}) | ${find(small, 'xlsx').peakRssMiB.toFixed(0)} vs ${find(big, 'xlsx').peakRssMiB.toFixed(0)} MiB (${growth.toFixed(2)}×) | ${growth <= 1.25 ? 'yes' : 'no'} |`,
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    if (write) writeMarked('reports', table);
  } finally {
    await dropDatabase(name).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
