import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid, notFound } from '../../platform/http/errors.ts';
import { storeGeneratedFile } from '../files/generated.ts';
import { fileRepository } from '../files/repository.ts';
import { verdictFor } from '../files/sniff.ts';
import { cleanFileName, FILE_MESSAGES, multipartError, typeNotAllowed, UploadInspector } from '../files/upload.ts';
import { inTenant } from './repository.ts';
import { type LinkQuery, openLink, PUBLIC_FORM_LIMITS, type PublicFormDeps, throttle } from './service.ts';

/**
 * POST /public-forms/files and GET /public-forms/files/{id} (spec 01 §7): a visitor's photo or
 * document for a file field of the public form, and reading it back before the form is sent.
 * The upload names the field (entity_field_id) and carries the link's tenantId and tenantHmac;
 * the file must be of the kind the field takes, is stored under the link's tenant with no
 * owner, and can be read back only through the same link while no record holds it.
 */
export interface PublicFile {
  id: string;
  original_name: string;
  url: string;
  path: string;
  size_bytes: number;
  md5: string;
  mime_type: string;
  is_restricted: boolean;
  created_at: string;
}

async function readAll(stream: Readable, inspector: UploadInspector): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of inspector.stream(stream)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function uploadPublicFile(
  deps: PublicFormDeps & { maxBytes: number },
  ip: string,
  parts: AsyncIterable<Multipart>,
): Promise<PublicFile> {
  const maxBytes = Math.min(deps.maxBytes, PUBLIC_FORM_LIMITS.uploadBytes);
  const fields: Record<string, string> = Object.create(null);
  let file: { bytes: Buffer; name: string; inspector: UploadInspector } | null = null;
  // An address past its limit is refused before its body is read.
  await throttle(deps.db, 'upload', ip);
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const inspector = new UploadInspector(maxBytes);
      if (part.fieldname !== 'file' || file) throw invalid({ file: [FILE_MESSAGES.oneFile] });
      file = { bytes: await readAll(part.file, inspector), name: part.filename, inspector };
    }
  } catch (error) {
    throw multipartError(error, maxBytes);
  }
  // The link is checked before anything is stored or counted.
  const { link } = await openLink(deps, { name: fields.entity_type ?? '' }, { tenantId: fields.tenantId, tenantHmac: fields.tenantHmac });
  const fieldRef = fields.entity_field_id ?? '';
  const field = link.form.fields.find((f) => f.id === fieldRef || f.field_data.property === fieldRef);
  if (!field || !['single-file'].includes(field.field_data.type)) {
    throw invalid({ entity_field_id: ['The selected field does not take files.'] });
  }
  if (!file) throw invalid({ file: [FILE_MESSAGES.required] });
  await throttle(deps.db, 'upload', ip, link);
  const name = cleanFileName(fields.name ?? file.name);
  const verdict = verdictFor(name, file.inspector.format);
  const wanted = (field.field_data.params as Record<string, unknown> | undefined)?.fileType ?? 'image';
  if (!verdict || verdict.kind !== wanted) throw typeNotAllowed();
  const stored = await storeGeneratedFile(deps, {
    tenantId: link.tenantId,
    name,
    mimeType: verdict.mime,
    bytes: file.bytes,
    owner: null,
    entityId: null,
    entityTypeId: null,
    fieldProperty: field.field_data.property,
    restricted: false,
  });
  await inTenant(deps.db, link.tenantId, (repo) =>
    repo.record({ kind: 'upload', tenantId: link.tenantId, entityTypeId: link.type.id, ip, fileId: stored.id }),
  );
  const query = new URLSearchParams({ tenantId: link.tenantId, tenantHmac: fields.tenantHmac ?? '' });
  return {
    id: stored.id,
    original_name: stored.original_name,
    url: `/api/public-forms/files/${stored.id}?${query.toString()}`,
    path: '',
    size_bytes: stored.size_bytes,
    md5: stored.md5,
    mime_type: verdict.mime,
    is_restricted: false,
    created_at: new Date().toISOString(),
  };
}

/** The bytes of a visitor's upload, through the link it was uploaded with, while no record holds it. */
export async function publicFileContent(deps: Pick<PublicFormDeps, 'db' | 'key' | 'blobs'>, unverifiedId: string, query: LinkQuery) {
  const tenantId = query.tenantId ?? '';
  const event =
    /^[0-9a-f-]{36}$/i.test(unverifiedId) && /^[0-9a-f-]{36}$/i.test(tenantId)
      ? await inTenant(deps.db, tenantId, (repo) => repo.uploadOf(tenantId, unverifiedId))
      : undefined;
  // The same refusal as a bad link: an id reveals nothing.
  const { link } = await openLink(deps, { id: event?.entity_type_id ?? '00000000-0000-0000-0000-000000000000' }, query);
  const row = await withContext(deps.db, { tenantId: link.tenantId, userId: null, isGlobal: false }, (tx) =>
    fileRepository(tx, link.tenantId).findById(unverifiedId),
  );
  if (!event || !row || row.entity_id !== null) throw notFound(FILE_MESSAGES.notAvailable);
  const stream = await deps.blobs.get(row.path);
  if (!stream) throw notFound(FILE_MESSAGES.notAvailable);
  return { row, stream };
}
