import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { type FormPart, multipartForm } from '../../test/multipart.ts';
import { SAMPLES } from '../files/test-samples.ts';

type Headers = Record<string, string>;

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});

/**
 * The server side of the offline queue (docs/decisions/0034): a queued save is replayed as a
 * normal save, so a retry must never make a second record or file, and a queued edit of a
 * record that moved on is refused (409 with the current record) for the device to merge.
 */
describe(`[OFFLINE] replaying queued saves on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let chiefA: Headers;
  let firefighterA: Headers;
  let chiefB: Headers;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-offline-'));
    test = await createTestApp({ dataDir });
    const a = await makeTenant(test, 'Alpha');
    const b = await makeTenant(test, 'Bravo');
    const as = async (roleKey: string, tenantId: string) => signIn(test, (await makeUser(test, [{ roleKey, tenantId }])).email);
    chiefA = await as('Tenant Admin', a.id);
    firefighterA = await as('Tenant User', a.id);
    chiefB = await as('Tenant Admin', b.id);
    const payload = {
      label: 'Apparatus Check',
      fields: [
        f('unit', 'single-text', { validation: { required: true }, flags: { tableView: true } }),
        f('fuel', 'single-text'),
        f('photo', 'single-file'),
      ],
    };
    for (const headers of [chiefA, chiefB]) {
      const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const upload = (headers: Headers, parts: FormPart[]) => {
    const body = multipartForm(parts);
    return test.app.inject({ method: 'POST', url: '/api/files', headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const count = async (table: 'entity' | 'file', offlineId: string) =>
    (await test.database.db.kysely.selectFrom(table).select('id').where('offline_id', '=', offlineId).execute()).length;

  it('makes one record of a queued add replayed three times, one after another and at once', async () => {
    const body = { unit: 'E4', fuel: 'full', offline_id: 'queue-add-1' };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await call('POST', '/api/entity/apparatus_check', firefighterA, body));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect(await count('entity', 'queue-add-1')).toBe(1);

    const racing = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/entity/apparatus_check', firefighterA, { unit: 'E5', offline_id: 'queue-add-2' })),
    );
    expect(racing.map((r) => r.statusCode).sort(), racing.map((r) => r.body).join('\n')).toEqual([200, 200, 201]);
    expect(new Set(racing.map((r) => r.json().data.id)).size).toBe(1);
    expect(await count('entity', 'queue-add-2')).toBe(1);
  });

  it('keeps a queued add with a photo to one file and one record, the file linked to it, however often replayed', async () => {
    const photo = Buffer.concat([SAMPLES.png, Buffer.from('engine-4')]);
    const parts: FormPart[] = [
      { name: 'offline_id', value: 'queue-photo-1' },
      { name: 'entity_field_id', value: 'photo' },
      { name: 'file', filename: 'engine.png', content: photo },
    ];
    let record: { id: string; photo: { id: string }[] } | null = null;
    for (let i = 0; i < 3; i += 1) {
      const stored = await upload(firefighterA, parts);
      expect([200, 201]).toContain(stored.statusCode);
      const ref = stored.json().data;
      const saved = await call('POST', '/api/entity/apparatus_check', firefighterA, {
        unit: 'E9',
        photo: [{ id: ref.id, original_name: ref.original_name }],
        offline_id: 'queue-photo-add',
      });
      expect([200, 201]).toContain(saved.statusCode);
      record ??= saved.json().data;
      expect(saved.json().data.id).toBe(record?.id);
    }
    expect(await count('file', 'queue-photo-1')).toBe(1);
    expect(await count('entity', 'queue-photo-add')).toBe(1);
    const file = await test.database.db.kysely
      .selectFrom('file')
      .select(['entity_id'])
      .where('offline_id', '=', 'queue-photo-1')
      .executeTakeFirstOrThrow();
    expect(file.entity_id).toBe(record?.id);
  });

  it('refuses a queued edit of a stale version with the current record, and takes the merged save on the current one', async () => {
    const created = (await call('POST', '/api/entity/apparatus_check', firefighterA, { unit: 'E1', fuel: 'half' })).json().data;
    // Online, someone else changes fuel (version 2).
    const online = await call('PUT', `/api/entity/apparatus_check/${created.id}`, chiefA, { version: 1, fuel: 'full' });
    expect(online.statusCode).toBe(200);
    // The device's queued edit of unit, based on version 1.
    const stale = await call('PUT', `/api/entity/apparatus_check/${created.id}`, firefighterA, { version: 1, unit: 'E2' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ version: 2, fuel: 'full', unit: 'E1' });
    // The device-only field goes on top of version 2; the server's fuel stays.
    const merged = await call('PUT', `/api/entity/apparatus_check/${created.id}`, firefighterA, { version: 2, unit: 'E2' });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data).toMatchObject({ version: 3, unit: 'E2', fuel: 'full' });
    // Validation applies to a merged save as to any save.
    const invalid = await call('PUT', `/api/entity/apparatus_check/${created.id}`, firefighterA, { version: 3, unit: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.unit).toBeDefined();
  });

  it('replays nothing across tenants or past a missing permission', async () => {
    const mine = await call('POST', '/api/entity/apparatus_check', firefighterA, { unit: 'E3', offline_id: 'queue-tenant' });
    expect(mine.statusCode).toBe(201);
    // The same offline_id in another tenant is another record there, never tenant A's.
    const other = await call('POST', '/api/entity/apparatus_check', chiefB, { unit: 'B3', offline_id: 'queue-tenant' });
    expect(other.statusCode).toBe(201);
    expect(other.json().data.id).not.toBe(mine.json().data.id);
    expect(other.json().data.unit).toBe('B3');
    // A queued edit of tenant A's record from tenant B: not found.
    const cross = await call('PUT', `/api/entity/apparatus_check/${mine.json().data.id}`, chiefB, { version: 1, unit: 'X' });
    expect(cross.statusCode).toBe(404);
    // A file upload naming another tenant's record is refused.
    const crossFile = await upload(chiefB, [
      { name: 'offline_id', value: 'queue-cross-file' },
      { name: 'client_entity_id', value: mine.json().data.id },
      { name: 'file', filename: 'x.png', content: Buffer.concat([SAMPLES.png, Buffer.from('x')]) },
    ]);
    expect(crossFile.statusCode).toBe(422);
    expect(await count('file', 'queue-cross-file')).toBe(0);
  });
});
