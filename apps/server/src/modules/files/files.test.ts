import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm, type FormPart as Part } from '../../test/multipart.ts';
import { SAMPLES } from './test-samples.ts';

type Headers = Record<string, string>;
const form = multipartForm;

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const LIMIT = 64 * 1024;

describe(`[FILES] file storage and /api/files on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let a: { id: string };
  let b: { id: string };
  let chiefA: Headers;
  let firefighterA: Headers;
  let firefighterA2: Headers;
  let lieutenantA: Headers;
  let juniorA: Headers;
  let engineerA: Headers;
  let chiefB: Headers;
  let global: Headers;
  let firefighterAId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-files-'));
    test = await createTestApp({ dataDir, uploadMaxBytes: LIMIT });
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    const as = async (roleKey: string, tenantId: string) => signIn(test, (await makeUser(test, [{ roleKey, tenantId }])).email);
    chiefA = await as('Tenant Admin', a.id);
    const ff = await makeUser(test, [{ roleKey: 'Tenant User', tenantId: a.id }]);
    firefighterAId = ff.id;
    firefighterA = await signIn(test, ff.email);
    firefighterA2 = await as('Tenant User', a.id);
    lieutenantA = await as('Lieutenant', a.id);
    juniorA = await as('Junior', a.id);
    engineerA = await as('Engineer', a.id);
    chiefB = await as('Tenant Admin', b.id);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
    const selected = await test.app.inject({
      method: 'POST',
      url: '/api/user/select-tenant',
      headers: global,
      payload: { tenant: a.id, role: 'Tenant Admin' },
    });
    if (selected.statusCode !== 200) throw new Error(selected.body);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (headers: Headers, parts: Part[]) => {
    const body = form(parts);
    return test.app.inject({ method: 'POST', url: '/api/files', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const file = (filename: string, content: Buffer): Part => ({ name: 'file', filename, content });
  const uploaded = async (headers: Headers, parts: Part[]) => {
    const res = await upload(headers, parts);
    if (res.statusCode !== 201) throw new Error(`upload failed ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const get = (url: string, headers: Headers, extra: Headers = {}) =>
    test.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const rows = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('file')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const blobs = () => {
    const root = path.join(dataDir, 'files');
    if (!existsSync(root)) return [];
    return readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
  };
  const png = (seed: string) => Buffer.concat([SAMPLES.png, Buffer.from(seed)]);

  it('refuses callers without a session with 401 on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/api/files'],
      ['GET', '/api/files'],
      ['GET', '/api/files/'],
      ['GET', `/api/files/${id}`],
      ['GET', `/api/files/${id}/content`],
      ['DELETE', `/api/files/${id}`],
    ] as const) {
      const res = await test.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const body = form([file('a.png', png('x'))]);
    const res = await test.app.inject({ method: 'POST', url: '/api/files', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });

  it('stores an upload and reads it back: JSON, bytes, md5, headers, blob under DATA_DIR/files/<tenant>/<yyyy>/<mm>/<id>', async () => {
    const content = png('engine-1');
    const res = await upload(firefighterA, [file('Engine 1.png', content)]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(data).toMatchObject({
      original_name: 'Engine 1.png',
      url: `/api/files/${data.id}/content`,
      path: `${a.id}/${now.getUTCFullYear()}/${month}/${data.id}`,
      size_bytes: content.length,
      md5: md5(content),
      mime_type: 'image/png',
      entity: null,
      is_restricted: false,
      visible_to: [],
      created_by: firefighterAId,
    });
    expect(Date.parse(data.created_at)).not.toBeNaN();
    expect(readFileSync(path.join(dataDir, 'files', data.path))).toEqual(content);

    const shown = await get(`/api/files/${data.id}`, firefighterA2);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual(data);

    const bytes = await get(data.url, firefighterA2);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload).toEqual(content);
    expect(md5(bytes.rawPayload)).toBe(data.md5);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.headers['content-length']).toBe(String(content.length));
    expect(bytes.headers['content-disposition']).toBe(`inline; filename="Engine 1.png"; filename*=UTF-8''Engine%201.png`);
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.headers.etag).toBe(`"${data.md5}"`);
    const again = await get(data.url, firefighterA2, { 'if-none-match': `"${data.md5}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves byte ranges (video seeking) and a download for documents', async () => {
    const video = Buffer.concat([SAMPLES.mp4, randomBytes(1000)]);
    const clip = await uploaded(firefighterA, [file('drill.mp4', video)]);
    expect(clip.mime_type).toBe('video/mp4');
    const first = await get(clip.url, firefighterA, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload).toEqual(video.subarray(0, 10));
    expect(first.headers['content-range']).toBe(`bytes 0-9/${video.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.headers['accept-ranges']).toBe('bytes');
    const tail = await get(clip.url, firefighterA, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(video.subarray(video.length - 5));
    const beyond = await get(clip.url, firefighterA, { range: `bytes=${video.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);

    const roster = await uploaded(firefighterA, [file('roster.csv', SAMPLES.csv)]);
    const csv = await get(roster.url, firefighterA);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="roster.csv"/);
    expect(csv.body).toBe(SAMPLES.csv.toString('utf8'));
    const report = await uploaded(firefighterA, [file('report.pdf', SAMPLES.pdf)]);
    expect((await get(report.url, firefighterA)).headers['content-disposition']).toMatch(/^inline; /);
    const docx = await uploaded(firefighterA, [file('sop.docx', SAMPLES.docx)]);
    expect(docx.mime_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('answers a retried upload (same offline_id) with the first file, whatever the order of the parts', async () => {
    const content = png('retry');
    const first = await upload(firefighterA, [{ name: 'offline_id', value: 'queue-17' }, file('hose.png', content)]);
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id;
    const blobsBefore = blobs().length;
    const retry = await upload(firefighterA, [{ name: 'offline_id', value: 'queue-17' }, file('hose.png', content)]);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(id);
    // offline_id after the file: the bytes are stored, then found to be a retry and removed.
    const late = await upload(firefighterA, [file('hose.png', content), { name: 'offline_id', value: 'queue-17' }]);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toMatchObject({ id, offline_id: 'queue-17' });
    expect(blobs().length).toBe(blobsBefore);
    const withId = await test.database.db.kysely.selectFrom('file').select('id').where('offline_id', '=', 'queue-17').execute();
    expect(withId).toHaveLength(1);
    // Offline ids are per tenant: the same one in another tenant is another file.
    const other = await upload(chiefB, [{ name: 'offline_id', value: 'queue-17' }, file('hose.png', content)]);
    expect(other.statusCode).toBe(201);
    expect(other.json().data.id).not.toBe(id);
  });

  it('stores one file for two uploads with the same offline_id racing each other', async () => {
    const content = png('race');
    const blobsBefore = blobs().length;
    const results = await Promise.all([
      upload(firefighterA, [file('race.png', content), { name: 'offline_id', value: 'race-1' }]),
      upload(firefighterA, [file('race.png', content), { name: 'offline_id', value: 'race-1' }]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(blobs().length).toBe(blobsBefore + 1);
  });

  it('is isolated in the database as well: RLS shows a tenant none of the rows of another', async () => {
    const mine = await uploaded(firefighterA, [file('rls.png', png('rls'))]);
    const seen = await withContext(test.database.db.kysely, { tenantId: b.id, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('file').select('id').execute(),
    );
    expect(seen.map((r) => r.id)).not.toContain(mine.id);
    const own = await withContext(test.database.db.kysely, { tenantId: a.id, userId: null, isGlobal: false }, (tx) =>
      tx.selectFrom('file').select('id').execute(),
    );
    expect(own.map((r) => r.id)).toContain(mine.id);
  });

  it('refuses a file over the limit with 413 and keeps nothing: no row, no blob, no temporary file', async () => {
    const before = { rows: await rows(), blobs: blobs() };
    const big = Buffer.concat([SAMPLES.png, Buffer.alloc(LIMIT + 1 - SAMPLES.png.length, 7)]);
    const res = await upload(firefighterA, [{ name: 'offline_id', value: 'too-big' }, file('big.png', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large.');
    // inject hands the whole body over at once: nothing is left unread, so the connection stays
    // (a real client's unread rest closes it: the next test).
    expect(res.headers.connection).not.toBe('close');
    expect(await rows()).toBe(before.rows);
    expect(blobs()).toEqual(before.blobs);
    // Exactly the limit is fine.
    const fits = await upload(firefighterA, [file('fits.png', big.subarray(0, LIMIT))]);
    expect(fits.statusCode).toBe(201);
    expect(fits.json().data.size_bytes).toBe(LIMIT);
    // The documented default limit is 25 MiB.
    expect(loadConfig({ TURNOUT_EPHEMERAL_SECRET: '1' }).uploadMaxBytes).toBe(25 * 1024 * 1024);
  });

  it('answers a real HTTP client sending far more than the limit with 413 at once, and closes the connection', async () => {
    const before = { rows: await rows(), blobs: blobs() };
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const body = new FormData();
    body.append('file', new Blob([SAMPLES.png, Buffer.alloc(8 * 1024 * 1024)]), 'huge.png');
    const res = await fetch(`${address}/api/files`, { method: 'POST', headers: firefighterA, body });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { message: string }).message).toBe('The file is too large.');
    expect(await rows()).toBe(before.rows);
    expect(blobs()).toEqual(before.blobs);
  });

  it('refuses types off the allow-list or whose bytes do not match their name with 422, storing nothing', async () => {
    const before = { rows: await rows(), blobs: blobs() };
    const cases: [string, Buffer][] = [
      ['setup.exe', SAMPLES.exe],
      ['photo.png', SAMPLES.exe],
      ['photo.png', SAMPLES.elf],
      ['notes.txt', SAMPLES.elf],
      ['report.pdf', png('not a pdf')],
      ['photo.exe', png('png named exe')],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['tool.docx', SAMPLES.jar],
      ['script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ];
    for (const [name, content] of cases) {
      const res = await upload(firefighterA, [file(name, content)]);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toBe('The file type is not allowed.');
    }
    expect(await rows()).toBe(before.rows);
    expect(blobs()).toEqual(before.blobs);
  });

  it('answers bad requests with clear 4xx and stores nothing', async () => {
    const before = { rows: await rows(), blobs: blobs() };
    const json = await test.app.inject({ method: 'POST', url: '/api/files', headers: firefighterA, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the file as multipart/form-data.');
    const noFile = await upload(firefighterA, [{ name: 'offline_id', value: 'x' }]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ file: ['The file field is required.'] });
    const empty = await upload(firefighterA, [file('empty.txt', Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(422);
    const damaged = await upload(firefighterA, [{ name: 'md5', value: '0'.repeat(32) }, file('a.png', png('md5'))]);
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().errors.md5).toBeDefined();
    const two = await upload(firefighterA, [file('a.png', png('1')), file('b.png', png('2'))]);
    expect(two.statusCode).toBe(422);
    const badFlag = await upload(firefighterA, [{ name: 'is_restricted', value: 'maybe' }, file('a.png', png('flag'))]);
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().errors.is_restricted).toBeDefined();
    const badRole = await upload(firefighterA, [{ name: 'visible_to', value: 'Wizard' }, file('a.png', png('role'))]);
    expect(badRole.statusCode).toBe(422);
    expect(await rows()).toBe(before.rows);
    expect(blobs()).toEqual(before.blobs);
    // The uploader's md5, when right, is accepted.
    const content = png('md5-ok');
    expect((await upload(firefighterA, [file('a.png', content), { name: 'md5', value: md5(content) }])).statusCode).toBe(201);
  });

  it('lets only the uploader, global admins and the listed roles read restricted files', async () => {
    const restricted = await uploaded(firefighterA, [{ name: 'is_restricted', value: 'true' }, file('medical.pdf', SAMPLES.pdf)]);
    expect(restricted.is_restricted).toBe(true);
    const forLieutenants = await uploaded(firefighterA, [{ name: 'visible_to[]', value: 'Lieutenant' }, file('roster.csv', SAMPLES.csv)]);
    expect(forLieutenants.visible_to).toEqual(['Lieutenant']);
    const readers = [
      [restricted, firefighterA, 200],
      [restricted, global, 200],
      [restricted, firefighterA2, 404],
      [restricted, lieutenantA, 404],
      [restricted, chiefA, 404],
      [forLieutenants, firefighterA, 200],
      [forLieutenants, lieutenantA, 200],
      [forLieutenants, global, 200],
      [forLieutenants, firefighterA2, 404],
      [forLieutenants, chiefA, 404],
    ] as const;
    for (const [f, headers, status] of readers) {
      for (const url of [`/api/files/${f.id}`, f.url]) {
        const res = await get(url, headers);
        expect(res.statusCode, `${f.original_name} ${url}`).toBe(status);
        if (status === 404) expect(res.json()).toEqual({ message: 'File is not available.' });
      }
    }
    const listOf = async (headers: Headers) =>
      ((await get('/api/files?per_page=240', headers)).json().data as { id: string }[]).map((f) => f.id);
    expect(await listOf(firefighterA2)).not.toContain(restricted.id);
    expect(await listOf(firefighterA2)).not.toContain(forLieutenants.id);
    expect(await listOf(lieutenantA)).toContain(forLieutenants.id);
    expect(await listOf(lieutenantA)).not.toContain(restricted.id);
    expect(await listOf(firefighterA)).toEqual(expect.arrayContaining([restricted.id, forLieutenants.id]));
    expect(await listOf(global)).toEqual(expect.arrayContaining([restricted.id, forLieutenants.id]));
    // Another reader may not delete what they may not see.
    expect((await test.app.inject({ method: 'DELETE', url: `/api/files/${restricted.id}`, headers: chiefA })).statusCode).toBe(404);
  });

  it("never shows another tenant's files: 404 on every route, absent from the library", async () => {
    const mine = await uploaded(firefighterA, [file('station.png', png('tenant-a'))]);
    for (const headers of [chiefB]) {
      expect((await get(`/api/files/${mine.id}`, headers)).statusCode).toBe(404);
      expect((await get(mine.url, headers)).statusCode).toBe(404);
      expect((await get(mine.url, headers, { range: 'bytes=0-1' })).statusCode).toBe(404);
      const del = await test.app.inject({ method: 'DELETE', url: `/api/files/${mine.id}`, headers });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ message: 'File is not available.' });
      const list = (await get('/api/files?per_page=240', headers)).json().data as { id: string }[];
      expect(list.map((f) => f.id)).not.toContain(mine.id);
    }
    expect((await get(`/api/files/${mine.id}`, firefighterA)).statusCode).toBe(200);
    // Ids that are not uuids are simply not found.
    expect((await get('/api/files/not-a-uuid', firefighterA)).statusCode).toBe(404);
  });

  it('lists the media library newest first with paging and a name filter', async () => {
    const tenant = await makeTenant(test, 'Charlie');
    const user = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }])).email);
    for (const name of ['Pump test.pdf', 'Hydrant map.png', 'Pump log.csv', 'Crew photo.png', 'Annual report.pdf']) {
      const content = name.endsWith('.pdf') ? SAMPLES.pdf : name.endsWith('.csv') ? SAMPLES.csv : png(name);
      await uploaded(user, [file(name, content)]);
    }
    const page1 = await get('/api/files/?per_page=2', user);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data.map((f: { original_name: string }) => f.original_name)).toEqual(['Annual report.pdf', 'Crew photo.png']);
    expect(page1.json().meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5, from: 1, to: 2 });
    const page3 = await get('/api/files?per_page=2&page=3', user);
    expect(page3.json().data.map((f: { original_name: string }) => f.original_name)).toEqual(['Pump test.pdf']);
    const pumps = await get(`/api/files?${encodeURIComponent('filter[display_name]')}=pump`, user);
    expect(pumps.json().data.map((f: { original_name: string }) => f.original_name)).toEqual(['Pump log.csv', 'Pump test.pdf']);
    expect(pumps.json().meta.total).toBe(2);
    const images = await get(`/api/files?${encodeURIComponent('filter[file_type]')}=image`, user);
    expect(images.json().data.map((f: { original_name: string }) => f.original_name)).toEqual(['Crew photo.png', 'Hydrant map.png']);
    const wildcard = await get(`/api/files?${encodeURIComponent('filter[display_name]')}=%25`, user);
    expect(wildcard.json().meta.total).toBe(0);
    expect((await get('/api/files?per_page=0', user)).statusCode).toBe(422);
    expect((await get(`/api/files?${encodeURIComponent('filter[file_type]')}=exe`, user)).statusCode).toBe(422);
  });

  it('lets the uploader or a tenant admin delete (soft): the file is gone from every route', async () => {
    const mine = await uploaded(firefighterA, [file('old.png', png('delete-1'))]);
    const forbidden = await test.app.inject({ method: 'DELETE', url: `/api/files/${mine.id}`, headers: firefighterA2 });
    expect(forbidden.statusCode).toBe(403);
    const byUploader = await test.app.inject({ method: 'DELETE', url: `/api/files/${mine.id}`, headers: firefighterA });
    expect(byUploader.statusCode).toBe(200);
    expect(byUploader.json()).toEqual({ message: 'Deleted Successfully' });
    expect((await get(`/api/files/${mine.id}`, firefighterA)).statusCode).toBe(404);
    expect((await get(mine.url, firefighterA)).statusCode).toBe(404);
    const theirs = await uploaded(firefighterA, [file('other.png', png('delete-2'))]);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/files/${theirs.id}`, headers: chiefA })).statusCode).toBe(200);
    const list = (await get('/api/files?per_page=240', firefighterA)).json().data as { id: string }[];
    expect(list.map((f) => f.id)).not.toContain(theirs.id);
    const row = await test.database.db.kysely
      .selectFrom('file')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  describe('files of records', () => {
    let record: { id: string; entity_type_id: string; display_name: string; uri: string };
    let recordB: { id: string };

    beforeAll(async () => {
      const field = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
        field_data: { property, title: property, type, page: 1, ...extra },
      });
      for (const [headers, tenantId] of [
        [chiefA, a.id],
        [chiefB, b.id],
      ] as const) {
        const type = await test.app.inject({
          method: 'POST',
          url: '/api/entity-type',
          headers,
          payload: {
            label: 'Inspection',
            object_data: { formtitle: '{unit} inspection' },
            fields: [
              field('unit', 'single-text'),
              field('photos', 'single-file', { params: { allowMultipleUploads: true } }),
              field('documents', 'single-file', { params: { fileType: 'document' } }),
              field('signature', 'signature-pad'),
              field('medical', 'single-file', { permissions: { visible_to: ['Tenant Admin', 'Lieutenant'] } }),
              field('locked', 'single-file', { permissions: { modifiable_by: ['Tenant Admin'] } }),
            ],
          },
        });
        if (type.statusCode !== 201) throw new Error(type.body);
        const created = await test.app.inject({ method: 'POST', url: '/api/entity/inspection', headers, payload: { unit: 'E1' } });
        if (created.statusCode !== 201) throw new Error(created.body);
        if (tenantId === a.id) record = created.json().data;
        else recordB = created.json().data;
      }
      // Juniors may not view inspections; engineers may view but not update them.
      const deny = async (role: string, entry: Record<string, boolean>) => {
        const res = await test.app.inject({
          method: 'POST',
          url: '/api/permissions-v2',
          headers: chiefA,
          payload: { tenant: a.id, role, permissions: { inspection: entry } },
        });
        if (res.statusCode !== 200) throw new Error(res.body);
      };
      await deny('Junior', { view: false, update: false });
      await deny('Engineer', { view: true, update: false });
    });

    const linked = (extra: Part[], f: Part) => [{ name: 'client_entity_id', value: record.id }, ...extra, f];

    it('links an upload to a file field of a record the uploader may update', async () => {
      const res = await upload(firefighterA, linked([{ name: 'entity_field_id', value: 'photos' }], file('front.jpg', SAMPLES.jpeg)));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        entity: { id: record.id, entity_type_id: record.entity_type_id, display_name: 'E1 inspection', uri: record.uri },
        entity_field_id: 'photos',
        mime_type: 'image/jpeg',
      });
      const doc = await upload(firefighterA, linked([{ name: 'entity_field_id', value: 'documents' }], file('permit.pdf', SAMPLES.pdf)));
      expect(doc.statusCode).toBe(201);
      // The field's id names it as well as its property.
      const type = (await get(`/api/entity-type/${record.entity_type_id}`, chiefA)).json().data;
      const signatureId = type.fields.find((f: { field_data: { property: string } }) => f.field_data.property === 'signature').id;
      const signed = await upload(firefighterA, linked([{ name: 'entity_field_id', value: signatureId }], file('blob', png('sig'))));
      expect(signed.statusCode).toBe(201);
      expect(signed.json().data.entity_field_id).toBe('signature');
    });

    it("refuses a file of the wrong kind for the field, a field that holds no files, and a record it can't use", async () => {
      const before = { rows: await rows(), blobs: blobs() };
      const pdfAsPhoto = await upload(
        firefighterA,
        linked([{ name: 'entity_field_id', value: 'photos' }], file('permit.pdf', SAMPLES.pdf)),
      );
      expect(pdfAsPhoto.statusCode).toBe(422);
      expect(pdfAsPhoto.json().message).toBe('The file type is not allowed.');
      const notAFileField = await upload(firefighterA, linked([{ name: 'entity_field_id', value: 'unit' }], file('a.png', png('unit'))));
      expect(notAFileField.statusCode).toBe(422);
      expect(notAFileField.json().errors.entity_field_id).toBeDefined();
      const otherTenant = await upload(firefighterA, [{ name: 'client_entity_id', value: recordB.id }, file('a.png', png('b'))]);
      expect(otherTenant.statusCode).toBe(422);
      expect(otherTenant.json().errors.client_entity_id).toEqual(['The selected record is not available.']);
      const unknown = await upload(firefighterA, [{ name: 'client_entity_id', value: 'no-such-record' }, file('a.png', png('c'))]);
      expect(unknown.statusCode).toBe(422);
      const cannotView = await upload(juniorA, linked([], file('a.png', png('junior'))));
      expect(cannotView.statusCode).toBe(422);
      const cannotUpdate = await upload(engineerA, linked([], file('a.png', png('engineer'))));
      expect(cannotUpdate.statusCode).toBe(403);
      const lockedField = await upload(firefighterA, linked([{ name: 'entity_field_id', value: 'locked' }], file('a.png', png('locked'))));
      expect(lockedField.statusCode).toBe(403);
      expect(await rows()).toBe(before.rows);
      expect(blobs()).toEqual(before.blobs);
    });

    it("gives a file the field's visible_to roles, and hides files of records the reader may not view", async () => {
      const medical = await uploaded(chiefA, linked([{ name: 'entity_field_id', value: 'medical' }], file('xray.png', png('xray'))));
      expect(medical.visible_to).toEqual(['Tenant Admin', 'Lieutenant']);
      expect((await get(medical.url, lieutenantA)).statusCode).toBe(200);
      expect((await get(medical.url, firefighterA)).statusCode).toBe(404);
      // Narrowed by the uploader: only the roles in both lists.
      const narrowed = await uploaded(
        chiefA,
        linked(
          [
            { name: 'entity_field_id', value: 'medical' },
            { name: 'visible_to', value: '["Tenant Admin"]' },
          ],
          file('x.png', png('n')),
        ),
      );
      expect(narrowed.visible_to).toEqual(['Tenant Admin']);
      expect((await get(narrowed.url, lieutenantA)).statusCode).toBe(404);

      const photo = await uploaded(firefighterA, linked([{ name: 'entity_field_id', value: 'photos' }], file('side.png', png('side'))));
      expect((await get(`/api/files/${photo.id}`, engineerA)).statusCode).toBe(200);
      expect((await get(`/api/files/${photo.id}`, juniorA)).statusCode).toBe(404);
      expect((await get(photo.url, juniorA)).statusCode).toBe(404);
      const juniorList = (await get('/api/files?per_page=240', juniorA)).json().data as { id: string; entity: unknown }[];
      expect(juniorList.map((f) => f.id)).not.toContain(photo.id);
      expect(juniorList.every((f) => f.entity === null)).toBe(true);
      expect(juniorList.length).toBeGreaterThan(0);
    });
  });
});
