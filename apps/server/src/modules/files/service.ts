import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  ALL_ROLES,
  canModifyField,
  canSeeField,
  type EntityType,
  type EntityTypeField,
  isRoleKey,
  makePageMeta,
  type PageMeta,
} from '@turnout/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodError } from 'zod';
import { type AuthContext, actingTenant, dbContext, isTenantAdmin } from '../../platform/auth/context.ts';
import type { BlobRange, BlobStore, BlobWritten } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { AppError, addFieldError, type FieldErrors, forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { fileRecordFiles } from '../documents/type-folders.ts';
import { getEntityType, listEntityTypes } from '../entity-types/service.ts';
import { authorizeRecordUpdate, guardFor, type PermissionGuard } from '../permissions/service.ts';
import { matchesEtag, parseRange } from './content.ts';
import { type FileRow, fileRepository, type Reader } from './repository.ts';
import { type FileResource, type UploadFields, uploadFields } from './schemas.ts';
import { claimHolds, SIGNED_URL_SECONDS, signClaim } from './signed.ts';
import { type FileKind, type Format, verdictFor } from './sniff.ts';
import { cleanFileName, FILE_MESSAGES, multipartError, typeNotAllowed, UploadInspector } from './upload.ts';

export interface FileDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  /** The upload limit in bytes (config.uploadMaxBytes). */
  maxBytes: number;
  log: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Field types whose values are file references. */
const FILE_FIELD_TYPES = new Set(['single-file', 'signature-pad']);

/** Missing, deleted, of another tenant or not for this reader: one answer (spec 01 §8). */
const unavailable = () => notFound(FILE_MESSAGES.notAvailable);

export function present(row: FileRow): FileResource {
  return {
    id: row.id,
    original_name: row.original_name,
    url: `/api/files/${row.id}/content`,
    path: row.path,
    size_bytes: Number(row.size_bytes),
    created_at: row.created_at.toISOString(),
    entity: row.entity_id
      ? { id: row.entity_id, entity_type_id: row.entity_type_id, display_name: row.entity_display_name ?? '', uri: row.entity_uri }
      : null,
    md5: row.md5,
    mime_type: row.mime_type,
    is_restricted: row.is_restricted,
    visible_to: row.visible_to,
    entity_field_id: row.entity_field_property,
    offline_id: row.offline_id,
    created_by: row.created_by,
  };
}

/**
 * Who may read a file of their tenant: global admins and the uploader always; otherwise a
 * file that is neither restricted nor limited to roles is for everyone, and one that is is for
 * the roles in its visible_to list only (none, when the list is empty).
 */
export function mayRead(row: Pick<FileRow, 'created_by' | 'is_restricted' | 'visible_to'>, auth: AuthContext): boolean {
  if (auth.isGlobalAdmin || row.created_by === auth.userId) return true;
  if (!row.is_restricted && row.visible_to.length === 0) return true;
  return auth.actingRole !== null && row.visible_to.includes(auth.actingRole);
}

/** The entity types whose records this reader may view (a file of a record follows its record). */
async function viewableTypeIds(db: Kysely<DB>, auth: AuthContext, guard: PermissionGuard): Promise<string[]> {
  const types = await listEntityTypes(db, auth, false);
  return types.filter((t) => guard.can(t.name, 'view')).map((t) => t.id);
}

export async function readerOf(db: Kysely<DB>, auth: AuthContext): Promise<Reader> {
  const guard = await guardFor(db, auth);
  return {
    userId: auth.userId,
    role: auth.actingRole,
    isGlobalAdmin: auth.isGlobalAdmin,
    viewableTypeIds: auth.isGlobalAdmin ? [] : await viewableTypeIds(db, auth, guard),
  };
}

function readable(row: FileRow, auth: AuthContext, reader: Reader): boolean {
  if (auth.isGlobalAdmin) return true;
  if (!mayRead(row, auth)) return false;
  return row.entity_type_id === null || reader.viewableTypeIds.includes(row.entity_type_id);
}

/** The file if this caller may read it, else 404 'File is not available.' */
async function readableFile(db: Kysely<DB>, auth: AuthContext, unverifiedId: string): Promise<FileRow> {
  const tenantId = actingTenant(auth);
  if (!UUID.test(unverifiedId)) throw unavailable();
  const row = await withContext(db, dbContext(auth), (tx) => fileRepository(tx, tenantId).findById(unverifiedId));
  if (!row || !mayRead(row, auth)) throw unavailable();
  if (row.entity_type_id !== null && !readable(row, auth, await readerOf(db, auth))) throw unavailable();
  return row;
}

export async function showFile(db: Kysely<DB>, auth: AuthContext, id: string): Promise<FileResource> {
  return present(await readableFile(db, auth, id));
}

export interface ListQuery {
  page: number;
  perPage: number;
  displayName?: string | undefined;
  fileType?: FileKind | undefined;
}

const KIND_FILTER: Record<FileKind, { mimePrefixes: string[]; mimeTypes?: string[] }> = {
  image: { mimePrefixes: ['image/'] },
  audiovideo: { mimePrefixes: ['audio/', 'video/'] },
  document: { mimePrefixes: ['application/', 'text/'] },
};

/** GET /files: the media library, newest first, only files this caller may read. */
export async function listFiles(db: Kysely<DB>, auth: AuthContext, q: ListQuery): Promise<{ data: FileResource[]; meta: PageMeta }> {
  const tenantId = actingTenant(auth);
  const reader = await readerOf(db, auth);
  const { rows, total } = await withContext(db, dbContext(auth), (tx) =>
    fileRepository(tx, tenantId).list(
      { page: q.page, perPage: q.perPage, displayName: q.displayName, ...(q.fileType ? KIND_FILTER[q.fileType] : {}) },
      reader,
    ),
  );
  return { data: rows.map(present), meta: makePageMeta(q.page, q.perPage, total, rows.length) };
}

/** DELETE /files/{id}: the uploader or a tenant admin; soft, the bytes stay for now. */
export async function deleteFile(db: Kysely<DB>, auth: AuthContext, id: string): Promise<void> {
  const row = await readableFile(db, auth, id);
  if (row.created_by !== auth.userId && !isTenantAdmin(auth)) throw forbidden();
  await withContext(db, dbContext(auth), (tx) => fileRepository(tx, row.tenant_id).softDelete(row.id, auth.userId));
}

/**
 * Removes a file whose last user let go of it (a deleted document): the row and then its
 * bytes. A file that belongs to a record stays (the record still shows it). Runs in the
 * caller's transaction; the bytes go only after it commits (`afterCommit`).
 */
export async function releaseFile(tx: Tx, tenantId: string, fileId: string): Promise<string | null> {
  const repo = fileRepository(tx, tenantId);
  const row = await repo.findAny(fileId);
  if (!row || row.entity_id !== null) return null;
  await repo.hardDelete(fileId);
  return row.path;
}

export type ContentAnswer =
  | { kind: 'not-modified'; file: FileResource; etag: string }
  | { kind: 'unsatisfiable'; file: FileResource; etag: string }
  | { kind: 'bytes'; file: FileResource; etag: string; stream: Readable; range: BlobRange | null };

/**
 * GET /files/{id}/content: the bytes of a file this caller may read, or one range of them
 * (video seeking), or 'not modified' when the caller's copy (ETag = md5) is current.
 */
export async function fileContent(
  deps: Pick<FileDeps, 'db' | 'blobs' | 'log'>,
  auth: AuthContext,
  id: string,
  headers: { range?: string | undefined; ifNoneMatch?: string | undefined; ifRange?: string | undefined },
): Promise<ContentAnswer> {
  return contentOf(deps, await readableFile(deps.db, auth, id), headers);
}

/**
 * POST /files/{id}/content-url: a short-lived URL of this file's bytes that needs no bearer
 * token (a <video> element cannot send one), for a caller who may read the file now.
 */
export async function signContentUrl(
  db: Kysely<DB>,
  auth: AuthContext,
  key: Buffer,
  id: string,
): Promise<{ url: string; expires_at: string }> {
  const row = await readableFile(db, auth, id);
  const claim = { tenantId: row.tenant_id, fileId: row.id, expires: Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS };
  const query = new URLSearchParams({ tenant: claim.tenantId, expires: String(claim.expires), signature: signClaim(key, claim) });
  return { url: `/api/files/${row.id}/signed-content?${query}`, expires_at: new Date(claim.expires * 1000).toISOString() };
}

/** GET /files/{id}/signed-content: the bytes for a valid, unexpired signature; else 404. */
export async function signedContent(
  deps: Pick<FileDeps, 'db' | 'blobs' | 'log'>,
  key: Buffer,
  q: { id: string; tenant: string; expires: number; signature: string },
  headers: { range?: string | undefined; ifNoneMatch?: string | undefined; ifRange?: string | undefined },
): Promise<ContentAnswer> {
  const claim = { tenantId: q.tenant, fileId: q.id, expires: q.expires };
  if (!UUID.test(q.id) || !UUID.test(q.tenant) || !claimHolds(key, claim, q.signature)) throw unavailable();
  const context = { tenantId: q.tenant, userId: null, isGlobal: false };
  const row = await withContext(deps.db, context, (tx) => fileRepository(tx, q.tenant).findById(q.id));
  if (!row) throw unavailable();
  return contentOf(deps, row, headers);
}

async function contentOf(
  deps: Pick<FileDeps, 'db' | 'blobs' | 'log'>,
  row: FileRow,
  headers: { range?: string | undefined; ifNoneMatch?: string | undefined; ifRange?: string | undefined },
): Promise<ContentAnswer> {
  const file = present(row);
  const etag = `"${row.md5}"`;
  if (matchesEtag(headers.ifNoneMatch, etag)) return { kind: 'not-modified', file, etag };
  // A range is served only for the version the caller already has part of.
  const range = headers.ifRange && headers.ifRange !== etag ? null : parseRange(headers.range, file.size_bytes);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', file, etag };
  const stream = await deps.blobs.get(row.path, range ?? undefined);
  if (!stream) {
    deps.log.error({ fileId: row.id, path: row.path }, 'file row without its bytes in the blob store');
    throw unavailable();
  }
  return { kind: 'bytes', file, etag, stream, range };
}

// ---------------------------------------------------------------- upload

interface Stored {
  id: string;
  key: string;
  filename: string;
  format: Format;
  written: BlobWritten;
}

function blobKey(tenantId: string, id: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${tenantId}/${now.getUTCFullYear()}/${month}/${id}`;
}

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // discard
  }
}

/** Streams one file part through the inspector into the blob store; never held whole in memory. */
async function storePart(deps: FileDeps, tenantId: string, part: MultipartFile): Promise<Stored> {
  const id = randomUUID();
  const key = blobKey(tenantId, id);
  const inspector = new UploadInspector(deps.maxBytes);
  const written = await deps.blobs.put(key, inspector.stream(part.file));
  return { id, key, filename: part.filename, format: inspector.format!, written };
}

function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) addFieldError(errors, String(issue.path[0] ?? 'body'), issue.message);
  return errors;
}

/** Role keys from visible_to fields: repeated, comma-separated or a JSON array. ALL means everyone. */
function rolesFrom(values: string[]): string[] {
  const roles: string[] = [];
  for (const value of values) {
    const trimmed = value.trim();
    let items: unknown[] = trimmed.split(',');
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        items = Array.isArray(parsed) ? parsed : [trimmed];
      } catch {
        items = [trimmed];
      }
    }
    for (const item of items) {
      const role = String(item).trim();
      if (role) roles.push(role);
    }
  }
  return roles;
}

function parseFields(raw: Record<string, string[]>): UploadFields {
  const first = (name: string) => raw[name]?.[0];
  const parsed = uploadFields.safeParse({
    entity_field_id: first('entity_field_id'),
    is_restricted: first('is_restricted'),
    client_entity_id: first('client_entity_id'),
    offline_id: first('offline_id'),
    md5: first('md5'),
    name: first('name'),
    visible_to: rolesFrom(raw.visible_to ?? []),
  });
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error));
  const unknownRoles = parsed.data.visible_to.filter((r) => r !== ALL_ROLES && !isRoleKey(r));
  if (unknownRoles.length) throw invalid({ visible_to: [`Unknown role: ${unknownRoles.join(', ')}.`] });
  return parsed.data;
}

interface Link {
  entityId: string;
  entityTypeId: string;
  field: EntityTypeField | null;
}

const recordUnavailable = () => invalid({ client_entity_id: ['The selected record is not available.'] });

/** The record an upload is for: of the acting tenant, visible to the caller, which they may update. */
async function linkTarget(
  db: Kysely<DB>,
  auth: AuthContext,
  guard: PermissionGuard,
  tenantId: string,
  fields: UploadFields,
  kind: FileKind,
): Promise<Link> {
  const clientEntityId = fields.client_entity_id!;
  const record = await withContext(db, dbContext(auth), (tx) => fileRepository(tx, tenantId).record(clientEntityId));
  if (!record) throw recordUnavailable();
  let type: EntityType;
  try {
    type = await getEntityType(db, auth, record.entity_type_id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw recordUnavailable();
    throw error;
  }
  if (!guard.can(type.name, 'view')) throw recordUnavailable();
  authorizeRecordUpdate(guard, type);
  if (record.place === 'finalised' && !auth.isGlobalAdmin) throw forbidden('A finalised record is read-only.');
  let field: EntityTypeField | null = null;
  if (fields.entity_field_id) {
    const wanted = fields.entity_field_id;
    field = type.fields.find((f) => f.field_data.property === wanted || f.id === wanted) ?? null;
    if (!field || !FILE_FIELD_TYPES.has(field.field_data.type)) {
      throw invalid({ entity_field_id: ['The field is not a file field of this record.'] });
    }
    const viewer = { role: auth.actingRole, isGlobalAdmin: auth.isGlobalAdmin };
    if (!canSeeField(field.field_data.permissions, viewer))
      throw invalid({ entity_field_id: ['The field is not a file field of this record.'] });
    if (!canModifyField(field.field_data.permissions, viewer)) throw forbidden(`You may not change: ${field.field_data.property}.`);
    // A file field takes one kind of file (spec 02 §3 fileType; images unless set).
    const fileType = field.field_data.type === 'signature-pad' ? 'image' : (field.field_data.params?.fileType ?? 'image');
    if (fileType !== kind) throw typeNotAllowed();
  }
  return { entityId: record.id, entityTypeId: record.entity_type_id, field };
}

/** Role lists: the field's rule (when linked to a field limited to roles) narrowed by the uploader's. */
function accessOf(fields: UploadFields, link: Link | null): { isRestricted: boolean; visibleTo: string[] } {
  const clean = (roles: string[] | undefined) => {
    const list = [...new Set(roles ?? [])];
    return list.length === 0 || list.includes(ALL_ROLES) ? null : list;
  };
  const fromField = clean(link?.field?.field_data.permissions?.visible_to);
  const fromUploader = clean(fields.visible_to);
  let visibleTo = fromField ?? fromUploader ?? [];
  let narrowedToNobody = false;
  if (fromField && fromUploader) {
    visibleTo = fromField.filter((r) => fromUploader.includes(r));
    narrowedToNobody = visibleTo.length === 0;
  }
  return { isRestricted: Boolean(fields.is_restricted) || narrowedToNobody, visibleTo };
}

/**
 * POST /files. Reads the multipart parts in whatever order they come: text fields are kept,
 * the file is streamed through the inspector into the blob store. Then the fields are checked,
 * the record link resolved and the row written; any refusal after the bytes were stored
 * removes them again, so a refused upload leaves no row and no blob.
 */
export async function uploadFile(
  deps: FileDeps,
  auth: AuthContext,
  parts: AsyncIterable<Multipart>,
): Promise<{ file: FileResource; created: boolean }> {
  const tenantId = actingTenant(auth);
  const raw: Record<string, string[]> = Object.create(null);
  let stored: Stored | null = null;
  let replay: FileRow | undefined;
  let committed = false;
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw invalid({ [part.fieldname.slice(0, 100)]: ['The value is too long.'] });
          const name = part.fieldname.replace(/\[\]$/, '');
          const values = Array.isArray(part.value) ? part.value : [part.value];
          raw[name] = [...(raw[name] ?? []), ...values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))];
          continue;
        }
        if (part.fieldname !== 'file') {
          await drain(part.file);
          throw invalid({ file: ['Send the file in the field named file.'] });
        }
        // A retry whose offline_id came first is answered without storing the bytes again.
        const offlineId = raw.offline_id?.[0]?.trim();
        if (offlineId) {
          replay = await withContext(deps.db, dbContext(auth), (tx) => fileRepository(tx, tenantId).findByOfflineId(offlineId));
        }
        if (replay) {
          await drain(part.file);
          continue;
        }
        stored = await storePart(deps, tenantId, part);
      }
    } catch (error) {
      throw multipartError(error, deps.maxBytes);
    }
    if (!stored && !replay) throw invalid({ file: [FILE_MESSAGES.required] });
    const fields = parseFields(raw);
    if (replay) return { file: answerReplay(replay, auth), created: false };
    const upload = stored!;
    const originalName = cleanFileName(fields.name ?? upload.filename);
    const verdict = verdictFor(originalName, upload.format);
    if (!verdict) throw typeNotAllowed();
    if (fields.md5 && fields.md5 !== upload.written.md5) throw invalid({ md5: [FILE_MESSAGES.damaged] });
    const link = fields.client_entity_id
      ? await linkTarget(deps.db, auth, await guardFor(deps.db, auth), tenantId, fields, verdict.kind)
      : null;
    const access = accessOf(fields, link);
    const result = await withContext(deps.db, dbContext(auth), async (tx) => {
      const repo = fileRepository(tx, tenantId);
      const inserted = await repo.insert({
        id: upload.id,
        original_name: originalName,
        path: upload.key,
        size_bytes: upload.written.size,
        md5: upload.written.md5,
        mime_type: verdict.mime,
        created_by: auth.userId,
        entity_id: link?.entityId ?? null,
        entity_type_id: link?.entityTypeId ?? null,
        entity_field_property: link?.field?.field_data.property ?? fields.entity_field_id ?? null,
        offline_id: fields.offline_id ?? null,
        is_restricted: access.isRestricted,
        visible_to: access.visibleTo,
      });
      if (inserted && link) await fileRecordFiles(tx, tenantId, [upload.id]);
      const row = inserted ? await repo.findById(upload.id) : await repo.findByOfflineId(fields.offline_id!);
      return { row: row!, inserted };
    });
    committed = result.inserted;
    return result.inserted ? { file: present(result.row), created: true } : { file: answerReplay(result.row, auth), created: false };
  } finally {
    if (stored && !committed) {
      const key = (stored as Stored).key;
      await deps.blobs.delete(key).catch((error: unknown) => deps.log.error({ err: error, key }, 'could not remove a refused upload'));
    }
  }
}

/** A retried upload answers the first one, if this caller may read it. */
function answerReplay(row: FileRow, auth: AuthContext): FileResource {
  if (row.deleted_at || !mayRead(row, auth)) throw invalid({ offline_id: ['The offline id has already been taken.'] });
  return present(row);
}
