import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { type FileRow, fileRepository } from './repository.ts';
import { cleanFileName } from './upload.ts';

/**
 * Files the server makes itself (printed records, report documents, version PDFs, signature
 * images): stored like uploads — bytes in the blob store under the same key scheme, a `file`
 * row — and read back through GET /files/{id}/content with the same checks. `owner` null means
 * nobody reads it through /files except global admins (a version PDF, served by its own route).
 * CSV exports are written as a stream (storeGeneratedStream).
 */
export interface GeneratedFile {
  tenantId: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  owner: string | null;
  entityId: string | null;
  entityTypeId: string | null;
  fieldProperty?: string | null;
  restricted: boolean;
  visibleTo?: string[];
}

export async function storeGeneratedFile(deps: { db: Kysely<DB>; blobs: BlobStore }, file: GeneratedFile): Promise<StoredFile> {
  return withContext(deps.db, { tenantId: file.tenantId, userId: file.owner, isGlobal: false }, (tx) =>
    storeGeneratedFileIn(tx, deps.blobs, file),
  );
}

export interface StoredFile {
  id: string;
  url: string;
  original_name: string;
  size_bytes: number;
  md5: string;
}

/** The same inside a transaction the caller holds (the row goes with it; the bytes are removed if the insert fails). */
export async function storeGeneratedFileIn(tx: Tx, blobs: BlobStore, file: GeneratedFile): Promise<StoredFile> {
  const { bytes, ...described } = file;
  const blob = await putBlob(blobs, file.tenantId, Readable.from([Buffer.from(bytes)]));
  return insertRow(tx, blobs, described, blob);
}

/**
 * A file the server writes as it makes it (a CSV export): the stream goes to the blob store
 * first, outside any transaction (making it may take many queries), then the row is inserted.
 * A stream that fails leaves nothing behind (the store's put is all or nothing), and neither
 * does a row that cannot be inserted.
 */
export async function storeGeneratedStream(
  deps: { db: Kysely<DB>; blobs: BlobStore },
  file: Omit<GeneratedFile, 'bytes'> & { body: Readable },
): Promise<StoredFile> {
  const { body, ...described } = file;
  const blob = await putBlob(deps.blobs, file.tenantId, body);
  return withContext(deps.db, { tenantId: file.tenantId, userId: file.owner, isGlobal: false }, (tx) =>
    insertRow(tx, deps.blobs, described, blob),
  );
}

interface PutBlob {
  id: string;
  key: string;
  size: number;
  md5: string;
}

/** The bytes under a new file id, in the uploads' key scheme: {tenant}/{yyyy}/{mm}/{id}. */
async function putBlob(blobs: BlobStore, tenantId: string, body: Readable): Promise<PutBlob> {
  const id = randomUUID();
  const now = new Date();
  const key = `${tenantId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const written = await blobs.put(key, body);
  return { id, key, ...written };
}

async function insertRow(tx: Tx, blobs: BlobStore, file: Omit<GeneratedFile, 'bytes'>, blob: PutBlob): Promise<StoredFile> {
  const name = cleanFileName(file.name);
  try {
    await fileRepository(tx, file.tenantId).insert({
      id: blob.id,
      original_name: name,
      path: blob.key,
      size_bytes: blob.size,
      md5: blob.md5,
      mime_type: file.mimeType,
      created_by: file.owner,
      entity_id: file.entityId,
      entity_type_id: file.entityTypeId,
      entity_field_property: file.fieldProperty ?? null,
      offline_id: null,
      is_restricted: file.restricted,
      visible_to: file.visibleTo ?? [],
    });
  } catch (error) {
    await blobs.delete(blob.key).catch(() => undefined);
    throw error;
  }
  return { id: blob.id, url: `/api/files/${blob.id}/content`, original_name: name, size_bytes: blob.size, md5: blob.md5 };
}

/** The bytes of a file of a tenant by id (no reader checks: the caller has made them). */
export async function unsafeFileBytes(
  deps: { db: Kysely<DB>; blobs: BlobStore },
  tenantId: string,
  userId: string,
  id: string,
  /** When given, only a file this reader may read (mayRead of the files module). */
  reader?: (row: FileRow) => boolean,
): Promise<{ bytes: Buffer; mimeType: string; name: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await withContext(deps.db, { tenantId, userId, isGlobal: false }, (tx) => fileRepository(tx, tenantId).findById(id));
  if (!row || (reader && !reader(row))) return null;
  const stream = await deps.blobs.get(row.path);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { bytes: Buffer.concat(chunks), mimeType: row.mime_type, name: row.original_name };
}

/**
 * The bytes of a file of a tenant by id as a stream, with its size (an import reads an upload
 * this way, never whole into memory). No reader checks: the caller has made them.
 */
export async function unsafeFileStream(
  deps: { db: Kysely<DB>; blobs: BlobStore },
  tenantId: string,
  userId: string,
  id: string,
): Promise<{ stream: Readable; size: number; name: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await withContext(deps.db, { tenantId, userId, isGlobal: false }, (tx) => fileRepository(tx, tenantId).findById(id));
  if (!row) return null;
  const stream = await deps.blobs.get(row.path);
  return stream ? { stream, size: Number(row.size_bytes), name: row.original_name } : null;
}
