/**
 * `npm run bench -- --documents [--write]`: the documents library (issue 26) on PostgreSQL.
 * A station folder of 5,000 documents: the API's list call next to the repository's own list
 * query run in the tenant's context with the same reader (target: within 2×). Then one 100 MB
 * PDF sent to POST /files as a stream, with the server's RSS sampled before, during and after
 * (the upload is streamed into the blob store, so the peak should stay flat).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { documentRepository } from '../../apps/server/src/modules/documents/repository.ts';
import { withContext } from '../../apps/server/src/platform/db/tenancy.ts';
import { writeMarked } from './marked.ts';
import { inScratchDatabase, tenantWithMember } from './scratch.ts';
import { startServer } from './server.ts';
import { fmt, measure, summarise } from './stats.ts';

const DOCUMENTS = 5_000;
const PER_PAGE = 48;
const UPLOAD_MIB = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const ROLE = 'Tenant User';

/** A multipart body of one PDF of `mib` MiB, produced chunk by chunk (never whole in memory). */
function pdfUpload(mib: number): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----turnoutbench${Date.now().toString(36)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for (let i = 0; i < mib; i++) yield chunk;
    yield tail;
  }
  return {
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function documentsBench({ write }: { write: boolean }): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-documents-'));
  try {
    await inScratchDatabase('documents', async (db, databaseUrl) => {
      const k = db.kysely;
      const { tenantId, userId, token } = await tenantWithMember(k, 'bench-documents', ROLE);
      const tenant = { id: tenantId };
      const user = { id: userId };
      const context = { tenantId: tenant.id, userId: user.id, isGlobal: false };
      process.stdout.write(`[documents] loading ${DOCUMENTS} documents… `);
      // One station, one folder, 5,000 files filed into it by someone else; a tenth of them
      // restricted to another role, so the reader check has work to do.
      const { stationId, folderId } = await withContext(k, context, async (tx) => {
        const station = await sql<{ id: string }>`
        INSERT INTO entity (tenant_id, entity_type_id, display_name, data)
        SELECT ${tenant.id}::uuid, t.id, 'Station 1', '{"station_name": "Station 1"}'::jsonb
        FROM entity_type t WHERE t.tenant_id IS NULL AND t.name = 'station' AND t.deleted_at IS NULL
        RETURNING id`.execute(tx);
        const stationId = station.rows[0]!.id;
        const folder = await tx
          .insertInto('document_folder')
          .values({ tenant_id: tenant.id, folder_name: 'Manuals', station_id: stationId, created_by: user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`
        INSERT INTO file (tenant_id, original_name, path, size_bytes, md5, mime_type, created_by, is_restricted, visible_to)
        SELECT ${tenant.id}::uuid, 'Manual ' || lpad(g::text, 5, '0') || '.pdf', 'bench/' || g, 1000 + g,
          md5(g::text), 'application/pdf', NULL, g % 10 = 0, CASE WHEN g % 10 = 0 THEN ARRAY['Lieutenant'] ELSE ARRAY[]::text[] END
        FROM generate_series(1, ${DOCUMENTS}::int) g`.execute(tx);
        await sql`
        INSERT INTO document (tenant_id, file_id, folder_id, station_id, created_by)
        SELECT tenant_id, id, ${folder.id}::uuid, ${stationId}::uuid, NULL FROM file WHERE tenant_id = ${tenant.id}`.execute(tx);
        return { stationId, folderId: folder.id };
      });
      await sql`ANALYZE file`.execute(k);
      await sql`ANALYZE document`.execute(k);
      process.stdout.write('done\n');

      const server = await startServer({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        UPLOAD_MAX_BYTES: String((UPLOAD_MIB + 10) * 1024 * 1024),
      });
      const headers = { authorization: `Bearer ${token}` };
      try {
        const pages = Math.ceil(DOCUMENTS / PER_PAGE);
        let apiPage = 0;
        let total = 0;
        const list = async (page: number) => {
          const query = `library=station&station_id=${stationId}&folder_id=${folderId}&per_page=${PER_PAGE}&page=${page}`;
          const res = await fetch(`${server.base}/api/documents?${query}`, { headers });
          if (!res.ok) throw new Error(`the list answered ${res.status}: ${await res.text()}`);
          total = (await res.json()).meta.total;
        };
        process.stdout.write('[documents] API list… ');
        const apiFirst = summarise(await measure(() => list(1), SAMPLES));
        const apiPages = summarise(await measure(() => list((apiPage++ % pages) + 1), SAMPLES));
        process.stdout.write(`median ${fmt(apiFirst.median)} ms (${total} readable)\n`);

        // The same reader the API builds for this member: their role, and view on every type.
        const types = await k.selectFrom('entity_type').select('id').where('deleted_at', 'is', null).execute();
        const reader = { userId: user.id, role: ROLE, isGlobalAdmin: false, viewableTypeIds: types.map((t) => t.id) };
        const library = { kind: 'station' as const, stationId };
        let sqlPage = 0;
        const listSql = (page: number) =>
          withContext(k, context, (tx) => documentRepository(tx, tenant.id).list(library, { folderId, page, perPage: PER_PAGE }, reader));
        const sqlFirst = summarise(await measure(() => listSql(1), SAMPLES));
        const sqlPages = summarise(await measure(() => listSql((sqlPage++ % pages) + 1), SAMPLES));

        process.stdout.write(`[documents] uploading ${UPLOAD_MIB} MiB… `);
        const before = server.rssMiB();
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, server.rssMiB());
        }, 20);
        const started = performance.now();
        const { body, contentType } = pdfUpload(UPLOAD_MIB);
        const res = await fetch(`${server.base}/api/files`, {
          method: 'POST',
          headers: { ...headers, 'content-type': contentType },
          body,
          duplex: 'half',
        } as RequestInit);
        const uploadMs = performance.now() - started;
        clearInterval(sampler);
        if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${await res.text()}`);
        const stored = (await res.json()).data as { size_bytes: number };
        const after = server.rssMiB();
        process.stdout.write(`${(uploadMs / 1000).toFixed(1)} s\n`);

        const table = [
          `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, PostgreSQL; one station folder of ${DOCUMENTS.toLocaleString('en')} documents (a tenth restricted to another role), read as a '${ROLE}', ${PER_PAGE} a page; ${SAMPLES} sequential samples after a warm-up.`,
          '',
          '| scenario | median ms | p99 ms | ratio to its SQL |',
          '|---|---:|---:|---:|',
          `| API GET /documents, page 1 (${total} readable) | ${fmt(apiFirst.median)} | ${fmt(apiFirst.p99)} | ${(apiFirst.median / sqlFirst.median).toFixed(1)}× |`,
          `| its SQL (repository list: count + page, tenant context) | ${fmt(sqlFirst.median)} | ${fmt(sqlFirst.p99)} | |`,
          `| API GET /documents, pages 1–${pages} in turn | ${fmt(apiPages.median)} | ${fmt(apiPages.p99)} | ${(apiPages.median / sqlPages.median).toFixed(1)}× |`,
          `| its SQL, pages 1–${pages} in turn | ${fmt(sqlPages.median)} | ${fmt(sqlPages.p99)} | |`,
          '',
          `Uploading one ${UPLOAD_MIB} MiB PDF (${stored.size_bytes.toLocaleString('en')} bytes stored) through POST /files as a chunked stream: ${(uploadMs / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during (sampled every 20 ms), ${after.toFixed(0)} MiB after — a rise of ${(peak - before).toFixed(0)} MiB for ${UPLOAD_MIB} MiB sent.`,
        ].join('\n');
        console.log(`\n${table}\n`);
        if (write) writeMarked('documents', table);
      } finally {
        await server.stop();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
