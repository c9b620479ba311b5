import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { mp4Head, onePagePdf, PNG_1x1 } from '../support/files.ts';
import { LAKESIDE_SIGN_IN_LOCK, withLock } from '../support/locks.ts';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Documents (spec 01 §2.9, issue 26): the records account (Riverside's Tenant Admin) makes a
 * station of its own ('E2E Station {Date.now()}'), a folder in it, uploads three files, browses,
 * opens the PDF and the video, moves one, deletes one. The firefighter then sees no restricted
 * file in lists or by id.
 */
test.describe.configure({ timeout: 120_000 });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openRowMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Document actions for ${name}` }).click();
  return page.getByRole('menu');
}

test('[DOCUMENTS]: upload three files into a station folder, browse, open the PDF and the video, move one, delete one', async ({
  page,
}) => {
  const session = await signInThroughApi(page, USERS.records.email);
  const stamp = Date.now();
  const stationName = `E2E Station ${stamp}`;
  const created = await page.request.post('/api/entity/station', { headers: bearer(session.token), data: { station_name: stationName } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByText('Not built yet')).toHaveCount(0);
  await page.getByRole('link', { name: 'Station Documents' }).click();
  await page.getByRole('link', { name: stationName }).click();
  await expect(page.getByText('No documents found')).toBeVisible();
  await expectNoSeriousViolations(page);

  // Two folders: Manuals (where the files go) and Archive (where one moves to).
  for (const name of ['Manuals', 'Archive']) {
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByRole('textbox', { name: 'Folder name' }).fill(name);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Manuals' }).click();
  await expect(page.getByText('No documents found')).toBeVisible();

  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await choosing).setFiles([
    { name: 'Engine 1 manual.pdf', mimeType: 'application/pdf', buffer: onePagePdf() },
    { name: 'Ladder drill.mp4', mimeType: 'video/mp4', buffer: mp4Head() },
    { name: 'Hose layout.png', mimeType: 'image/png', buffer: PNG_1x1 },
  ]);
  const table = page.getByRole('table', { name: 'Documents' });
  for (const name of ['Engine 1 manual.pdf', 'Ladder drill.mp4', 'Hose layout.png']) {
    await expect(table.getByRole('link', { name })).toBeVisible();
  }
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /Engine 1 manual\.pdf/ })).toContainText('PDF');
  await expect(table.getByRole('row', { name: /Engine 1 manual\.pdf/ })).toContainText(USERS.records.name);
  await expect(page.getByRole('link', { name: stationName })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshotFor(page, 'documents-folder');

  // The PDF opens in the app's pdf.js viewer.
  await table.getByRole('link', { name: 'Engine 1 manual.pdf' }).click();
  await expect(page.getByRole('heading', { name: 'Engine 1 manual.pdf' })).toBeVisible();
  await page.getByRole('link', { name: 'Open in PDF viewer' }).click();
  await expect(page.getByRole('heading', { name: /\(1 page\)$/ })).toBeVisible({ timeout: 30_000 });
  await page.goBack();
  await page.getByRole('link', { name: 'Back to the folder' }).click();

  // The video plays in a video player.
  await table.getByRole('link', { name: 'Ladder drill.mp4' }).click();
  const video = page.getByTestId('document-video');
  await expect(video).toHaveAttribute('src', /\/api\/files\/[^/]+\/signed-content\?/);
  // The player reads it without the bearer token, by ranges (seeking).
  const src = (await video.getAttribute('src'))!;
  const ranged = await page.request.get(src, { headers: { range: 'bytes=0-3' } });
  expect(ranged.status()).toBe(206);
  await page.getByRole('link', { name: 'Back to the folder' }).click();

  // Move the picture into Archive.
  await (await openRowMenu(page, 'Hose layout.png')).getByRole('menuitem', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'Archive', exact: true }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(table.getByRole('link', { name: 'Hose layout.png' })).toHaveCount(0);

  // Delete the video.
  await (await openRowMenu(page, 'Ladder drill.mp4')).getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete? This is a permanent action.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(table.getByRole('link', { name: 'Ladder drill.mp4' })).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2);

  // Breadcrumb back to the station, then into Archive through the subfolder menu.
  await page.getByRole('link', { name: stationName }).click();
  await page.getByRole('button', { name: 'Subfolders' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(table.getByRole('link', { name: 'Hose layout.png' })).toBeVisible();
});

test('[DOCUMENTS]: a member without the role sees no restricted file in lists, search or by id; another department gets 404', async ({
  page,
}) => {
  const records = await apiSignIn(page.request, USERS.records.email);
  const stamp = Date.now();
  const station = await page.request.post('/api/entity/station', {
    headers: bearer(records.token),
    data: { station_name: `E2E Restricted ${stamp}` },
  });
  expect(station.status(), await station.text()).toBe(201);
  const stationId = (await station.json()).data.id as string;
  const file = async (name: string, restricted: boolean) => {
    const upload = await page.request.post('/api/files', {
      headers: { Authorization: `Bearer ${records.token}` },
      multipart: {
        file: { name, mimeType: 'application/pdf', buffer: onePagePdf() },
        is_restricted: restricted ? 'true' : 'false',
        ...(restricted ? { visible_to: 'Lieutenant' } : {}),
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const filed = await page.request.post('/api/documents', {
      headers: bearer(records.token),
      data: { file_id: (await upload.json()).data.id, library: 'station', station_id: stationId },
    });
    expect(filed.status(), await filed.text()).toBe(201);
    return (await filed.json()).data.id as string;
  };
  await file(`Roster ${stamp}.pdf`, false);
  const secret = await file(`Discipline ${stamp}.pdf`, true);

  const firefighter = await signInThroughApi(page, USERS.firefighter.email);
  expect((await page.request.get(`/api/documents/${secret}`, { headers: bearer(firefighter.token) })).status()).toBe(404);
  // Nor in search: the document search finds the open file by name, never the restricted one.
  const found = async (term: string) => {
    const res = await page.request.get('/api/documents/search', { headers: bearer(firefighter.token), params: { query: term } });
    expect(res.status()).toBe(200);
    return ((await res.json()).data as { name: string }[]).map((d) => d.name);
  };
  expect(await found(`Roster ${stamp}`)).toEqual([`Roster ${stamp}.pdf`]);
  expect(await found(`Discipline ${stamp}`)).toEqual([]);
  await page.goto('/documents?topLevelPath=stations');
  await page.getByRole('link', { name: `E2E Restricted ${stamp}` }).click();
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('link', { name: `Roster ${stamp}.pdf` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Discipline ${stamp}.pdf` })).toHaveCount(0);
  // A member may upload but not rename, move or delete folders, nor others' documents.
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Document actions for Roster ${stamp}.pdf` })).toHaveCount(0);
  await page.goto(`/documents/${secret}`);
  await expect(page.getByText('File is not available.')).toBeVisible();

  // Another department (the Lakeside chief, under the Lakeside lock: another test turns its
  // sign-in off for a while): 404 on every call naming Riverside's documents and folders.
  const folder = await page.request.post('/api/document-folders', {
    headers: bearer(records.token),
    data: { folder_name: `Private ${stamp}`, library: 'station', station_id: stationId },
  });
  expect(folder.status(), await folder.text()).toBe(201);
  const folderId = (await folder.json()).data.id as string;
  const open = await page.request.get(`/api/documents/${secret}`, { headers: bearer(records.token) });
  const fileId = (await open.json()).data.file_id as string;
  await withLock(LAKESIDE_SIGN_IN_LOCK, async () => {
    const lakeside = await apiSignIn(page.request, USERS.lakesideChief.email);
    const calls = [
      ['GET', `/api/documents/${secret}`],
      ['PUT', `/api/documents/${secret}`, { folder_id: null }],
      ['DELETE', `/api/documents/${secret}`],
      ['PUT', `/api/document-folders/${folderId}`, { folder_name: 'Mine' }],
      ['DELETE', `/api/document-folders/${folderId}?force=true`],
      ['GET', `/api/tenant/file/${fileId}`],
      ['GET', `/api/files/${fileId}/content`],
    ] as const;
    for (const [method, url, data] of calls) {
      const answer = await page.request.fetch(url, { method, headers: bearer(lakeside.token), ...(data ? { data } : {}) });
      expect(answer.status(), `${method} ${url}`).toBe(404);
    }
    const list = await page.request.get(`/api/documents?library=station&station_id=${stationId}`, { headers: bearer(lakeside.token) });
    expect(list.status()).toBe(422);
    const search = await page.request.get('/api/documents/search', {
      headers: bearer(lakeside.token),
      params: { query: `Roster ${stamp}` },
    });
    expect((await search.json()).data).toEqual([]);
  });
  // Nothing of it changed.
  expect((await page.request.get(`/api/documents/${secret}`, { headers: bearer(records.token) })).status()).toBe(200);
});

test('[DOCUMENTS]: on a wide screen files dropped on the folder upload with a progress bar each', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const session = await signInThroughApi(page, USERS.records.email);
  const stationName = `E2E Drop ${Date.now()}`;
  const created = await page.request.post('/api/entity/station', { headers: bearer(session.token), data: { station_name: stationName } });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/documents?topLevelPath=stations');
  await page.getByRole('link', { name: stationName }).click();
  await expect(page.getByText('No documents found')).toBeVisible();
  await expect(page.getByText('Drop files here to upload them')).toBeVisible();
  const pdf = [...onePagePdf()];
  const png = [...PNG_1x1];
  const dataTransfer = await page.evaluateHandle(
    ([pdfBytes, pngBytes]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(pdfBytes)], 'Pump chart.pdf', { type: 'application/pdf' }));
      transfer.items.add(new File([new Uint8Array(pngBytes)], 'Hydrant map.png', { type: 'image/png' }));
      return transfer;
    },
    [pdf, png] as const,
  );
  // Hold each upload's answer a moment so the progress bars can be seen before they clear.
  await page.route('**/api/files', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId('document-drop-zone').dispatchEvent('drop', { dataTransfer });
  // One row per file with its name and its own progress bar (a bar at 0% has no width, so it is
  // checked as present, not as visible).
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads).toBeVisible();
  for (const name of ['Pump chart.pdf', 'Hydrant map.png']) {
    await expect(uploads.getByText(name)).toBeVisible();
    await expect(uploads.getByRole('progressbar', { name: `Upload of ${name}` })).toBeAttached();
  }
  for (const name of ['Pump chart.pdf', 'Hydrant map.png']) {
    await expect(page.getByRole('table', { name: 'Documents' }).getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Uploads' })).toHaveCount(0);
});
