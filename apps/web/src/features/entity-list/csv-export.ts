import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { api } from '../../api/index.ts';
import { fetchBlobUrl } from '../../fields/common/files.ts';
import { type ListRequest, listQuery } from './list-model.ts';

/** Export Data to CSV, or Create Import Template CSV (spec 01 §2.6). */
export type CsvKind = 'export' | 'template';

const written = z.object({ url: z.string() });

/**
 * GET /entity/{type}/csv with the list's filters and sort (every match, no paging), or
 * /template/csv: the server writes the file and answers its url (docs/api.md).
 */
export async function requestCsv(typeName: string, request: ListRequest, kind: CsvKind): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = listQuery(request, 1);
  const query = { ...filters, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const path = `/entity/${encodeURIComponent(typeName)}/${kind === 'template' ? 'template/csv' : 'csv'}`;
  return (await api.get(path, { query, schema: written })).url;
}

/** The file's name on the person's device. */
export const csvFileName = (label: string, kind: CsvKind) => `${label}${kind === 'template' ? ' import template' : ''}.csv`;

/**
 * Asks for the file, says so while the server writes it (a large export takes seconds), then
 * saves it: its bytes need the bearer token, so they are fetched and handed over as a blob.
 */
export async function downloadCsv(typeName: string, label: string, request: ListRequest, kind: CsvKind): Promise<void> {
  const id = notifications.show({
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: kind === 'template' ? `Creating the ${label} import template…` : `Exporting ${label}…`,
  });
  try {
    const blob = await fetchBlobUrl(await requestCsv(typeName, request, kind));
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = csvFileName(label, kind);
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 1_000);
    notifications.update({
      id,
      loading: false,
      color: 'green',
      message: kind === 'template' ? 'Import template created.' : 'Export complete.',
      autoClose: 4_000,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: `Export failed: ${message}`,
      autoClose: 10_000,
      withCloseButton: true,
    });
  }
}
