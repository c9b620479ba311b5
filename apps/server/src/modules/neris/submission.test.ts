import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NERIS_INCIDENTS } from '../../demo/neris-incidents.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeCrew } from '../../test/identity.ts';
import { NERIS_TYPE_NAME } from './catalogue.ts';
import { NerisClient } from './client.ts';
import { ensureNerisIncidentType } from './core-type.ts';
import { schemaErrors } from './schema.ts';

/**
 * A stand-in for the NERIS API on 127.0.0.1: it checks what a real client must send (client
 * credentials, the bearer token, the incident payload against the generated schema) and
 * answers as NERIS does.
 */
const CLIENT_ID = 'turnout-test-client';
const SECRET = 's3cret-value';
const TOKEN = 'token-abc';
const received: { path: string; body: unknown; authorization: string | undefined }[] = [];
let tokenRequests = 0;
let refuseNext = false;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

let server: Server;
let baseUrl: string;
let test: TestApp;
let crew: Awaited<ReturnType<typeof makeCrew>>;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const text = await readBody(req);
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'POST' && req.url === '/v1/token') {
      tokenRequests += 1;
      const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== basic || new URLSearchParams(text).get('grant_type') !== 'client_credentials')
        return reply(401, { detail: 'bad credentials' });
      return reply(200, { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
    }
    const match = /^\/v1\/incident\/(FD\d{8})$/.exec(req.url ?? '');
    if (req.method === 'POST' && match) {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(401, { detail: 'token' });
      const body = JSON.parse(text) as { base?: { department_neris_id?: string; incident_number?: string } };
      received.push({ path: req.url!, body, authorization: req.headers.authorization });
      if (refuseNext) {
        refuseNext = false;
        return reply(422, { detail: [{ loc: ['body', 'base'], msg: 'duplicate incident number' }] });
      }
      const problems = schemaErrors(body);
      if (Object.keys(problems).length || body.base?.department_neris_id !== match[1]) return reply(422, { detail: problems });
      return reply(201, { neris_id: `${match[1]}:1773528115`, incident_status: 'SUBMITTED' });
    }
    return reply(404, { detail: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  test = await createTestApp({ neris: { apiUrl: baseUrl, clientId: CLIENT_ID, clientSecret: SECRET } });
  await ensureNerisIncidentType(test.database.db.kysely);
  crew = await makeCrew(test);
});
afterAll(async () => {
  await test.close();
  await new Promise((resolve) => server.close(resolve));
});

const call = (method: 'GET' | 'POST', url: string, headers: { authorization: string }, payload?: unknown) =>
  test.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addDemo(key: string, patch: Record<string, unknown> = {}) {
  const values = { ...structuredClone(DEMO_NERIS_INCIDENTS.find((d) => d.key === key)!.values), ...patch };
  const res = await call('POST', `/api/entity/${NERIS_TYPE_NAME}`, crew.firefighter, values);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: string };
}

describe('NERIS submission client', () => {
  it('gets a token with the client credentials, sends the payload with it, and keeps the token', async () => {
    const client = new NerisClient({ baseUrl, clientId: CLIENT_ID, clientSecret: SECRET });
    const saved = await addDemo('medical-call');
    const payload = (await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/export`, crew.firefighter)).json();
    const before = tokenRequests;
    const first = await client.submitIncident('FD42045001', payload);
    const second = await client.submitIncident('FD42045001', payload);
    expect(first).toMatchObject({ status: 201, nerisId: 'FD42045001:1773528115' });
    expect(second.status).toBe(201);
    expect(tokenRequests - before).toBe(1);
    expect(received.at(-1)?.body).toEqual(payload);
  });

  it('reports refused credentials and an unreachable API as errors', async () => {
    await expect(new NerisClient({ baseUrl, clientId: CLIENT_ID, clientSecret: 'wrong' }).accessToken()).rejects.toThrow(
      'NERIS refused the credentials (HTTP 401).',
    );
    await expect(
      new NerisClient({ baseUrl: 'http://127.0.0.1:9/v1', clientId: CLIENT_ID, clientSecret: SECRET, timeoutMs: 2000 }).accessToken(),
    ).rejects.toThrow(/could not be reached/);
  });
});

describe('POST /neris/{type}/{id}/submit', () => {
  it('submits a valid report, keeps the attempt, and shows NERIS refusals as 502 with its words', async () => {
    const saved = await addDemo('structure-fire');
    const ok = await call('POST', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/submit`, crew.firefighter);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'accepted', http_status: 201, neris_id: 'FD42045001:1773528115' });
    expect(received.at(-1)).toMatchObject({ path: '/v1/incident/FD42045001' });
    expect(received.at(-1)?.body).toMatchObject({ base: { incident_number: 'RFD-2026-0412' } });

    refuseNext = true;
    const refused = await call('POST', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/submit`, crew.firefighter);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/^NERIS submission failed \(HTTP 422\): .*duplicate incident number/);

    const log = await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/submissions`, crew.firefighter);
    expect(log.json().data.map((s: { status: string }) => s.status)).toEqual(['failed', 'accepted']);
    expect((await call('GET', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/submissions`, crew.other)).statusCode).toBe(404);
  });

  it('sends nothing for a report that is not valid, nor for another department', async () => {
    const count = received.length;
    const invalidRecord = await addDemo('medical-call', { medical: [] });
    const res = await call('POST', `/api/neris/${NERIS_TYPE_NAME}/${invalidRecord.id}/submit`, crew.firefighter);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.medical).toEqual(['Patients: add at least one row.']);
    const valid = await addDemo('medical-call');
    expect((await call('POST', `/api/neris/${NERIS_TYPE_NAME}/${valid.id}/submit`, crew.other)).statusCode).toBe(404);
    expect(received.length).toBe(count);
  });

  it('answers 503 while NERIS_API_URL and the credentials are not set', async () => {
    const saved = await addDemo('medical-call');
    const config = test.app.config.neris;
    test.app.config.neris = { apiUrl: undefined, clientId: undefined, clientSecret: undefined };
    try {
      const res = await call('POST', `/api/neris/${NERIS_TYPE_NAME}/${saved.id}/submit`, crew.firefighter);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/NERIS_API_URL/);
    } finally {
      test.app.config.neris = config;
    }
  });
});
