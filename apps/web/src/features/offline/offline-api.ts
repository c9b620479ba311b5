import { api } from '../../api/index.ts';
import { createRecord, updateRecord } from '../record/record-api.ts';
import type { QueuedFile } from './offline-store.ts';
import type { ReplayApi, SavedRecord } from './replay.ts';

/** The file reference a single-file value keeps (as fields/common/files.ts `toReference`). */
interface UploadedFile {
  id: string;
  original_name: string;
  url: string;
  path: string;
  size_bytes: number;
  md5: string;
  is_restricted: boolean;
}

/**
 * POST /files multipart {file, entity_field_id, is_restricted, client_entity_id, offline_id}: the
 * queued file's id is its offline_id, so a retried upload answers the file stored the first time.
 * client_entity_id only for a record the server has (an add's record does not exist yet: the save
 * links the file).
 */
async function uploadQueuedFile(file: QueuedFile, clientEntityId: string | null) {
  const form = new FormData();
  form.append('offline_id', file.id);
  if (file.entity_field_id) form.append('entity_field_id', file.entity_field_id);
  form.append('is_restricted', file.is_restricted ? 'true' : 'false');
  if (clientEntityId) form.append('client_entity_id', clientEntityId);
  form.append('file', file.blob, file.name);
  const { data } = await api.postMultipart<{ data: UploadedFile }>('/files', form);
  return {
    id: data.id,
    original_name: data.original_name,
    url: data.url,
    path: data.path,
    size_bytes: data.size_bytes,
    md5: data.md5,
    is_restricted: data.is_restricted,
  };
}

export const replayApi: ReplayApi = {
  uploadFile: uploadQueuedFile,
  create: (typeName, body) => createRecord(typeName, body) as Promise<SavedRecord>,
  update: (typeName, id, body) => updateRecord(typeName, id, body) as Promise<SavedRecord>,
};
