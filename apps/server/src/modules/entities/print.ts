import {
  canSeeField,
  type EntityType,
  type FieldDefinition,
  type FieldViewer,
  fieldText,
  fieldTypeOf,
  stamp as stampSchema,
} from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { PDFDocument } from 'pdf-lib';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { storeGeneratedFile, unsafeFileBytes } from '../files/generated.ts';
import { mayRead } from '../files/service.ts';
import { appendDocument, type PrintedRecord, renderRecord, renderReport, type Stamp } from './pdf-render.ts';
import type { EntityRow } from './present.ts';
import { findRow, type Scope, scopeFor } from './service.ts';

/**
 * Printing (spec 01 §7 'Print', 'Report'; 02 §2 'Print Pages'; docs/decisions/0010): a record
 * drawn as a PDF on the server, stored as a file only its printer (and global admins) may read,
 * answered as the file's url. Version PDFs are drawn as everyone who may view the record sees
 * it (fields visible to all roles), once per version, for 'view version pdfs'.
 */
export interface PrintDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
}

export interface PrintRequest {
  userAgent?: string | undefined;
  deviceType?: string | undefined;
  operatingSystem?: string | undefined;
  pages: 'all' | (number | 'appendix')[];
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/** Whoever may view every record of the type: the roles' common ground (fields visible to ALL). */
const EVERYONE: FieldViewer = { role: null, isGlobalAdmin: false };
const definitionOf = (f: EntityType['fields'][number]) => f.field_data as FieldDefinition;

function pageLabel(type: EntityType, page: number): string {
  const labels = type.object_data.page_labels;
  const label = Array.isArray(labels) ? labels[page - 1] : undefined;
  return typeof label === 'string' && label.trim() ? label : `Page ${page}`;
}

/** Each page's visible fields as label: text (the shared registry's text), in the form's order. */
export function printablePages(type: EntityType, data: Record<string, unknown>, viewer: FieldViewer, pages: number[]) {
  return pages.map((page) => ({
    label: pageLabel(type, page),
    fields: type.fields
      .map(definitionOf)
      .filter((f) => (f.page ?? 1) === page)
      .filter((f) => fieldTypeOf(f.type).holdsValue && f.type !== 'hidden' && !f.flags?.hideFromReport)
      .filter((f) => canSeeField(f.permissions, viewer))
      .sort((a, b) => (a.sort_order ?? 999) - (b.sort_order ?? 999))
      .map((f): [string, string] => [f.title || f.property, fieldText(f, data[f.property]) || '(None entered)']),
  }));
}

async function attachedFileNames(tx: Tx, row: EntityRow, type: EntityType, viewer: FieldViewer): Promise<string[]> {
  const visible = new Set(type.fields.filter((f) => canSeeField(f.field_data.permissions, viewer)).map((f) => f.field_data.property));
  const files = await tx
    .selectFrom('file')
    .select(['original_name', 'entity_field_property', 'is_restricted', 'visible_to'])
    .where('tenant_id', '=', row.tenant_id)
    .where('entity_id', '=', row.id)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return files
    .filter(
      (f) =>
        !f.entity_field_property ||
        visible.has(f.entity_field_property) ||
        !type.fields.some((t) => t.field_data.property === f.entity_field_property),
    )
    .filter(
      (f) =>
        viewer.isGlobalAdmin ||
        (!f.is_restricted && f.visible_to.length === 0) ||
        (viewer.role !== null && f.visible_to.includes(viewer.role)),
    )
    .map((f) => f.original_name);
}

function pagesWanted(type: EntityType, wanted: PrintRequest['pages']): { pages: number[]; appendix: boolean } {
  const all = Array.from({ length: Math.max(1, type.pages) }, (_, i) => i + 1);
  if (wanted === 'all') return { pages: all, appendix: true };
  const bad = wanted.filter((p) => p !== 'appendix' && (typeof p !== 'number' || p < 1 || p > all.length));
  if (bad.length) throw invalid({ pages: [`The pages must be 'all' or pages 1 to ${all.length} and 'appendix'.`] });
  return {
    pages: [...new Set(wanted.filter((p): p is number => typeof p === 'number'))].sort((a, b) => a - b),
    appendix: wanted.includes('appendix'),
  };
}

async function drawRecord(
  tx: Tx,
  scope: Scope,
  row: EntityRow,
  data: Record<string, unknown>,
  viewer: FieldViewer,
  request: PrintRequest,
  details: [string, string][],
): Promise<PDFDocument> {
  const { pages, appendix } = pagesWanted(scope.type, request.pages);
  const printed: PrintedRecord = {
    title: String(data.display_name ?? row.display_name),
    subtitle: `${scope.type.label} · ${String(data.place ?? row.place)}`,
    details,
    pages: printablePages(scope.type, data, viewer, pages),
    appendix: appendix ? await attachedFileNames(tx, row, scope.type, viewer) : null,
  };
  return renderRecord(printed);
}

const fileName = (row: EntityRow, suffix: string) => `${row.display_name || 'record'} ${suffix}.pdf`.replace(/[^\w .()-]+/g, '_');

/** POST {base}/{id}/print/: the record as the caller sees it, as a PDF only the caller may download. */
export async function printRecord(deps: PrintDeps, auth: AuthContext, typeName: string, id: string, request: PrintRequest) {
  const scope = await scopeFor(deps.db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  const { doc, row } = await withContext(deps.db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const device = [request.deviceType, request.operatingSystem, request.userAgent].filter(Boolean).join(' · ');
    const details: [string, string][] = [
      ['Version', String(row.version)],
      ['Printed', `${new Date().toISOString()} by ${auth.displayName}`],
      ...(device ? ([['Device', device.slice(0, 300)]] as [string, string][]) : []),
      ...(request.latitude !== undefined && request.longitude !== undefined
        ? ([['Location', `${request.latitude}, ${request.longitude}`]] as [string, string][])
        : []),
    ];
    const doc = await drawRecord(tx, scope, row, { ...row.data }, scope.viewer, request, details);
    return { doc, row };
  });
  if (request.pages === 'all') {
    for (const report of enabledReports(scope.type)) {
      await appendDocument(doc, await drawReport(deps, auth, scope, row, report, scope.viewer));
    }
  }
  const file = await storeGeneratedFile(deps, {
    tenantId: row.tenant_id,
    name: fileName(row, `v${row.version}`),
    mimeType: 'application/pdf',
    bytes: await doc.save(),
    owner: auth.userId,
    entityId: row.id,
    entityTypeId: row.entity_type_id,
    restricted: true,
  });
  if (request.pages === 'all') await versionPdf(deps, auth, typeName, id, row.version).catch(() => undefined);
  return { url: file.url };
}

type Report = EntityType['reports'][number] & Record<string, unknown>;

function enabledReports(type: EntityType): Report[] {
  return (type.reports as Report[]).filter((r) => r.enabled !== false);
}

async function stampsFor(
  deps: PrintDeps,
  auth: AuthContext,
  scope: Scope,
  row: EntityRow,
  report: Report,
  viewer: FieldViewer,
): Promise<Stamp[]> {
  const byProperty = new Map(scope.type.fields.map((f) => [f.field_data.property, definitionOf(f)]));
  const stamps: Stamp[] = [];
  for (const raw of (report.stamps ?? []) as unknown[]) {
    const parsed = stampSchema.safeParse(raw);
    if (!parsed.success) continue;
    const s = parsed.data;
    const field = s.field ? byProperty.get(s.field) : undefined;
    const base: Stamp = {
      x: s.x,
      y: s.y,
      width: s.width,
      height: s.height,
      page: s.page,
      text: s.text ?? '',
      alignment: s.alignment,
      font: s.font ?? String(report.defaultFont ?? 'Helvetica'),
      fontColor: s.fontColor ?? (report.fontColor as string | undefined),
      fontSize: s.fontSize ?? Number(report.fontSize ?? 12),
    };
    if (s.field) {
      if (!field || !canSeeField(field.permissions, viewer)) continue;
      const value = row.data[s.field];
      base.text = fieldText(field, value);
      // A file or signature field stamps its image (spec 03 §7: height applies to these only).
      if (field.type === 'signature-pad' || field.type === 'single-file') {
        const ref = Array.isArray(value) ? value[0] : value;
        const fileId = ref && typeof ref === 'object' ? String((ref as { id?: unknown }).id ?? '') : '';
        const file = fileId ? await unsafeFileBytes(deps, row.tenant_id, auth.userId, fileId, (f) => mayRead(f, auth)) : null;
        if (file && (file.mimeType === 'image/png' || file.mimeType === 'image/jpeg')) {
          base.image = { bytes: file.bytes, kind: file.mimeType === 'image/png' ? 'png' : 'jpg' };
        }
      }
    }
    stamps.push(base);
  }
  return stamps;
}

async function drawReport(deps: PrintDeps, auth: AuthContext, scope: Scope, row: EntityRow, report: Report, viewer: FieldViewer) {
  const background = report.backgroundDocument as { value?: unknown } | null | undefined;
  const fileId = typeof background?.value === 'string' ? background.value : null;
  const file = fileId ? await unsafeFileBytes(deps, row.tenant_id, auth.userId, fileId) : null;
  return renderReport(
    file?.mimeType === 'application/pdf' ? file.bytes : null,
    await stampsFor(deps, auth, scope, row, report, viewer),
    String(report.name),
  );
}

/** GET {base}/{id}/report/{reportTypeOfflineId}: one report definition drawn over its background PDF. */
export async function reportDocument(deps: PrintDeps, auth: AuthContext, typeName: string, id: string, reportId: string) {
  const scope = await scopeFor(deps.db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  const report = enabledReports(scope.type).find((r) => (r.offline_id ?? r.name) === reportId);
  if (!report) throw notFound('No report available');
  const row = await withContext(deps.db, dbContext(auth), (tx) => findRow(tx, scope, id));
  const doc = await drawReport(deps, auth, scope, row, report, scope.viewer);
  const file = await storeGeneratedFile(deps, {
    tenantId: row.tenant_id,
    name: fileName(row, String(report.name)),
    mimeType: 'application/pdf',
    bytes: await doc.save(),
    owner: auth.userId,
    entityId: row.id,
    entityTypeId: row.entity_type_id,
    restricted: true,
  });
  return { url: file.url };
}

/** The url of a version's PDF as the versions list shows it. */
export const versionPdfUrl = (typeName: string, id: string, version: number) => `/api/entity/${typeName}/${id}/versions/${version}/pdf`;

/**
 * GET {base}/{id}/versions/{version}/pdf: the version's PDF, drawn from its snapshot the first
 * time it is asked for (or printed) and kept. Needs view on the type and 'view version pdfs'.
 */
export async function versionPdf(
  deps: PrintDeps,
  auth: AuthContext,
  typeName: string,
  id: string,
  version: number,
): Promise<{ bytes: Buffer; name: string }> {
  const scope = await scopeFor(deps.db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  if (!scope.guard.can('view_version_pdfs', 'view')) throw forbidden();
  const found = await withContext(deps.db, dbContext(auth), async (tx) => {
    const row = await findRow(tx, scope, id);
    const snapshot = await tx
      .selectFrom('entity_version')
      .selectAll()
      .where('tenant_id', '=', row.tenant_id)
      .where('entity_id', '=', row.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!snapshot) throw notFound('No versions found.');
    return { row, snapshot };
  });
  const { row, snapshot } = found;
  if (snapshot.pdf_file_id) {
    const stored = await unsafeFileBytes(deps, row.tenant_id, auth.userId, snapshot.pdf_file_id);
    if (stored) return { bytes: stored.bytes, name: stored.name };
  }
  const doc = await withContext(deps.db, dbContext(auth), (tx) =>
    drawRecord(tx, scope, row, snapshot.model_data, EVERYONE, { pages: 'all' }, [
      ['Version', String(snapshot.version)],
      ['Saved', `${snapshot.updated_at.toISOString()} by ${snapshot.responsible_user_name}`],
    ]),
  );
  const bytes = Buffer.from(await doc.save());
  const name = fileName(row, `version ${snapshot.version}`);
  const file = await storeGeneratedFile(deps, {
    tenantId: row.tenant_id,
    name,
    mimeType: 'application/pdf',
    bytes,
    owner: null,
    entityId: row.id,
    entityTypeId: row.entity_type_id,
    restricted: true,
  });
  await withContext(deps.db, dbContext(auth), (tx) =>
    tx
      .updateTable('entity_version')
      .set({ pdf_file_id: file.id })
      .where('tenant_id', '=', row.tenant_id)
      .where('entity_id', '=', row.id)
      .where('version', '=', snapshot.version)
      .where('pdf_file_id', 'is', null)
      .execute(),
  );
  return { bytes, name };
}
