import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { type FormPart, multipartForm } from '../../test/multipart.ts';
import { SAMPLES } from '../files/test-samples.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

describe(`[RECORDS] files linked from saves on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let other: Record<string, string>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const upload = async (headers: Record<string, string>, parts: FormPart[]) => {
    const body = multipartForm(parts);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: string; url: string };
  };
  const png = (headers: Record<string, string>, extra: FormPart[] = []) =>
    upload(headers, [...extra, { name: 'file', filename: 'engine.png', content: SAMPLES.png }]);
  const fileRow = (id: string) => test.database.db.kysely.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const entityCount = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('entity')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-file-values-'));
    test = await createTestApp({ dataDir });
    tenantA = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenantA.id }])).email);
    firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenantA.id }])).email);
    other = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: b.id }])).email);
    const res = await call('POST', '/api/entity-type', chief, {
      label: 'Apparatus Check',
      fields: [
        f('unit', 'single-text'),
        f('photos', 'single-file', { params: { fileType: 'image', allowMultipleUploads: true } }),
        f('signature', 'signature-pad'),
      ],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('links uploaded files to the record and field on save; detaching keeps the file', async () => {
    const a = await png(firefighter);
    const b = await png(firefighter);
    const res = await call('POST', '/api/entity/apparatus_check', firefighter, { unit: 'E1', photos: [{ id: a.id }, { id: b.id }] });
    expect(res.statusCode).toBe(201);
    const record = res.json().data;
    for (const id of [a.id, b.id]) {
      expect(await fileRow(id)).toMatchObject({ entity_id: record.id, entity_field_property: 'photos' });
    }
    const file = (await call('GET', `/api/files/${a.id}`, firefighter)).json().data;
    expect(file.entity).toMatchObject({ id: record.id });
    const detached = await call('PUT', `/api/entity/apparatus_check/${record.id}`, firefighter, { version: 1, photos: [{ id: b.id }] });
    expect(detached.statusCode).toBe(200);
    expect(await fileRow(a.id)).toMatchObject({ entity_id: record.id, deleted_at: null });
    expect((await call('GET', a.url, firefighter)).statusCode).toBe(200);
  });

  it('stores a signature sent as a data URL as an uploaded PNG', async () => {
    const dataUrl = `data:image/png;base64,${SAMPLES.png.toString('base64')}`;
    const res = await call('POST', '/api/entity/apparatus_check', firefighter, { unit: 'E2', signature: dataUrl });
    expect(res.statusCode).toBe(201);
    const record = res.json().data;
    expect(record.signature).toMatchObject({
      id: expect.any(String),
      original_name: 'signature.png',
      url: expect.stringMatching(/^\/api\/files\//),
    });
    expect(await fileRow(record.signature.id)).toMatchObject({
      entity_id: record.id,
      entity_field_property: 'signature',
      mime_type: 'image/png',
    });
    const bytes = await call('GET', record.signature.url, chief);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect((await call('GET', record.signature.url, other)).statusCode).toBe(404);
  });

  it('refuses files of another tenant, restricted files the saver cannot see, missing ids and bad signatures; writes nothing', async () => {
    const theirs = await png(other);
    const restricted = await png(chief, [{ name: 'is_restricted', value: 'true' }]);
    const before = await entityCount();
    const res = await call('POST', '/api/entity/apparatus_check', firefighter, {
      unit: 'E3',
      photos: [{ id: theirs.id }, { id: restricted.id }, { id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { photos: Array(3).fill('The selected file is not available.') },
    });
    const badSignature = await call('POST', '/api/entity/apparatus_check', firefighter, {
      unit: 'E3',
      signature: `data:image/png;base64,${SAMPLES.gif.toString('base64')}`,
    });
    expect(badSignature.statusCode).toBe(422);
    expect(badSignature.json().errors.signature).toEqual(['The signature is not a PNG or JPEG image.']);
    expect(await entityCount()).toBe(before);
    expect((await fileRow(restricted.id)).entity_id).toBeNull();
    // The chief, who uploaded it, may link the restricted file.
    const own = await call('POST', '/api/entity/apparatus_check', chief, { unit: 'E4', photos: [{ id: restricted.id }] });
    expect(own.statusCode).toBe(201);
  });

  it('needs create permission to save with files', async () => {
    const a = await png(firefighter);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { apparatus_check: { create: false } },
    });
    expect((await call('POST', '/api/entity/apparatus_check', firefighter, { photos: [{ id: a.id }] })).statusCode).toBe(403);
    expect((await fileRow(a.id)).entity_id).toBeNull();
  });
});
