import { notifications } from '@mantine/notifications';
import type { EntityType } from '@turnout/shared';
import * as z from 'zod/mini';
import { type QueryParams, queryString } from '../../api/client.ts';
import { api } from '../../api/index.ts';
import { fetchBlobUrl } from '../../fields/common/files.ts';

/**
 * The NERIS endpoints of a record (docs/neris.md, docs/api.md). The panel is part of the record
 * screen's first JavaScript, so its answers are checked with zod's small build, zod/mini (issue 20).
 */

export const nerisReport = z.object({
  valid: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())),
  payload: z.record(z.string(), z.unknown()),
  incident_neris_id: z.nullable(z.string()),
});
export type NerisReport = z.infer<typeof nerisReport>;

export const nerisSubmission = z.object({
  id: z.string(),
  submitted_at: z.string(),
  status: z.enum(['accepted', 'failed']),
  http_status: z.nullable(z.number()),
  neris_id: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type NerisSubmission = z.infer<typeof nerisSubmission>;

const path = (typeName: string, id: string) => `/neris/${encodeURIComponent(typeName)}/${encodeURIComponent(id)}`;

/** Does the type map any field to NERIS (params.neris_property)? */
export const mapsToNeris = (type: Pick<EntityType, 'fields'>) =>
  type.fields.some(
    (f) => !f.deleted && typeof f.field_data.params?.neris_property === 'string' && f.field_data.params.neris_property !== '',
  );

export function fetchNerisReport(typeName: string, id: string): Promise<NerisReport> {
  return api.get(path(typeName, id), { schema: { parse: (body) => nerisReport.parse((body as { data: unknown }).data) } });
}

/** The incident payload of a valid report (422 with the problems per field otherwise). */
export function fetchNerisExport(typeName: string, id: string): Promise<Record<string, unknown>> {
  return api.get(`${path(typeName, id)}/export`, { schema: { parse: (body) => z.record(z.string(), z.unknown()).parse(body) } });
}

export function submitToNeris(typeName: string, id: string): Promise<NerisSubmission> {
  return api.post(`${path(typeName, id)}/submit`, undefined, {
    schema: { parse: (body) => nerisSubmission.parse((body as { data: unknown }).data) },
  });
}

/** The file a payload is saved as: NERIS-{incident number}.json, as the server names it. */
export function exportFileName(payload: Record<string, unknown>, fallback: string): string {
  const number = (payload.base as { incident_number?: unknown } | undefined)?.incident_number;
  return `NERIS-${String(typeof number === 'string' && number ? number : fallback).replace(/[^\w.-]+/g, '_')}.json`;
}

export function saveJsonFile(payload: unknown, name: string): void {
  const blob = new Blob([`${JSON.stringify(payload, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The list with its filters and sort as a zip of NERIS payloads (and errors.json for the reports not valid yet). */
export async function downloadNerisZip(typeName: string, query: QueryParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const id = notifications.show({ loading: true, autoClose: false, withCloseButton: false, message: 'Exporting NERIS JSON…' });
  try {
    const blob = await fetchBlobUrl(`/api/neris/${encodeURIComponent(typeName)}/export.zip?${queryString(filters)}`);
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = `NERIS-${typeName}.zip`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(href), 1_000);
    notifications.update({ id, loading: false, color: 'green', message: 'NERIS export complete.', autoClose: 4_000 });
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
