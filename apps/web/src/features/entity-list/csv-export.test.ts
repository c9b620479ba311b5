// @vitest-environment jsdom
import '../../test/dom.ts';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { csvFileName, downloadCsv } from './csv-export.ts';
import { NO_FILTERS } from './list-model.ts';

const request = { search: 'maple', sort: 'a_to_z' as const, filters: { ...NO_FILTERS, custom: { status: 'out' } }, linked: {} };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CSV from the list', () => {
  it("asks with the list's filters and sort, no paging, says it is working, then saves the file", async () => {
    const routes = routeFetch({
      'GET /api/entity/hydrant/csv': () => json(200, { url: '/api/files/f1/content' }),
      'GET /api/files/f1/content': () => new Response('id,display_name\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const show = vi.spyOn(notifications, 'show');
    const update = vi.spyOn(notifications, 'update');
    await downloadCsv('hydrant', 'Hydrant', request, 'export');
    const asked = Object.fromEntries(routes.calls[0]!.url.searchParams);
    expect(asked).toMatchObject({ sort: 'a_to_z', 'filter[display_name]': 'maple', 'filter[custom][status]': 'out' });
    expect(asked.page).toBeUndefined();
    expect(asked.per_page).toBeUndefined();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ loading: true, message: 'Exporting Hydrant…' }));
    expect(click).toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Export complete.' }));
  });

  it('says why when the server refuses, and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch({ 'GET /api/entity/hydrant/template/csv': () => json(403, { message: 'This action is unauthorized.' }) }).fetch,
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const update = vi.spyOn(notifications, 'update');
    await downloadCsv('hydrant', 'Hydrant', request, 'template');
    expect(click).not.toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Export failed: This action is unauthorized.' }));
  });

  it('names the file after the type', () => {
    expect(csvFileName('Hydrant', 'export')).toBe('Hydrant.csv');
    expect(csvFileName('Hydrant', 'template')).toBe('Hydrant import template.csv');
  });
});
