import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';
import { pdfText } from '../../test/pdf-text.ts';

const f = (property: string, type: string, page: number, extra: Record<string, unknown> = {}) => ({
  field_data: { property, title: property.replace(/_/g, ' '), type, page, ...extra },
});

describe(`[PRINT] records printed as PDFs on ${TEST_DB}`, () => {
  let test: TestApp;
  let dataDir: string;
  let tenantA: { id: string };
  let chief: Record<string, string>;
  let firefighter: Record<string, string>;
  let colleague: Record<string, string>;
  let other: Record<string, string>;
  let recordId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const upload = async (headers: Record<string, string>, filename: string, content: Buffer) => {
    const body = multipartForm([{ name: 'file', filename, content }]);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: string; url: string };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'turnout-print-'));
    test = await createTestApp({ dataDir });
    ({ alpha: tenantA, chief, firefighter, colleague, other } = await makeCrew(test));
    const background = await PDFDocument.create();
    background.addPage([612, 792]);
    const form = await upload(chief, 'cover.pdf', Buffer.from(await background.save()));
    const res = await call('POST', '/api/entity-type', chief, {
      label: 'Run Report',
      pages: 2,
      object_data: { formtitle: '{unit} run', page_labels: ['Call', 'Crew'] },
      fields: [
        f('unit', 'single-text', 1, { flags: { tableView: true } }),
        f('narrative', 'textarea', 1),
        f('secret_note', 'textarea', 2, { permissions: { visible_to: ['Tenant Admin'] } }),
        f('crew_count', 'number-entry', 2),
      ],
      reports: [
        {
          offline_id: 'cover-sheet',
          name: 'Cover sheet',
          backgroundDocument: { value: form.id, path: form.url },
          stamps: [
            { x: 1, y: 1, page: 1, field: 'unit', fontSize: 14 },
            { x: 1, y: 2, page: 2, text: 'Reviewed', alignment: 'C', width: 3 },
            { x: 1, y: 3, page: 1, field: 'secret_note' },
          ],
        },
      ],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const record = await call('POST', '/api/entity/run_report', chief, {
      unit: 'Engine 7',
      narrative: 'Smoke showing from a two-storey house.',
      secret_note: 'Codeword zanzibar',
      crew_count: 4,
    });
    recordId = record.json().data.id;
  });
  afterAll(async () => {
    await test.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints every page, the appendix and the reports, as the caller sees the record; only the caller downloads it', async () => {
    const res = await call('POST', `/api/entity/run_report/${recordId}/print/`, firefighter, {
      userAgent: 'Mozilla/5.0',
      deviceType: 'desktop',
      operatingSystem: 'Linux',
      pages: 'all',
      latitude: 40.7,
      longitude: -74,
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/content$/);
    const pdf = await call('GET', url, firefighter);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain('Engine 7 run');
    expect(text).toContain('Call');
    expect(text).toContain('unit: Engine 7');
    expect(text).toContain('narrative: Smoke showing from a two-storey house.');
    expect(text).toContain('crew count: 4');
    expect(text).toContain('Appendix');
    expect(text).toContain('Reviewed');
    expect(text).toContain('Location: 40.7, -74');
    expect(text).not.toContain('zanzibar');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    expect((await call('GET', url, colleague)).statusCode).toBe(404);
    expect((await call('GET', url, other)).statusCode).toBe(404);
  });

  it('prints chosen pages only, and the appendix with attached files’ names', async () => {
    await upload(chief, 'hydrant-photo.png', Buffer.from('89504e470d0a1a0a0000000d49484452'.padEnd(1024, '0'), 'hex'));
    const photo = await (async () => {
      const body = multipartForm([
        { name: 'client_entity_id', value: recordId },
        { name: 'file', filename: 'scene.pdf', content: Buffer.from(await (await PDFDocument.create()).save()) },
      ]);
      return test.app.inject({ method: 'POST', url: '/api/files', headers: { ...chief, ...body.headers }, payload: body.payload });
    })();
    expect(photo.statusCode).toBe(201);
    const res = await call('POST', `/api/entity/run_report/${recordId}/print`, chief, { pages: [2, 'appendix'] });
    const text = pdfText((await call('GET', res.json().url, chief)).rawPayload).join('\n');
    expect(text).toContain('Crew');
    expect(text).toContain('secret note: Codeword zanzibar');
    expect(text).not.toContain('narrative:');
    expect(text).toContain('scene.pdf');
    expect(text).not.toContain('Reviewed');
  });

  it('renders a report definition over its background PDF', async () => {
    const res = await call('GET', `/api/entity/run_report/${recordId}/report/cover-sheet`, firefighter);
    expect(res.statusCode).toBe(200);
    const pdf = await call('GET', res.json().url, firefighter);
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const text = pdfText(pdf.rawPayload);
    expect(text).toEqual(['Engine 7', 'Reviewed']);
    expect((await call('GET', `/api/entity/run_report/${recordId}/report/nope`, firefighter)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity/run_report/${recordId}/report/cover-sheet`, other)).statusCode).toBe(404);
  });

  it('keeps a PDF per version for people with view version pdfs', async () => {
    const before = (await call('GET', `/api/entity/run_report/${recordId}/versions`, chief)).json().data;
    const latest = before[0].version;
    const pdf = await call('GET', `/api/entity/run_report/${recordId}/versions/${latest}/pdf`, chief);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain('unit: Engine 7');
    // Drawn as everyone sees it: a field limited to some roles is left out.
    expect(text).not.toContain('zanzibar');
    const after = (await call('GET', `/api/entity/run_report/${recordId}/versions`, chief)).json().data;
    expect(after[0].pdf).toBe(`/api/entity/run_report/${recordId}/versions/${latest}/pdf`);
    const again = await call('GET', after[0].pdf, chief);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
    // Someone without 'view version pdfs' sees no pdf and cannot fetch it.
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { view_version_pdfs: { view: false } },
    });
    expect((await call('GET', `/api/entity/run_report/${recordId}/versions`, firefighter)).json().data[0].pdf).toBeNull();
    expect((await call('GET', after[0].pdf, firefighter)).statusCode).toBe(403);
    expect((await call('GET', after[0].pdf, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/entity/run_report/${recordId}/versions/999/pdf`, chief)).statusCode).toBe(404);
  });

  it('takes as a report background only an uploaded PDF of the tenant', async () => {
    const image = await upload(
      chief,
      'photo.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600)]),
    );
    const background = await PDFDocument.create();
    background.addPage();
    const theirs = await upload(other, 'theirs.pdf', Buffer.from(await background.save()));
    for (const value of [image.id, theirs.id, 'not-a-file']) {
      const res = await call('POST', '/api/entity-type', chief, {
        label: `Bad Report ${value.slice(0, 4)}`,
        reports: [{ name: 'Sheet', backgroundDocument: { value }, stamps: [] }],
      });
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors).toEqual({ 'reports.0.backgroundDocument': ['The background document must be an uploaded PDF.'] });
    }
  });

  it('refuses bad print requests and other tenants, and needs view', async () => {
    for (const body of [{ pages: [9] }, { pages: 'some' }, { pages: [] }, { pages: 'all', latitude: 200 }]) {
      const res = await call('POST', `/api/entity/run_report/${recordId}/print`, chief, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
    }
    expect((await call('POST', `/api/entity/run_report/${recordId}/print`, other, { pages: 'all' })).statusCode).toBe(404);
    await call('POST', '/api/permissions-v2', chief, {
      tenant: tenantA.id,
      role: 'Tenant User',
      permissions: { run_report: { view: false } },
    });
    expect((await call('POST', `/api/entity/run_report/${recordId}/print`, firefighter, { pages: 'all' })).statusCode).toBe(403);
  });
});
