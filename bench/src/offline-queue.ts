/**
 * `npm run bench -- --offline [--write]`: the offline save queue (issue 22) on PostgreSQL.
 * 50 saves of a new record, 20 of them with a photo (~48 KB), sent two ways in one run against
 * the same server: online one by one (each photo's POST /files, then its POST /entity, the next
 * save after the last one answered), and as a queue replayed after reconnect by the web app's
 * own replay code (apps/web/src/features/offline/replay.ts over IndexedDB; fake-indexeddb here):
 * items in parallel, each item's photo before its save. Target: the replay within 1.2× the
 * one-by-one time. Rounds alternate the two so the machine's load falls on both alike.
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeOfflineStore, type Owner, queueSave, storeFile } from '../../apps/web/src/features/offline/offline-store.ts';
import { queuedFileRef, type ReplayApi, replayQueue } from '../../apps/web/src/features/offline/replay.ts';
import { writeMarked } from './marked.ts';
import { inScratchDatabase, tenantWithMember } from './scratch.ts';
import { startServer } from './server.ts';
import { fmt } from './stats.ts';

const SAVES = 50;
const PHOTOS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TYPE = 'offline_check';

/** A PNG signature and IHDR chunk, then ~48 KB of noise: the server's type check takes it as a PNG. */
function photo(): Buffer {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return Buffer.concat([head, Buffer.alloc(13), randomBytes(48 * 1024)]);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function offlineQueueBench({ write }: { write: boolean }): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-offline-'));
  try {
    await inScratchDatabase('offline', async (db, databaseUrl) => {
      const { tenantId, userId, token } = await tenantWithMember(db.kysely, 'bench-offline', 'Tenant Admin');
      const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
      const headers = { authorization: `Bearer ${token}` };
      const post = async (url: string, body: BodyInit, json: boolean) => {
        const res = await fetch(`${server.base}/api${url}`, {
          method: 'POST',
          headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
          body,
        });
        if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
        return (await res.json()).data;
      };
      try {
        await post(
          '/entity-type',
          JSON.stringify({
            label: 'Offline Check',
            fields: [
              { field_data: { property: 'unit', title: 'Unit', type: 'single-text', page: 1, validation: { required: true } } },
              { field_data: { property: 'notes', title: 'Notes', type: 'textarea', page: 1 } },
              { field_data: { property: 'photo', title: 'Photo', type: 'single-file', page: 1 } },
            ],
          }),
          true,
        );
        const uploadForm = (bytes: Buffer, name: string, offlineId: string) => {
          const form = new FormData();
          form.append('offline_id', offlineId);
          form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
          return form;
        };
        const api: ReplayApi = {
          uploadFile: async (file) => {
            const form = new FormData();
            form.append('offline_id', file.id);
            form.append('is_restricted', 'false');
            form.append('file', file.blob, file.name);
            const data = await post('/files', form, false);
            return { id: data.id, original_name: data.original_name };
          },
          create: (type, body) => post(`/entity/${type}`, JSON.stringify(body), true),
          update: () => Promise.reject(new Error('no edits in this bench')),
        };
        const owner: Owner = { userId, tenantId };
        const photos = Array.from({ length: PHOTOS }, () => photo());
        const values = (round: number, i: number) => ({ unit: `E${round}-${i}`, notes: `Checked pump, hose and lights (${i}).` });

        const online = async (round: number) => {
          const started = performance.now();
          for (let i = 0; i < SAVES; i += 1) {
            const body: Record<string, unknown> = { ...values(round, i), offline_id: `online-${round}-${i}` };
            if (i < PHOTOS) {
              const file = await post('/files', uploadForm(photos[i]!, `p${i}.png`, `online-file-${round}-${i}`), false);
              body.photo = [{ id: file.id, original_name: file.original_name }];
            }
            await post(`/entity/${TYPE}`, JSON.stringify(body), true);
          }
          return performance.now() - started;
        };
        const replay = async (round: number) => {
          for (let i = 0; i < SAVES; i += 1) {
            const changes: Record<string, unknown> = values(round, i);
            const fileIds: string[] = [];
            if (i < PHOTOS) {
              const id = `queued-file-${round}-${i}`;
              await storeFile(owner, {
                id,
                blob: new Blob([new Uint8Array(photos[i]!)]),
                name: `p${i}.png`,
                entity_field_id: null,
                is_restricted: false,
              });
              changes.photo = [{ id: queuedFileRef(id), original_name: `p${i}.png` }];
              fileIds.push(id);
            }
            await queueSave(owner, {
              offline_id: `queued-${round}-${i}`,
              type_name: TYPE,
              type_label: 'Offline Check',
              record_id: null,
              base_version: null,
              base_values: {},
              changes,
              file_ids: fileIds,
            });
          }
          const started = performance.now();
          const outcomes = await replayQueue(api, owner);
          const elapsed = performance.now() - started;
          const saved = outcomes.filter((o) => o.kind === 'saved').length;
          if (saved !== SAVES)
            throw new Error(`the replay saved ${saved} of ${SAVES}: ${JSON.stringify(outcomes.find((o) => o.kind !== 'saved'))}`);
          return elapsed;
        };

        process.stdout.write('[offline] warm-up… ');
        await online(0);
        await replay(0);
        process.stdout.write('done\n');
        const onlineMs: number[] = [];
        const replayMs: number[] = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          if (round % 2) {
            onlineMs.push(await online(round));
            replayMs.push(await replay(round));
          } else {
            replayMs.push(await replay(round));
            onlineMs.push(await online(round));
          }
          process.stdout.write(`[offline] round ${round}: online ${fmt(onlineMs.at(-1)!)} ms, replay ${fmt(replayMs.at(-1)!)} ms\n`);
        }
        const counts = await db.kysely
          .selectFrom('entity')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow();
        const expected = SAVES * 2 * (ROUNDS + 1);
        if (Number(counts.n) !== expected) throw new Error(`expected ${expected} records, found ${counts.n}`);
        const ratio = median(replayMs) / median(onlineMs);
        const table = [
          `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, Node ${process.version}, PostgreSQL; ${SAVES} new records, ${PHOTOS} of them with a ~48 KB photo; ${ROUNDS} rounds after a warm-up, the two ways alternating; every save made exactly one record (counted).`,
          '',
          '| way | median ms | min ms | max ms | ratio to one by one |',
          '|---|---:|---:|---:|---:|',
          `| online, one by one (photo, then save; next after the answer) | ${fmt(median(onlineMs))} | ${fmt(Math.min(...onlineMs))} | ${fmt(Math.max(...onlineMs))} | 1.00× |`,
          `| queue replayed on reconnect (items in parallel, photo before save) | ${fmt(median(replayMs))} | ${fmt(Math.min(...replayMs))} | ${fmt(Math.max(...replayMs))} | ${ratio.toFixed(2)}× |`,
        ].join('\n');
        console.log(`\n${table}\n`);
        if (write) writeMarked('offline-queue', table);
      } finally {
        await server.stop();
        await closeOfflineStore();
      }
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
