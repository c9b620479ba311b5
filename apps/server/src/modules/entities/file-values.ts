import { ALL_ROLES } from '@turnout/shared';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { Tx } from '../../platform/db/tenancy.ts';
import { addFieldError } from '../../platform/http/errors.ts';
import { fileRecordFiles } from '../documents/type-folders.ts';
import { storeGeneratedFileIn } from '../files/generated.ts';
import { mayRead } from '../files/service.ts';
import type { Scope } from './service.ts';
import type { ValuesCheck } from './values.ts';

/**
 * File values of a save (spec 02 §3 single-file, §4 'Signature'; docs/decisions/0010):
 * - a signature sent as a data URL is stored as an uploaded PNG (or JPEG) and the value becomes
 *   its file reference;
 * - every referenced file must be a file of the acting tenant the saver may read (else 422
 *   'The selected file is not available.', whatever the reason, so ids reveal nothing);
 * - after the record is written, files not yet linked to a record get its id and the field.
 * Removing a file from a value leaves the file and its link as they are (nothing is lost).
 */
export const FILE_VALUE_MESSAGES = { unavailable: 'The selected file is not available.' } as const;

const FILE_FIELDS = new Set(['single-file', 'signature-pad']);
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FileLink {
  fileId: string;
  property: string;
}

const idsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list.map((ref) => (ref && typeof ref === 'object' ? String((ref as { id?: unknown }).id ?? '') : '')).filter(Boolean);
};

/**
 * Checks the file references of the values about to be saved, stores sent signatures, and
 * answers the links to make once the record row exists. Errors go into `check.errors`.
 */
export async function prepareFileValues(
  tx: Tx,
  blobs: BlobStore | undefined,
  auth: AuthContext,
  scope: Scope,
  check: ValuesCheck,
): Promise<FileLink[]> {
  const links: FileLink[] = [];
  const wanted = new Map<string, string>();
  for (const field of scope.type.fields) {
    const property = field.field_data.property;
    if (!FILE_FIELDS.has(field.field_data.type) || !Object.hasOwn(check.values, property)) continue;
    for (const id of idsOf(check.values[property])) wanted.set(id, property);
  }
  const ids = [...wanted.keys()];
  const valid = ids.filter((id) => UUID.test(id));
  const rows = valid.length
    ? await tx
        .selectFrom('file as f')
        .leftJoin('entity_type as t', 't.id', 'f.entity_type_id')
        .select(['f.id', 'f.created_by', 'f.is_restricted', 'f.visible_to', 'f.entity_id', 't.name as type_name'])
        .where('f.tenant_id', '=', scope.tenantId)
        .where('f.id', 'in', valid)
        .where('f.deleted_at', 'is', null)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, property] of wanted) {
    const row = byId.get(id);
    const readable =
      row !== undefined && mayRead(row, auth) && (row.type_name === null || auth.isGlobalAdmin || scope.guard.can(row.type_name, 'view'));
    if (!readable) addFieldError(check.errors, property, FILE_VALUE_MESSAGES.unavailable);
    else if (row.entity_id === null) links.push({ fileId: id, property });
  }
  if (Object.keys(check.errors).length || check.forbidden.length) return links;
  links.push(...(await storeSignatureValues(tx, blobs, { type: scope.type, tenantId: scope.tenantId, owner: auth.userId }, check)));
  return links;
}

/**
 * Stores the signatures sent as images (data URLs) and makes their values file references;
 * answers the links to make once the record row exists. `owner` is null for a public form's
 * visitor (modules/public-forms). Errors go into `check.errors`.
 */
export async function storeSignatureValues(
  tx: Tx,
  blobs: BlobStore | undefined,
  target: { type: Pick<Scope['type'], 'fields'>; tenantId: string; owner: string | null },
  check: ValuesCheck,
): Promise<FileLink[]> {
  const links: FileLink[] = [];
  for (const field of target.type.fields) {
    const property = field.field_data.property;
    const value = check.values[property];
    if (field.field_data.type !== 'signature-pad' || typeof value !== 'string' || !blobs) continue;
    const match = DATA_URL.exec(value);
    const bytes = match ? Buffer.from(match[2] ?? '', 'base64') : Buffer.alloc(0);
    const isPng = match?.[1] === 'png' && bytes.subarray(0, 8).equals(PNG);
    const isJpeg = match?.[1] === 'jpeg' && bytes.subarray(0, 3).equals(JPEG);
    if (!isPng && !isJpeg) {
      addFieldError(check.errors, property, 'The signature is not a PNG or JPEG image.');
      continue;
    }
    const roles = field.field_data.permissions?.visible_to ?? [];
    const limited = roles.length > 0 && !roles.includes(ALL_ROLES);
    const stored = await storeGeneratedFileIn(tx, blobs, {
      tenantId: target.tenantId,
      name: isPng ? 'signature.png' : 'signature.jpg',
      mimeType: isPng ? 'image/png' : 'image/jpeg',
      bytes,
      owner: target.owner,
      entityId: null,
      entityTypeId: null,
      restricted: false,
      visibleTo: limited ? roles : [],
    });
    check.values[property] = {
      id: stored.id,
      original_name: stored.original_name,
      url: stored.url,
      size_bytes: stored.size_bytes,
      md5: stored.md5,
    };
    links.push({ fileId: stored.id, property });
  }
  return links;
}

/** Links the checked files to the record just written (files already on a record keep theirs). */
export async function linkFileValues(tx: Tx, scope: Pick<Scope, 'tenantId' | 'type'>, entityId: string, links: FileLink[]): Promise<void> {
  for (const link of links) {
    await tx
      .updateTable('file')
      .set({ entity_id: entityId, entity_type_id: scope.type.id, entity_field_property: link.property })
      .where('tenant_id', '=', scope.tenantId)
      .where('id', '=', link.fileId)
      .where('entity_id', 'is', null)
      .execute();
  }
  await fileRecordFiles(
    tx,
    scope.tenantId,
    links.map((l) => l.fileId),
  );
}
