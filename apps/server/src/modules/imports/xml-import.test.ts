import { XML_IMPORTER_MESSAGES } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeCrew } from '../../test/identity.ts';
import { multipartForm } from '../../test/multipart.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<export>
  <incident id="A-1"><unit>Engine 1</unit><when>2026-11-20</when><crew><name>Sam</name></crew></incident>
  <incident id="A-2"><unit>Ladder 2</unit><when>11/21/2026</when></incident>
  <incident id="A-3"><unit></unit><when>2026-11-22</when></incident>
  <incident><unit>No key</unit></incident>
</export>`;

describe(`[IMPORTS] the XML importer on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Record<string, string>;
  let other: Record<string, string>;
  let typeId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const uploadFile = async (content: string, filename = 'export.xml') => {
    const form = multipartForm([{ name: 'file', filename, content: Buffer.from(content), type: 'application/xml' }]);
    const res = await test.app.inject({ method: 'POST', url: '/api/files', headers: { ...chief, ...form.headers }, payload: form.payload });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data as { id: string; url: string };
  };
  const config = (file: { id: string; url: string }, extra: Record<string, unknown> = {}) => ({
    importerEmailPrefix: 'riverside-cad',
    importerFolder: 'incidents',
    file: { value: file.id, path: file.url, name: 'export.xml' },
    rowXPath: '/export/incident',
    entity_type_id: typeId,
    uniqueKey: '@id',
    timezone: 'America/Chicago',
    field_map: [
      { source: 'unit', destination: 'unit', offline_id: 'm1' },
      { source: 'when', destination: 'incident_date', offline_id: 'm2' },
      { source: 'crew/name', destination: 'crew.*.name', offline_id: 'm3' },
      { source: 'crew', destination: 'crew', offline_id: 'm4' },
    ],
    valueToTenantMap: [],
    ...extra,
  });
  const run = async (id: string, headers = chief) => {
    await test.app.jobs.drain();
    return (await call('GET', `/api/long-running-job-notes/${id}`, headers)).json().data;
  };

  beforeAll(async () => {
    test = await createTestApp();
    ({ chief, other } = await makeCrew(test));
    const res = await call('POST', '/api/entity-type', chief, {
      label: 'Old Incident',
      object_data: { formtitle: '{unit}' },
      fields: [
        { field_data: { property: 'unit', title: 'Unit', type: 'single-text', page: 1, validation: { required: true } } },
        { field_data: { property: 'incident_date', title: 'Incident Date', type: 'date-picker', page: 1 } },
      ],
    });
    typeId = res.json().data.id;
  });
  afterAll(() => test.close());

  it('refuses an incomplete configuration with the spec’s messages', async () => {
    const res = await call('POST', '/api/entity/xml_importer', chief, {
      name: 'CAD',
      configuration: { importerEmailPrefix: 'Bad Prefix!', field_map: [{ source: 'x', destination: 'crew.*.name', offline_id: 'a' }] },
    });
    expect(res.statusCode).toBe(422);
    const messages: string[] = res.json().errors.configuration;
    expect(messages).toEqual(
      expect.arrayContaining([
        XML_IMPORTER_MESSAGES.emailPrefix,
        'Folder is a required field.',
        'File is a required field.',
        'Map Into Entity Type is a required field.',
        'Unique Key is a required field.',
        'Timezone is a required field.',
        XML_IMPORTER_MESSAGES.childNeedsParent,
      ]),
    );
  });

  it('test-imports the file, then imports it; a second import updates by the unique key', async () => {
    const file = await uploadFile(XML);
    const importer = await call('POST', '/api/entity/xml_importer', chief, { name: 'CAD export', configuration: config(file) });
    expect(importer.statusCode, importer.body).toBe(201);
    const id = importer.json().data.id;

    const started = await call('POST', `/api/xml-import/${id}`, chief, { path: file.url });
    expect(started.statusCode, started.body).toBe(200);
    const testRun = await run(started.json().importId);
    expect(testRun.error).toBeNull();
    expect(testRun.notes).toMatchObject({ testRun: true, finished: true, importedItems: 2, failedCount: 2 });
    expect(testRun.notes.ignoredFields).toEqual(['crew.*.name (child records are not imported)', 'crew']);
    expect(testRun.notes.failedRows).toEqual([
      { index: 3, exception: 'Unit is a required field.', errors: { unit: ['Unit is a required field.'] } },
      { index: 4, exception: 'The unique key has no value in this row.', errors: {} },
    ]);
    expect((await call('GET', '/api/entity/old_incident', chief)).json().data).toHaveLength(0);

    const final = await run((await call('POST', `/api/run-final-import/${testRun.id}`, chief)).json().importId);
    expect(final.notes).toMatchObject({ created: 2, failedCount: 2 });
    const saved = (await call('GET', '/api/entity/old_incident?sort=a_to_z&detailed=true', chief)).json().data;
    expect(saved.map((r: { display_name: string }) => r.display_name)).toEqual(['Engine 1', 'Ladder 2']);
    expect(saved[1].incident_date).toEqual({ value: '2026-11-21' });

    // The next export changes Engine 1's unit: the same record is updated, nothing is added.
    const next = await uploadFile(XML.replace('Engine 1', 'Engine 1B'));
    const again = await run((await call('POST', `/api/xml-import/${id}`, chief, { path: next.url })).json().importId);
    const second = await run((await call('POST', `/api/run-final-import/${again.id}`, chief)).json().importId);
    expect(second.notes).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = (await call('GET', '/api/entity/old_incident?sort=a_to_z', chief)).json().data;
    expect(after.map((r: { display_name: string }) => r.display_name)).toEqual(['Engine 1B', 'Ladder 2']);

    // Another tenant sees no importer.
    expect((await call('POST', `/api/xml-import/${id}`, other, {})).statusCode).toBe(404);
  });

  it('refuses entities (no XXE), broken XML and bad XPath clearly', async () => {
    const xxe = await uploadFile(
      '<?xml version="1.0"?><!DOCTYPE export [<!ENTITY secret SYSTEM "file:///etc/passwd">]><export><incident id="1"><unit>&secret;</unit></incident></export>',
    );
    const importer = await call('POST', '/api/entity/xml_importer', chief, { name: 'XXE', configuration: config(xxe) });
    const id = importer.json().data.id;
    const refused = await run((await call('POST', `/api/xml-import/${id}`, chief, {})).json().importId);
    expect(refused.error).toBe('The XML file may not declare entities (DOCTYPE with ENTITY declarations are refused).');
    expect(JSON.stringify(refused)).not.toContain('root:');

    const broken = await uploadFile('<export><incident id="1"><unit>Engine</incident></export>');
    const brokenRun = await run((await call('POST', `/api/xml-import/${id}`, chief, { path: broken.url })).json().importId);
    expect(brokenRun.error).toMatch(/^The file is not well-formed XML: /);

    const bad = await call('POST', '/api/entity/xml_importer', chief, {
      name: 'Bad XPath',
      configuration: config(broken, { rowXPath: '/export/[' }),
    });
    const res = await call('POST', `/api/xml-import/${bad.json().data.id}`, chief, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rowXPath).toEqual(["The XPath '/export/[' is not valid."]);
  });
});
