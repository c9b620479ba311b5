import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeTenant, makeUser, signIn } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { BACKGROUND_CHECK_MESSAGES } from './provider.ts';
import { RETRIEVE_MESSAGES } from './service.ts';

const REPORT_URL = 'https://provider.test.example/reports/r-1';

/** A provider on a local port: records each call; /retrieve answers a link unless told to fail. */
async function startProvider() {
  const calls: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
  let failRetrieve = false;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse((await read(req)) || '{}');
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/bg/initiate') return res.end(JSON.stringify({ report_url: REPORT_URL }));
    if (req.url === '/bg/retrieve' && !failRetrieve)
      return res.end(
        JSON.stringify({ report_link: `https://provider.test.example/view?for=${encodeURIComponent(String(body.report_url))}` }),
      );
    res.statusCode = 500;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bg`,
    calls,
    failNext: (fail: boolean) => {
      failRetrieve = fail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const applicantType = {
  label: 'Applicant',
  fields: [{ field_data: { property: 'full_name', title: 'Full name', type: 'single-text', page: 1 } }],
  actions: [
    {
      offline_id: 'bg-check',
      name: 'Background check',
      triggers: { type: 'check-on-save' },
      ruleset_json: { '!!': [{ var: 'full_name' }] },
      effects: [{ type: 'notifyService', service: 'initiate-background-check' }],
    },
  ],
};

const retrieveOn = (on: TestApp, headers: Record<string, string>, payload: object) =>
  on.app.inject({ method: 'POST', url: '/api/background-check/retrieve', headers, payload });

async function department(test: TestApp, name: string) {
  const tenant = await makeTenant(test, name);
  const chief = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant Admin', tenantId: tenant.id }])).email);
  const firefighter = await signIn(test, (await makeUser(test, [{ roleKey: 'Tenant User', tenantId: tenant.id }])).email);
  const res = await test.app.inject({ method: 'POST', url: '/api/entity-type', headers: chief, payload: applicantType });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { tenant, chief, firefighter };
}

describe(`[RECORDS] background checks (notifyService, /background-check/retrieve) on ${TEST_DB}`, () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let test: TestApp;
  let bare: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    test = await createTestApp({ backgroundCheck: { url: provider.url, key: 'bg-secret' } });
    bare = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
    await bare.close();
    await provider.close();
  });

  it('asks the configured provider on save, keeps its report url and answers its report link', async () => {
    const { tenant, chief, firefighter } = await department(test, 'Alpha');
    const saved = await test.app.inject({
      method: 'POST',
      url: '/api/entity/applicant',
      headers: chief,
      payload: { full_name: 'Ann Lee' },
    });
    expect(saved.statusCode).toBe(201);
    const record = saved.json().data;
    expect(record.SYSTEM_report_url).toBe(REPORT_URL);
    const initiate = provider.calls.find((c) => c.path === '/bg/initiate');
    expect(initiate).toMatchObject({
      authorization: 'Bearer bg-secret',
      body: { tenant_id: tenant.id, entity_id: record.id, entity_type: 'applicant', values: { full_name: 'Ann Lee' } },
    });
    const history = (
      await test.app.inject({ method: 'GET', url: `/api/entity/applicant/${record.id}/actions/history`, headers: chief })
    ).json().data;
    expect(history).toMatchObject([{ status: 'completed', detail: expect.stringContaining('initiate-background-check requested') }]);

    const retrieve = (headers: Record<string, string>, payload: object) => retrieveOn(test, headers, payload);
    const link = await retrieve(firefighter, { report_url: REPORT_URL });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ report_link: `https://provider.test.example/view?for=${encodeURIComponent(REPORT_URL)}` });
    expect(provider.calls.at(-1)).toMatchObject({ path: '/bg/retrieve', authorization: 'Bearer bg-secret' });

    // 422 per field; a provider failure is 502, never a 500.
    expect((await retrieve(chief, {})).json().errors).toEqual({ report_url: [RETRIEVE_MESSAGES.required] });
    expect((await retrieve(chief, { report_url: 'javascript:alert(1)' })).json().errors).toEqual({ report_url: [RETRIEVE_MESSAGES.url] });
    expect((await retrieve(chief, { report_url: 42 })).statusCode).toBe(422);
    provider.failNext(true);
    const failed = await retrieve(chief, { report_url: REPORT_URL });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(BACKGROUND_CHECK_MESSAGES.refused(500));
    provider.failNext(false);
  });

  it('never reaches another department’s report, nor one the role may not view', async () => {
    const alpha = await department(test, 'Bravo');
    const bravo = await department(test, 'Charlie');
    const own = (
      await test.app.inject({ method: 'POST', url: '/api/entity/applicant', headers: alpha.chief, payload: { full_name: 'Bo Park' } })
    ).json().data;
    const calls = provider.calls.length;
    const asOther = await retrieveOn(test, bravo.chief, { report_url: own.SYSTEM_report_url });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().message).toBe(RETRIEVE_MESSAGES.notFound);
    const denied = await test.app.inject({
      method: 'POST',
      url: '/api/permissions-v2',
      headers: alpha.chief,
      payload: { tenant: alpha.tenant.id, role: 'Tenant User', permissions: { applicant: { view: false } } },
    });
    expect(denied.statusCode).toBe(200);
    const noView = await retrieveOn(test, alpha.firefighter, { report_url: own.SYSTEM_report_url });
    expect(noView.statusCode).toBe(404);
    expect(provider.calls.length).toBe(calls);
    const anonymous = await retrieveOn(test, {}, { report_url: REPORT_URL });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a public form submission starts the check too', async () => {
    const { chief } = await department(test, 'Echo');
    const made = await test.app.inject({
      method: 'POST',
      url: '/api/entity-type',
      headers: chief,
      payload: { ...applicantType, label: 'Job Application', object_data: { is_public_form: true } },
    });
    expect(made.statusCode).toBe(201);
    const link = (await test.app.inject({ method: 'GET', url: '/api/entity-type/job_application/public-url', headers: chief })).json();
    const sent = await test.app.inject({
      method: 'POST',
      url: `/api/public-forms/entity/job_application${new URL(link.data.url).search}`,
      payload: { full_name: 'Dee Ray' },
    });
    expect(sent.statusCode).toBe(201);
    expect(provider.calls.at(-1)).toMatchObject({
      path: '/bg/initiate',
      body: { entity_type: 'job_application', values: { full_name: 'Dee Ray' } },
    });
  });

  it('an imported record starts the check too, the test run does not', async () => {
    const { chief } = await department(test, 'Foxtrot');
    const before = provider.calls.length;
    const form = multipartForm([{ name: 'file', filename: 'rows.csv', content: Buffer.from('full_name\nEve Stone\n'), type: 'text/csv' }]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/entity/applicant/template/import',
      headers: { ...chief, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    await test.app.jobs.drain();
    expect(provider.calls.length).toBe(before);
    const final = await test.app.inject({ method: 'POST', url: `/api/run-final-import/${uploaded.json().importId}`, headers: chief });
    expect(final.statusCode).toBe(200);
    await test.app.jobs.drain();
    expect(provider.calls.slice(before)).toMatchObject([{ path: '/bg/initiate', body: { values: { full_name: 'Eve Stone' } } }]);
  });

  it('without a provider: the action history says not configured, and retrieve says so', async () => {
    const { chief } = await department(bare, 'Delta');
    const calls = provider.calls.length;
    const record = (
      await bare.app.inject({ method: 'POST', url: '/api/entity/applicant', headers: chief, payload: { full_name: 'Cy Diaz' } })
    ).json().data;
    expect(record.SYSTEM_report_url).toBeUndefined();
    const history = (
      await bare.app.inject({ method: 'GET', url: `/api/entity/applicant/${record.id}/actions/history`, headers: chief })
    ).json().data;
    expect(history).toMatchObject([
      {
        status: 'not_configured',
        detail: 'notifyService: initiate-background-check is not configured on this installation; nothing was sent.',
      },
    ]);
    expect(provider.calls.length).toBe(calls);
    const retrieve = await retrieveOn(bare, chief, { report_url: REPORT_URL });
    expect(retrieve.statusCode).toBe(503);
    expect(retrieve.json().message).toBe(BACKGROUND_CHECK_MESSAGES.notConfigured);
  });
});
