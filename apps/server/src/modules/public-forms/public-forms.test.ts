import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew, makeGlobalAdmin, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { CAPTCHA_KEY, DEFAULT_PUBLIC_FORM_COLOR, HONEYPOT_KEY, PUBLIC_FORM_LIMITS, PUBLIC_FORM_MESSAGES } from './service.ts';
import { publicFormKey, signLink } from './signing.ts';

const f = (property: string, type: string, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property, type, page: 1, ...extra },
});
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe(`[PUBLIC FORMS] signed links anyone can fill in on ${TEST_DB}`, () => {
  let test: TestApp;
  let crew: Awaited<ReturnType<typeof makeCrew>>;
  let link: { url: string; tenant_id: string; tenant_id_hmac: string };
  let query: string;
  let ip = 0;

  // Each call from its own address, so the per-address limit is met only where a test means it.
  const nextAddress = () => {
    ip += 1;
    return `10.77.${Math.floor(ip / 250)}.${ip % 250}`;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object, remoteAddress: nextAddress() });
  const makeType = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
    const res = await call('POST', '/api/entity-type', headers, payload);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: string; name: string };
  };
  const records = (tenantId: string, type: string) =>
    test.database.db.kysely
      .selectFrom('entity as e')
      .innerJoin('entity_type as t', 't.id', 'e.entity_type_id')
      .selectAll('e')
      .where('e.tenant_id', '=', tenantId)
      .where('t.name', '=', type)
      .execute();

  beforeAll(async () => {
    test = await createTestApp();
    crew = await makeCrew(test);
    await makeType(crew.chief, {
      label: 'Burn Permit',
      object_data: { is_public_form: true, formtitle: 'Permit for {applicant}' },
      fields: [
        f('applicant', 'single-text', { validation: { required: true } }),
        f('contact', 'email'),
        f('photo', 'single-file', { params: { fileType: 'image' } }),
        f('signature', 'signature-pad'),
        f('inspector_notes', 'textarea', { params: { hide_when_public_form: true }, validation: { required: true } }),
        f('officer', 'select-personnel'),
        f('chief_only', 'single-text', { permissions: { visible_to: ['Tenant Admin'] } }),
      ],
      actions: [
        {
          offline_id: 'tell-marshal',
          name: 'Tell the fire marshal',
          triggers: { type: 'check-on-save' },
          ruleset_json: { '!!': [{ var: 'applicant' }] },
          effects: [{ type: 'email', subject: 'Burn permit from {applicant}', body: 'New permit.', fieldListTo: ['contact'] }],
        },
      ],
    });
    await makeType(crew.chief, { label: 'Staff Note', fields: [f('note', 'single-text')] });
    await makeType(crew.chief, {
      label: 'Survey',
      object_data: { is_public_form: true, public_form_captcha: true },
      fields: [f('answer', 'single-text')],
    });
    const res = await call('GET', '/api/entity-type/burn_permit/public-url', crew.chief);
    expect(res.statusCode).toBe(200);
    link = res.json().data;
    query = new URL(link.url).search;
  });
  afterAll(() => test.close());

  it('gives signed-in users of the tenant the link, and refuses the rest', async () => {
    expect(link.url).toMatch(/\/public_forms\/burn_permit\?tenantId=[0-9a-f-]{36}&tenantHmac=[\w-]+$/);
    expect(link.tenant_id).toBe(crew.alpha.id);
    expect((link as { qr_code_image?: string }).qr_code_image).toMatch(/^data:image\/png;base64,/);
    // The same link for everyone of the tenant: it is made, not stored.
    expect((await call('GET', '/api/entity-type/burn_permit/public-url', crew.firefighter)).json().data.url).toBe(link.url);
    expect((await call('GET', '/api/entity-type/burn_permit/public-url')).statusCode).toBe(401);
    const notPublic = await call('GET', '/api/entity-type/staff_note/public-url', crew.chief);
    expect(notPublic.statusCode).toBe(422);
    expect(notPublic.json().errors.name).toEqual([PUBLIC_FORM_MESSAGES.notPublic]);
    // Another tenant's chief cannot ask for Alpha's link, nor see Alpha's type.
    expect((await call('GET', `/api/entity-type/burn_permit/public-url/${crew.alpha.id}`, crew.other)).statusCode).toBe(403);
    expect((await call('GET', '/api/entity-type/burn_permit/public-url', crew.other)).statusCode).toBe(404);
  });

  it('makes a global admin choose a tenant first', async () => {
    const admin = await signIn(test, (await makeGlobalAdmin(test)).email);
    const unchosen = await call('GET', '/api/entity-type/burn_permit/public-url', admin);
    expect(unchosen.statusCode).toBe(403);
    expect(unchosen.json().message).toBe('Tenant must be selected first');
    const chosen = await call('GET', `/api/entity-type/burn_permit/public-url/${crew.alpha.id}`, admin);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.url).toBe(link.url);
  });

  it('shows the public fields and the tenant header, without a session', async () => {
    const res = await call('GET', `/api/public-forms/entity-type/burn_permit${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.fields.map((x: { field_data: { property: string } }) => x.field_data.property)).toEqual([
      'applicant',
      'contact',
      'photo',
      'signature',
    ]);
    // Server-side effects (who gets mail) never reach the visitor.
    expect(JSON.stringify(body.data)).not.toContain('fieldListTo');
    expect(body.tenant).toEqual({ id: crew.alpha.id, name: 'Alpha', color: DEFAULT_PUBLIC_FORM_COLOR });
    expect(body.captcha).toBe(false);
  });

  it('refuses a tampered, foreign, rotated or withdrawn link with 403', async () => {
    const hmac = link.tenant_id_hmac;
    const tampered = `?tenantId=${crew.alpha.id}&tenantHmac=${hmac.slice(0, -2)}${hmac.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherTenant = `?tenantId=${crew.bravo.id}&tenantHmac=${hmac}`;
    const key = publicFormKey(Buffer.alloc(32, 7));
    const type = await test.database.db.kysely
      .selectFrom('entity_type')
      .select('id')
      .where('name', '=', 'burn_permit')
      .executeTakeFirstOrThrow();
    const rotated = `?tenantId=${crew.alpha.id}&tenantHmac=${signLink(key, type.id, crew.alpha.id)}`;
    const otherType = `?tenantId=${crew.alpha.id}&tenantHmac=${hmac}`;
    for (const q of [tampered, otherTenant, rotated, '', `?tenantId=nope&tenantHmac=${hmac}`]) {
      const res = await call('GET', `/api/public-forms/entity-type/burn_permit${q}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PUBLIC_FORM_MESSAGES.badLink);
      expect((await call('POST', `/api/public-forms/entity/burn_permit${q}`, {}, { applicant: 'Mallory' })).statusCode).toBe(403);
    }
    // A signature for one type does not open another.
    expect((await call('GET', `/api/public-forms/entity-type/survey${otherType}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/public-forms/entity-type/staff_note${otherType}`)).statusCode).toBe(403);
    expect((await records(crew.alpha.id, 'burn_permit')).filter((r) => r.display_name.includes('Mallory'))).toEqual([]);
  });

  it('saves a submission as a record of the tenant by nobody, runs its actions and answers only the confirmation', async () => {
    const before = (await records(crew.alpha.id, 'burn_permit')).length;
    const res = await call(
      'POST',
      `/api/public-forms/entity/burn_permit${query}`,
      {},
      {
        applicant: 'Pat Neighbour',
        contact: 'pat@test.example',
        inspector_notes: 'approved already',
        chief_only: 'sneaky',
        officer: { id: crew.alpha.id },
        offline_id: 'x',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ title: 'Saved Successfully', message: 'Thankyou for your submission.' });
    const rows = await records(crew.alpha.id, 'burn_permit');
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.display_name === 'Permit for Pat Neighbour')!;
    // Hidden and internal fields posted anyway are not written.
    expect(row.data).toEqual({ applicant: 'Pat Neighbour', contact: 'pat@test.example' });
    expect(row.created_by).toBeNull();
    const version = await test.database.db.kysely
      .selectFrom('entity_version')
      .selectAll()
      .where('entity_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(version.responsible_user_name).toBe('Public submission');
    const mail = await test.database.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'pat@test.example').execute();
    expect(mail.map((m) => m.subject)).toEqual(['Burn permit from Pat Neighbour']);
    // The chief sees it in the tenant's list; the other tenant does not.
    const list = (await call('GET', '/api/entity/burn_permit', crew.chief)).json().data as { id: string }[];
    expect(list.map((r) => r.id)).toContain(row.id);
    expect((await call('GET', `/api/entity/burn_permit/${row.id}`, crew.other)).statusCode).toBe(404);
  });

  it('answers invalid values with 422 in the spec wording and saves nothing', async () => {
    const before = (await records(crew.alpha.id, 'burn_permit')).length;
    const res = await call('POST', `/api/public-forms/entity/burn_permit${query}`, {}, { contact: 'not an email' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).sort()).toEqual(['applicant', 'contact']);
    expect((await records(crew.alpha.id, 'burn_permit')).length).toBe(before);
  });

  it('keeps nothing a bot put in the honeypot, yet answers as if saved', async () => {
    const before = (await records(crew.alpha.id, 'burn_permit')).length;
    const res = await call('POST', `/api/public-forms/entity/burn_permit${query}`, {}, { applicant: 'Bot', [HONEYPOT_KEY]: 'http://spam' });
    expect(res.statusCode).toBe(201);
    expect((await records(crew.alpha.id, 'burn_permit')).length).toBe(before);
  });

  it('takes a photo upload through the link and attaches it to the submission', async () => {
    const form = (extra: { name: string; value: string }[] = []) =>
      multipartForm([
        { name: 'entity_type', value: 'burn_permit' },
        { name: 'entity_field_id', value: 'photo' },
        { name: 'tenantId', value: link.tenant_id },
        { name: 'tenantHmac', value: link.tenant_id_hmac },
        ...extra,
        { name: 'file', filename: 'yard.png', content: PNG, type: 'image/png' },
      ]);
    const upload = form();
    const res = await test.app.inject({ method: 'POST', url: '/api/public-forms/files', ...upload });
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    expect(file.original_name).toBe('yard.png');
    const preview = await call('GET', file.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(PNG)).toBe(true);
    // Not through another tenant's id, nor a tampered signature.
    expect(
      (await call('GET', `/api/public-forms/files/${file.id}?tenantId=${crew.bravo.id}&tenantHmac=${link.tenant_id_hmac}`)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/public-forms/files/${file.id}?tenantId=${crew.alpha.id}&tenantHmac=xx`)).statusCode).toBe(403);
    // A field that takes no files, and a tampered link, are refused.
    const wrongField = multipartForm([
      { name: 'entity_type', value: 'burn_permit' },
      { name: 'entity_field_id', value: 'applicant' },
      { name: 'tenantId', value: link.tenant_id },
      { name: 'tenantHmac', value: link.tenant_id_hmac },
      { name: 'file', filename: 'yard.png', content: PNG, type: 'image/png' },
    ]);
    expect((await test.app.inject({ method: 'POST', url: '/api/public-forms/files', ...wrongField })).statusCode).toBe(422);
    const forged = multipartForm([
      { name: 'entity_type', value: 'burn_permit' },
      { name: 'entity_field_id', value: 'photo' },
      { name: 'tenantId', value: crew.bravo.id },
      { name: 'tenantHmac', value: link.tenant_id_hmac },
      { name: 'file', filename: 'yard.png', content: PNG, type: 'image/png' },
    ]);
    expect((await test.app.inject({ method: 'POST', url: '/api/public-forms/files', ...forged })).statusCode).toBe(403);

    const signature = `data:image/png;base64,${PNG.toString('base64')}`;
    const sent = await call(
      'POST',
      `/api/public-forms/entity/burn_permit${query}`,
      {},
      {
        applicant: 'Sam Yard',
        photo: [{ id: file.id, original_name: 'renamed.exe' }],
        signature,
      },
    );
    expect(sent.statusCode).toBe(201);
    const row = (await records(crew.alpha.id, 'burn_permit')).find((r) => r.display_name === 'Permit for Sam Yard')!;
    const data = row.data as { photo: { id: string; original_name: string }[]; signature: { id: string } };
    expect(data.photo).toEqual([expect.objectContaining({ id: file.id, original_name: 'yard.png' })]);
    expect(typeof data.signature.id).toBe('string');
    const stored = await test.database.db.kysely.selectFrom('file').selectAll().where('entity_id', '=', row.id).execute();
    expect(stored.map((s) => s.id).sort()).toEqual([file.id, data.signature.id].sort());
    // Once on a record, the visitor reads it back no more.
    expect((await call('GET', file.url)).statusCode).toBe(404);
    // Nor can another submission claim it again.
    const again = await call('POST', `/api/public-forms/entity/burn_permit${query}`, {}, { applicant: 'Again', photo: [{ id: file.id }] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.photo).toEqual(['The selected file is not available.']);
  });

  it('refuses a file of the tenant that no visitor uploaded', async () => {
    const upload = multipartForm([{ name: 'file', filename: 'inside.png', content: PNG, type: 'image/png' }]);
    const own = await test.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...crew.chief, ...upload.headers },
      payload: upload.payload,
    });
    expect(own.statusCode).toBe(201);
    const res = await call(
      'POST',
      `/api/public-forms/entity/burn_permit${query}`,
      {},
      { applicant: 'Thief', photo: [{ id: own.json().data.id }] },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.photo).toEqual(['The selected file is not available.']);
  });

  it('asks for a proof-of-work captcha when the type wants one, and accepts a solution once', async () => {
    const url = (await call('GET', '/api/entity-type/survey/public-url', crew.chief)).json().url as string;
    const q = new URL(url).search;
    expect((await call('GET', `/api/public-forms/entity-type/survey${q}`)).json().captcha).toBe(true);
    const missing = await call('POST', `/api/public-forms/entity/survey${q}`, {}, { answer: 'yes' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[CAPTCHA_KEY]).toEqual([PUBLIC_FORM_MESSAGES.captcha]);
    const challenge = (await call('GET', `/api/public-forms/entity-type/survey/challenge${q}`)).json();
    // What the browser does (ALTCHA SHA-256), done synchronously here: quick even on a busy machine.
    let number = 0;
    while (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') !== challenge.challenge) number += 1;
    expect(number).toBeLessThanOrEqual(challenge.maxnumber);
    const payload = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
    expect((await call('POST', `/api/public-forms/entity/survey${q}`, {}, { answer: 'yes', [CAPTCHA_KEY]: payload })).statusCode).toBe(201);
    expect((await call('POST', `/api/public-forms/entity/survey${q}`, {}, { answer: 'again', [CAPTCHA_KEY]: payload })).statusCode).toBe(
      422,
    );
  });

  it('revokes every link when the type stops being a public form', async () => {
    const url = (await call('GET', '/api/entity-type/survey/public-url', crew.chief)).json().url as string;
    const q = new URL(url).search;
    const type = (await call('GET', '/api/entity-type/lite', crew.chief)).json().data.find((t: { name: string }) => t.name === 'survey');
    const full = (await call('GET', `/api/entity-type/${type.id}`, crew.chief)).json().data;
    const off = await call('PUT', `/api/entity-type/${type.id}`, crew.chief, {
      ...full,
      object_data: { ...full.object_data, is_public_form: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', `/api/public-forms/entity-type/survey${q}`)).statusCode).toBe(403);
  });

  it('limits submissions per address', async () => {
    const type = await test.database.db.kysely
      .selectFrom('entity_type')
      .select('id')
      .where('name', '=', 'burn_permit')
      .executeTakeFirstOrThrow();
    await test.database.db.kysely
      .insertInto('public_form_event')
      .values(
        Array.from({ length: PUBLIC_FORM_LIMITS.submitsPerAddress }, () => ({
          kind: 'submit' as const,
          tenant_id: crew.alpha.id,
          entity_type_id: type.id,
          ip: '10.66.6.6',
        })),
      )
      .execute();
    const res = await test.app.inject({
      method: 'POST',
      url: `/api/public-forms/entity/burn_permit${query}`,
      payload: { applicant: 'Flood' },
      remoteAddress: '10.66.6.6',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(PUBLIC_FORM_MESSAGES.tooMany);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limits uploads per address before reading them', async () => {
    const type = await test.database.db.kysely
      .selectFrom('entity_type')
      .select('id')
      .where('name', '=', 'burn_permit')
      .executeTakeFirstOrThrow();
    await test.database.db.kysely
      .insertInto('public_form_event')
      .values(
        Array.from({ length: PUBLIC_FORM_LIMITS.uploadsPerAddress }, () => ({
          kind: 'upload' as const,
          tenant_id: crew.alpha.id,
          entity_type_id: type.id,
          ip: '10.66.6.7',
        })),
      )
      .execute();
    const upload = multipartForm([
      { name: 'entity_type', value: 'burn_permit' },
      { name: 'entity_field_id', value: 'photo' },
      { name: 'tenantId', value: link.tenant_id },
      { name: 'tenantHmac', value: link.tenant_id_hmac },
      { name: 'file', filename: 'yard.png', content: PNG, type: 'image/png' },
    ]);
    const res = await test.app.inject({ method: 'POST', url: '/api/public-forms/files', ...upload, remoteAddress: '10.66.6.7' });
    expect(res.statusCode).toBe(429);
  });
});
