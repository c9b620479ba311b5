import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';
import type { RecordDeps } from '../entities/service.ts';
import { storeGeneratedStream, unsafeFileStream } from '../files/generated.ts';
import { FILE_MESSAGES, fileTooLarge } from '../files/upload.ts';
import type { ImportNotesParams } from './runner.ts';

/** What an import needs: the database, the blob store, and what a save needs (mail for actions). */
export interface ImportDeps extends RecordDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  maxBytes: number;
}

/** The params of an import job (csv-import and xml-import). */
export interface ImportParams {
  type: string;
  file_id: string;
  test_run: boolean;
  time_zone: string;
  notes_params: ImportNotesParams;
}

export const UPLOAD_MESSAGES = {
  notText: (what: string) => `The file must be ${what} file (a spreadsheet is saved as CSV first).`,
  gone: 'The uploaded file is no longer available. Please upload it again.',
} as const;

/** Counts bytes against the limit and refuses binary content (a NUL byte in the first 8 KB). */
async function* textUpload(source: AsyncIterable<Buffer>, maxBytes: number, what: string): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    if (size < 8192 && chunk.subarray(0, 8192 - size).includes(0)) throw invalid({ file: [UPLOAD_MESSAGES.notText(what)] });
    size += chunk.length;
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    yield chunk;
  }
  if (size === 0) throw invalid({ file: [FILE_MESSAGES.empty] });
}

/**
 * The one file of a multipart upload, streamed into the blob store as a file only the uploader
 * may read (never whole in memory); its id and name.
 */
export async function storeUpload(
  deps: ImportDeps,
  auth: AuthContext,
  tenantId: string,
  parts: AsyncIterableIterator<Multipart>,
  kind: { what: string; mimeType: string },
): Promise<{ id: string; name: string }> {
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    const stored = await storeGeneratedStream(deps, {
      tenantId,
      name: part.filename || 'import',
      mimeType: kind.mimeType,
      body: Readable.from(textUpload(part.file, deps.maxBytes, kind.what)),
      owner: auth.userId,
      entityId: null,
      entityTypeId: null,
      restricted: true,
    });
    return { id: stored.id, name: stored.original_name };
  }
  throw invalid({ file: [FILE_MESSAGES.required] });
}

/** An uploaded file's bytes as a stream, and how far through it the reader is (0–100). */
export async function openUpload(deps: ImportDeps, tenantId: string, userId: string, fileId: string) {
  const file = await unsafeFileStream(deps, tenantId, userId, fileId);
  if (!file) throw invalid({ file: [UPLOAD_MESSAGES.gone] }, UPLOAD_MESSAGES.gone);
  let read = 0;
  async function* bytes() {
    for await (const chunk of file!.stream) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  return { bytes: bytes(), progress: () => (file.size > 0 ? Math.min(99, (read / file.size) * 100) : null) };
}

/** The tenant's date format (spec 01 §3 'Tenant'), for dates written as the tenant shows them. */
export async function tenantDateFormat(db: Kysely<DB>, auth: AuthContext): Promise<string> {
  const row = await withContext(db, dbContext(auth), (tx) =>
    tx.selectFrom('tenant').select('date_format').where('id', '=', auth.tenantId!).executeTakeFirst(),
  );
  return row?.date_format ?? 'DATE_SHORT';
}
