import type { EntityTypeInput } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { invalid } from '../../platform/http/errors.ts';
import { documentRepository } from '../documents/repository.ts';

export const DOCUMENT_FOLDER_MESSAGES = {
  notStationFolder: 'The document folder must be a station folder of this tenant.',
} as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const folderOf = (objectData: Record<string, unknown> | null | undefined) => {
  const value = objectData?.document_folder;
  return value === undefined || value === null || value === '' ? null : value;
};

/**
 * An entity type's object_data.document_folder (spec 02 §3) names a station folder of the
 * acting tenant (else 422 at `object_data.document_folder`): files uploaded on its records also
 * appear there. The folder the stored type already names is not checked again (it may have been
 * deleted since; then nothing is filed), and imports with importArgs.skipTypeChecks keep theirs
 * (a folder of the exporting tenant files nothing here).
 */
export async function checkDocumentFolder(
  db: Kysely<DB>,
  auth: AuthContext,
  input: EntityTypeInput,
  unverifiedTypeId: string | null = null,
): Promise<void> {
  if (input.importArgs?.skipTypeChecks) return;
  const wanted = folderOf(input.object_data);
  if (wanted === null) return;
  const ok = await withContext(db, dbContext(auth), async (tx) => {
    if (unverifiedTypeId && UUID.test(unverifiedTypeId)) {
      const stored = await tx.selectFrom('entity_type').select('object_data').where('id', '=', unverifiedTypeId).executeTakeFirst();
      if (stored && folderOf(stored.object_data as Record<string, unknown>) === wanted) return true;
    }
    if (typeof wanted !== 'string' || !UUID.test(wanted) || !auth.tenantId) return false;
    const folder = await documentRepository(tx, auth.tenantId).folder(wanted);
    return Boolean(folder?.station_id);
  });
  if (!ok) throw invalid({ 'object_data.document_folder': [DOCUMENT_FOLDER_MESSAGES.notStationFolder] });
}
