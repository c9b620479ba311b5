import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { SAMPLES } from '../files/test-samples.ts';
import { extractPdfText, indexPdfText } from './pdf-text.ts';

type Headers = Record<string, string>;

describe(`[DOCUMENTS] the library, folders, handbook and tenant files on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let a: { id: string };
  let b: { id: string };
  let chiefA: Headers;
  let firefighterA: Headers;
  let colleagueA: Headers;
  let lieutenantA: Headers;
  let chiefB: Headers;
  let global: Headers;
  let station1: string;
  let stationB: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
    test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const upload = async (headers: Headers, filename: string, content: Buffer, extra: { name: string; value: string }[] = []) => {
    const body = multipartForm([...extra, { name: 'file', filename, content }]);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; path: string };
  };

  const station = async (headers: Headers, name: string) => {
    const res = await call('POST', '/api/entity/station', headers, { station_name: name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  const file = async (
    headers: Headers,
    stationId: string,
    folderId: string | null,
    filename: string,
    content: Buffer,
    extra: { name: string; value: string }[] = [],
  ) => {
    const uploaded = await upload(headers, filename, content, extra);
    const res = await call('POST', '/api/documents', headers, {
      file_id: uploaded.id,
      library: 'station',
      station_id: stationId,
      folder_id: folderId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...res.json().data, path: uploaded.path } as { id: string; file_id: string; path: string; name: string };
  };

  const folder = async (headers: Headers, payload: Record<string, unknown>) => {
    const res = await call('POST', '/api/document-folders', headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; folder_name: string };
  };

  const names = async (headers: Headers, query: string) => {
    const res = await call('GET', `/api/documents?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { name: string }[]).map((d) => d.name);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-documents-'));
    test = await createTestApp({ dataDir });
    a = await makeTenant(test, 'Alpha');
    b = await makeTenant(test, 'Bravo');
    const as = async (roleKey: string, tenantId: string) => signIn(test, (await makeUser(test, [{ roleKey, tenantId }])).email);
    chiefA = await as('Tenant Admin', a.id);
    firefighterA = await as('Tenant User', a.id);
    colleagueA = await as('Tenant User', a.id);
    lieutenantA = await as('Lieutenant', a.id);
    chiefB = await as('Tenant Admin', b.id);
    global = await signIn(test, (await makeGlobalAdmin(test)).email);
    station1 = await station(chiefA, 'Station 1');
    stationB = await station(chiefB, 'Bravo Station');
  }, 180_000);
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses strangers and asks a global admin at global level to select a tenant', async () => {
    for (const url of ['/api/documents/stations', '/api/handbook', `/api/tenant/file/${station1}`, '/api/document-folders?library=my']) {
      expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const res = await call('GET', url, global);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Tenant must be selected first');
    }
  });

  it('lists the tenant stations, files uploads into station folders and lists them by name with their uploader', async () => {
    const stations = (await call('GET', '/api/documents/stations', firefighterA)).json().data;
    expect(stations).toEqual([{ id: station1, display_name: 'Station 1' }]);
    const sops = await folder(chiefA, { folder_name: 'SOPs', library: 'station', station_id: station1 });
    await file(chiefA, station1, sops.id, 'hose.pdf', SAMPLES.pdf);
    await file(firefighterA, station1, sops.id, 'Apparatus.png', SAMPLES.png);
    const res = await call('GET', `/api/documents?library=station&station_id=${station1}&folder_id=${sops.id}`, colleagueA);
    expect(res.json().meta.total).toBe(2);
    expect(res.json().data.map((d: { name: string }) => d.name)).toEqual(['Apparatus.png', 'hose.pdf']);
    expect(res.json().data[1]).toMatchObject({
      mime_type: 'application/pdf',
      size_bytes: SAMPLES.pdf.length,
      library: 'station',
      folder_id: sops.id,
    });
    expect(res.json().data[1].created_by.display_name).toMatch(/^Name /);
    const listing = (
      await call('GET', `/api/document-folders?library=station&station_id=${station1}&folder_id=${sops.id}`, firefighterA)
    ).json().data;
    expect(listing.path.map((f: { folder_name: string }) => f.folder_name)).toEqual(['SOPs']);
    expect(listing.can).toMatchObject({ upload: true, create_folder: true, update_folder: false, delete_folder: false });
    expect((await call('GET', `/api/document-folders?library=station&station_id=${station1}`, chiefA)).json().data.can).toMatchObject({
      update_folder: true,
      delete_folder: true,
      set_handbook: true,
    });
  });

  it('renames and moves folders, refuses a cycle, a duplicate name and a member without the permission', async () => {
    const top = await folder(chiefA, { folder_name: 'Pre-plans', library: 'station', station_id: station1 });
    const child = await folder(firefighterA, { folder_name: 'North', library: 'station', station_id: station1, parent_folder: top.id });
    const grandchild = await folder(chiefA, { folder_name: 'Mill St', library: 'station', station_id: station1, parent_folder: child.id });
    const cycle = await call('PUT', `/api/document-folders/${top.id}`, chiefA, { parent_folder: grandchild.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().errors.parent_folder).toEqual(['A folder cannot be moved into itself or one of its subfolders.']);
    expect((await call('PUT', `/api/document-folders/${top.id}`, chiefA, { parent_folder: top.id })).statusCode).toBe(422);
    const dup = await call('POST', '/api/document-folders', chiefA, {
      folder_name: 'north',
      library: 'station',
      station_id: station1,
      parent_folder: top.id,
    });
    expect(dup.json().errors.folder_name).toEqual(['A folder with this name already exists here.']);
    expect((await call('PUT', `/api/document-folders/${child.id}`, firefighterA, { folder_name: 'Nord' })).statusCode).toBe(403);
    const tree = (await call('GET', `/api/document-folders/tree?library=station&station_id=${station1}`, firefighterA)).json().data;
    expect(tree.find((f: { id: string }) => f.id === grandchild.id).parent_folder).toBe(child.id);
    const moved = await call('PUT', `/api/document-folders/${grandchild.id}`, chiefA, { parent_folder: null, folder_name: 'Mill Street' });
    expect(moved.json().data).toMatchObject({ parent_folder: null, folder_name: 'Mill Street' });
    const empty = await call('POST', '/api/document-folders', chiefA, { folder_name: '   ', library: 'station', station_id: station1 });
    expect(empty.json().errors.folder_name).toEqual(['The folder name field is required.']);
    // Path characters are only text: the folder is stored by id and shown by name.
    const odd = await folder(chiefA, { folder_name: '../../etc/passwd \\ a/b', library: 'station', station_id: station1 });
    expect(odd.folder_name).toBe('../../etc/passwd \\ a/b');
    const doc = await file(chiefA, station1, odd.id, '../../evil/name.pdf', SAMPLES.pdf);
    expect(doc.name).toBe('name.pdf');
    expect(doc.path).not.toContain('..');
  });

  it('asks before deleting a folder with contents, then deletes all of it and the bytes nothing uses', async () => {
    const box = await folder(chiefA, { folder_name: 'Old forms', library: 'station', station_id: station1 });
    const inner = await folder(chiefA, { folder_name: 'Older', library: 'station', station_id: station1, parent_folder: box.id });
    const doc = await file(chiefA, station1, inner.id, 'form.pdf', SAMPLES.pdf);
    expect((await call('DELETE', `/api/document-folders/${box.id}`, firefighterA)).statusCode).toBe(403);
    const asked = await call('DELETE', `/api/document-folders/${box.id}`, chiefA);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().message).toBe('The folder is not empty.');
    expect((await call('DELETE', `/api/document-folders/${box.id}?force=true`, chiefA)).statusCode).toBe(200);
    expect((await call('GET', `/api/documents/${doc.id}`, chiefA)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${doc.file_id}`, chiefA)).statusCode).toBe(404);
    expect(existsSync(path.join(dataDir, 'files', doc.path))).toBe(false);
  });

  it('moves and deletes documents; deleting removes the bytes', async () => {
    const target = await folder(chiefA, { folder_name: 'Manuals', library: 'station', station_id: station1 });
    const doc = await file(firefighterA, station1, null, 'engine.pdf', SAMPLES.pdf);
    const moved = await call('PUT', `/api/documents/${doc.id}`, firefighterA, { folder_id: target.id });
    expect(moved.json().data.folder_id).toBe(target.id);
    const other = await file(chiefA, station1, null, 'chief.pdf', SAMPLES.pdf);
    expect((await call('PUT', `/api/documents/${other.id}`, colleagueA, { folder_id: target.id })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/documents/${other.id}`, colleagueA)).statusCode).toBe(403);
    const blobsBefore = (await call('GET', `/api/files/${doc.file_id}/content`, firefighterA)).statusCode;
    expect(blobsBefore).toBe(200);
    expect((await call('DELETE', `/api/documents/${doc.id}`, firefighterA)).statusCode).toBe(200);
    expect((await call('GET', `/api/files/${doc.file_id}`, firefighterA)).statusCode).toBe(404);
    expect(await names(chiefA, `library=station&station_id=${station1}&folder_id=${target.id}`)).toEqual([]);
  });

  it('shows a restricted file only to its roles, in lists and by id', async () => {
    const secret = await file(chiefA, station1, null, 'discipline.pdf', SAMPLES.pdf, [
      { name: 'is_restricted', value: 'true' },
      { name: 'visible_to', value: 'Lieutenant' },
    ] as never);
    expect(await names(firefighterA, `library=station&station_id=${station1}`)).not.toContain('discipline.pdf');
    expect(await names(lieutenantA, `library=station&station_id=${station1}`)).toContain('discipline.pdf');
    expect((await call('GET', `/api/documents/${secret.id}`, firefighterA)).statusCode).toBe(404);
    const found = async (headers: Headers) =>
      ((await call('GET', '/api/documents/search?query=DISCIPL', headers)).json().data as { id: string }[]).map((d) => d.id);
    expect(await found(firefighterA)).toEqual([]);
    expect(await found(lieutenantA)).toEqual([secret.id]);
    expect(await found(chiefB)).toEqual([]);
    expect((await call('GET', `/api/documents/${secret.id}`, lieutenantA)).statusCode).toBe(200);
    expect((await call('GET', `/api/tenant/file/${secret.file_id}`, firefighterA)).json().message).toBe('File is not available.');
    expect((await call('GET', `/api/tenant/file/${secret.file_id}`, lieutenantA)).json().data.id).toBe(secret.file_id);
  });

  it("keeps 'My Documents' to its member", async () => {
    const mine = await folder(firefighterA, { folder_name: 'Certificates', library: 'my' });
    const uploaded = await upload(firefighterA, 'cpr.pdf', SAMPLES.pdf);
    const doc = await call('POST', '/api/documents', firefighterA, { file_id: uploaded.id, library: 'my', folder_id: mine.id });
    expect(doc.statusCode, doc.body).toBe(201);
    expect(await names(firefighterA, `library=my&folder_id=${mine.id}`)).toEqual(['cpr.pdf']);
    expect((await call('GET', '/api/document-folders?library=my', colleagueA)).json().data.folders).toEqual([]);
    expect((await call('GET', `/api/documents?library=my&folder_id=${mine.id}`, colleagueA)).statusCode).toBe(404);
    expect((await call('GET', `/api/documents/${doc.json().data.id}`, chiefA)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/document-folders/${mine.id}?force=true`, chiefA)).statusCode).toBe(404);
    // Someone else's upload cannot be filed by a member.
    const stolen = await call('POST', '/api/documents', colleagueA, { file_id: uploaded.id, library: 'my' });
    expect(stolen.statusCode).toBe(422);
  });

  it('answers another tenant with 404 on every call and refuses its station', async () => {
    const f = await folder(chiefA, { folder_name: 'Private', library: 'station', station_id: station1 });
    const doc = await file(chiefA, station1, f.id, 'roster.pdf', SAMPLES.pdf);
    expect((await call('GET', '/api/documents/stations', chiefB)).json().data).toEqual([{ id: stationB, display_name: 'Bravo Station' }]);
    for (const [method, url, payload] of [
      ['GET', `/api/documents/${doc.id}`],
      ['PUT', `/api/documents/${doc.id}`, { folder_id: null }],
      ['DELETE', `/api/documents/${doc.id}`],
      ['PUT', `/api/document-folders/${f.id}`, { folder_name: 'Mine' }],
      ['DELETE', `/api/document-folders/${f.id}?force=true`],
      ['GET', `/api/tenant/file/${doc.file_id}`],
      ['GET', `/api/files/${doc.file_id}/content`],
      ['GET', `/api/documents/not-a-uuid`],
    ] as const) {
      expect((await call(method, url, chiefB, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', `/api/documents?library=station&station_id=${station1}`, chiefB);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.station_id).toEqual(['The selected station is not available.']);
    const into = await call('POST', '/api/document-folders', chiefB, {
      folder_name: 'x',
      library: 'station',
      station_id: stationB,
      parent_folder: f.id,
    });
    expect(into.statusCode).toBe(422);
    expect((await call('GET', `/api/documents?library=station&station_id=${station1}`, chiefA)).json().data.length).toBeGreaterThan(0);
  });

  it('serves the handbook once one is marked, only marked by those allowed', async () => {
    const none = await call('GET', '/api/handbook', firefighterA);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Handbook is not available.');
    const doc = await file(chiefA, station1, null, 'Member Handbook.pdf', SAMPLES.pdf);
    expect((await call('PUT', `/api/documents/${doc.id}`, firefighterA, { is_handbook: true })).statusCode).toBe(403);
    expect((await call('PUT', `/api/documents/${doc.id}`, chiefA, { is_handbook: true })).json().data.is_handbook).toBe(true);
    const handbook = await call('GET', '/api/handbook', firefighterA);
    expect(handbook.json().data).toMatchObject({ id: doc.id, name: 'Member Handbook.pdf', url: `/api/files/${doc.file_id}/content` });
    expect((await call('GET', '/api/handbook', chiefB)).statusCode).toBe(404);
    const second = await file(chiefA, station1, null, 'Handbook 2027.pdf', SAMPLES.pdf);
    await call('PUT', `/api/documents/${second.id}`, chiefA, { is_handbook: true });
    expect((await call('GET', '/api/handbook', firefighterA)).json().data.id).toBe(second.id);
  });

  it("files a record's uploads into its type's document_folder, for those who may view the type's records", async () => {
    const checks = await folder(chiefA, { folder_name: 'Apparatus checks', library: 'station', station_id: station1 });
    const filingType = async (headers: Headers, label: string) => {
      const type = await call('POST', '/api/entity-type', headers, {
        label,
        object_data: { formtitle: '{unit}', document_folder: checks.id },
        fields: [
          { field_data: { property: 'unit', title: 'Unit', type: 'single-text' } },
          { field_data: { property: 'photo', title: 'Photo', type: 'single-file' } },
        ],
      });
      expect(type.statusCode, type.body).toBe(201);
    };
    await filingType(chiefA, 'Rig Check');
    const record = await call('POST', '/api/entity/rig_check', chiefA, { unit: 'Engine 1' });
    expect(record.statusCode, record.body).toBe(201);
    await upload(chiefA, 'engine-1.pdf', SAMPLES.pdf, [{ name: 'client_entity_id', value: record.json().data.id }]);
    await upload(chiefA, 'loose.pdf', SAMPLES.pdf);
    const query = `library=station&station_id=${station1}&folder_id=${checks.id}`;
    expect(await names(chiefA, query)).toEqual(['engine-1.pdf']);
    // A file linked by a record save (a single-file value) is filed as well.
    const photo = await upload(chiefA, 'pump.png', SAMPLES.png);
    const saved = await call('POST', '/api/entity/rig_check', chiefA, { unit: 'Engine 2', photo: [{ id: photo.id }] });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await names(chiefA, query)).toEqual(['engine-1.pdf', 'pump.png']);
    expect(await names(lieutenantA, query)).toEqual(['engine-1.pdf', 'pump.png']);
    const listed = (await call('GET', `/api/documents?${query}`, lieutenantA)).json().data[0];
    expect((await call('GET', `/api/documents/${listed.id}`, lieutenantA)).statusCode).toBe(200);
    const denied = await call('POST', '/api/permissions-v2', chiefA, {
      tenant: a.id,
      role: 'Tenant User',
      permissions: { rig_check: { view: false } },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await names(firefighterA, query)).toEqual([]);
    expect((await call('GET', `/api/documents/${listed.id}`, firefighterA)).statusCode).toBe(404);
    expect((await call('GET', `/api/documents/${listed.id}`, chiefB)).statusCode).toBe(404);
    expect((await call('GET', `/api/documents?${query}`, chiefB)).statusCode).toBe(422);
    // Another tenant may not name this folder on its types.
    const foreign = await call('POST', '/api/entity-type', chiefB, { label: 'Bravo Check', object_data: { document_folder: checks.id } });
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(foreign.json().errors).toEqual({
      'object_data.document_folder': ['The document folder must be a station folder of this tenant.'],
    });
    expect(await names(chiefA, query)).toEqual(['engine-1.pdf', 'pump.png']);
  });

  it("checks an entity type's document_folder: a station folder of the tenant, else 422 with a per-field message", async () => {
    const target = await folder(chiefA, { folder_name: 'Hydrant tests', library: 'station', station_id: station1 });
    const mine = await folder(chiefA, { folder_name: 'My drafts', library: 'my' });
    const bravo = await folder(chiefB, { folder_name: 'Bravo only', library: 'station', station_id: stationB });
    const created = await call('POST', '/api/entity-type', chiefA, { label: 'Hydrant Test', object_data: {} });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json().data as { id: string; object_data: Record<string, unknown> };
    const save = (headers: Headers, document_folder: unknown) =>
      call('PUT', `/api/entity-type/${type.id}`, headers, { label: 'Hydrant Test', object_data: { formtitle: 'x', document_folder } });
    for (const bad of [bravo.id, mine.id, '0b0e5d6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b', 'not-a-folder', 42]) {
      const res = await save(chiefA, bad);
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors).toEqual({
        'object_data.document_folder': ['The document folder must be a station folder of this tenant.'],
      });
    }
    const ok = await save(chiefA, target.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.object_data.document_folder).toBe(target.id);
    expect((await call('GET', `/api/entity-type/${type.id}`, chiefA)).json().data.object_data.document_folder).toBe(target.id);
    // A member without modify_entity_types may not set it; another tenant does not find the type.
    expect((await save(firefighterA, target.id)).statusCode).toBe(403);
    expect((await save(chiefB, bravo.id)).statusCode).toBe(404);
    // Once the folder is gone the stored value is not checked again, so other changes still save; clearing it saves.
    expect((await call('DELETE', `/api/document-folders/${target.id}?force=true`, chiefA)).statusCode).toBe(200);
    expect((await save(chiefA, target.id)).statusCode).toBe(200);
    const cleared = await save(chiefA, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('gives a reader a short-lived signed URL a video player can seek through without the token', async () => {
    const doc = await file(chiefA, station1, null, 'drill.pdf', SAMPLES.pdf);
    const signed = await call('POST', `/api/files/${doc.file_id}/content-url`, firefighterA);
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, expires_at } = signed.json().data as { url: string; expires_at: string };
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const part = await test.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode, part.body).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${SAMPLES.pdf.length}`);
    expect(part.rawPayload.equals(SAMPLES.pdf.subarray(0, 10))).toBe(true);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const later = url.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`);
    const past = url.replace(/expires=(\d+)/, 'expires=1000');
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    const otherFile = url.replace(doc.file_id, station1);
    for (const bad of [later, past, forged, otherFile]) {
      const res = await test.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe('File is not available.');
    }
    expect((await call('POST', `/api/files/${doc.file_id}/content-url`, chiefB)).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'POST', url: `/api/files/${doc.file_id}/content-url` })).statusCode).toBe(401);
  });

  it("finds PDFs by the words of their text, never another tenant's or a restricted one for those who may not read it", async () => {
    const withText = async (words: string) => {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      pdf.addPage().drawText(words, { x: 50, y: 700, font, size: 12 });
      return Buffer.from(await pdf.save());
    };
    expect(await extractPdfText(await withText('Hydrant flushing procedure'))).toContain('Hydrant flushing procedure');
    expect(await extractPdfText(new Uint8Array(Buffer.from('not a pdf')))).toBe('');
    const open = await file(chiefA, station1, null, 'Water supply.pdf', await withText('Quarterly hydrant flushing procedure'));
    const secret = await file(chiefA, station1, null, 'Board minutes.pdf', await withText('Flushing budget overrun'), [
      { name: 'is_restricted', value: 'true' },
      { name: 'visible_to', value: 'Lieutenant' },
    ]);
    await file(chiefB, stationB, null, 'Bravo flushing.pdf', await withText('Bravo hydrant flushing'));
    // Filing a PDF starts the indexer after the answer; a round finds nothing left to do then.
    await test.app.background.drain();
    expect(await indexPdfText({ db: test.database.db.kysely, blobs: test.app.blobs, log: test.app.log })).toBe(0);
    const found = async (headers: Headers, term: string) =>
      ((await call('GET', `/api/documents/search?query=${encodeURIComponent(term)}`, headers)).json().data as { id: string }[]).map(
        (d) => d.id,
      );
    expect(await found(firefighterA, 'hydr flush')).toEqual([open.id]);
    expect((await found(lieutenantA, 'flushing')).sort()).toEqual([open.id, secret.id].sort());
    expect(await found(firefighterA, 'budget')).toEqual([]);
    expect(await found(firefighterA, 'quarterly')).toEqual([open.id]);
    expect(await found(chiefB, 'quarterly')).toEqual([]);
    // Words with query syntax are only words.
    expect(await found(firefighterA, "hydrant & !'flush' | :*")).toEqual([open.id]);
  });

  it('hides station documents from a role whose permission denies them', async () => {
    const denied = await call('POST', '/api/permissions-v2', chiefA, {
      tenant: a.id,
      role: 'Lieutenant',
      permissions: { document: { view: false } },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await call('GET', '/api/documents/stations', lieutenantA)).json().data).toEqual([]);
    expect((await call('GET', `/api/documents?library=station&station_id=${station1}`, lieutenantA)).statusCode).toBe(403);
    const doc = await file(chiefA, station1, null, 'visible.pdf', SAMPLES.pdf);
    expect((await call('GET', `/api/documents/${doc.id}`, lieutenantA)).statusCode).toBe(404);
    expect(await names(firefighterA, `library=station&station_id=${station1}`)).toContain('visible.pdf');
  });
});
