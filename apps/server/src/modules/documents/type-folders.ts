import type { Tx } from '../../platform/db/tenancy.ts';
import { documentRepository } from './repository.ts';

/**
 * Called by the files and entities modules inside their transaction once files are on a
 * record: files of a record type with object_data.document_folder also appear in that folder.
 * Readers are filtered as for every document (the files module's check needs view on the
 * record's type), so the folder shows them only to those who may see the record's files.
 */
export async function fileRecordFiles(tx: Tx, tenantId: string, fileIds: string[]): Promise<void> {
  await documentRepository(tx, tenantId).fileIntoTypeFolders(fileIds);
}
