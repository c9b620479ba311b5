import { useQuery } from '@tanstack/react-query';
import type { FileReference } from '@turnout/shared/fields/types/single-file';
import { createContext, useContext, useEffect, useState } from 'react';
import { authStore } from '../../api/auth-store.ts';
import { api } from '../../api/index.ts';

/** A file as GET/POST /files answer it (the fields the editor uses). */
export interface FileResource {
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

export type FileType = 'image' | 'document' | 'audiovideo';

/** The file picker's accept list per params.fileType (default image, spec 02 §3). */
export const ACCEPT: Record<FileType, string> = {
  image: 'image/*',
  document: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.txt,.rtf,.odt,.ods',
  audiovideo: 'audio/*,video/*',
};

export const fileTypeOf = (params: Record<string, unknown> | undefined): FileType =>
  params?.fileType === 'document' || params?.fileType === 'audiovideo' ? params.fileType : 'image';

export const toReference = (f: FileResource): FileReference => ({
  id: f.id,
  original_name: f.original_name,
  url: f.url,
  path: f.path,
  size_bytes: f.size_bytes,
  md5: f.md5,
  is_restricted: f.is_restricted,
});

export interface UploadInput {
  file: File;
  entityFieldId?: string;
  isRestricted?: boolean;
  clientEntityId?: string;
}

/** The signed link of a public form (features/public-forms): its uploads go to POST /public-forms/files. */
export interface PublicUploadTarget {
  typeName: string;
  tenantId: string;
  tenantHmac: string;
}

/** Set around a public form: file fields upload through its link and offer no media library. */
export const PublicUploadContext = createContext<PublicUploadTarget | null>(null);
export const usePublicUpload = () => useContext(PublicUploadContext);

/** POST /public-forms/files multipart {entity_type, entity_field_id, tenantId, tenantHmac, file}. */
async function uploadPublicFile(input: UploadInput & { field: string }, target: PublicUploadTarget): Promise<FileResource> {
  const form = new FormData();
  form.append('entity_type', target.typeName);
  form.append('entity_field_id', input.field);
  form.append('tenantId', target.tenantId);
  form.append('tenantHmac', target.tenantHmac);
  form.append('file', input.file, input.file.name);
  return (await api.postMultipart<{ data: FileResource }>('/public-forms/files', form)).data;
}

/** POST /files multipart {file, entity_field_id, is_restricted, client_entity_id, offline_id}. */
export async function uploadFile(input: UploadInput, target?: { publicForm: PublicUploadTarget; field: string }): Promise<FileResource> {
  if (target) return uploadPublicFile({ ...input, field: target.field }, target.publicForm);
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  if (input.entityFieldId) form.append('entity_field_id', input.entityFieldId);
  form.append('is_restricted', input.isRestricted ? 'true' : 'false');
  if (input.clientEntityId) form.append('client_entity_id', input.clientEntityId);
  form.append('offline_id', crypto.randomUUID());
  const answer = await api.postMultipart<{ data: FileResource }>('/files', form);
  return answer.data;
}

export const MEDIA_LIBRARY_PAGE = 24;

/** GET /files/ (the media library): the acting tenant's files, by name and type. */
export async function fetchMediaLibrary(search: string, fileType: FileType, page: number, signal?: AbortSignal) {
  return api.get<{ data: FileResource[]; meta: { current_page: number; last_page: number } }>('/files', {
    query: { 'filter[display_name]': search.trim() || undefined, 'filter[file_type]': fileType, page, per_page: MEDIA_LIBRARY_PAGE },
    signal,
  });
}

export type MediaKind = 'image' | 'video' | 'pdf' | 'other';

/** What a file is, by its name: image preview, video player (mp4, quicktime), PDF viewer, or a link. */
export function mediaKind(ref: Pick<FileReference, 'original_name' | 'path' | 'url'>): MediaKind {
  const name = (ref.original_name || ref.path || ref.url || '').split('?')[0]!.toLowerCase();
  const ext = name.slice(name.lastIndexOf('.') + 1);
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'heic'].includes(ext)) return 'image';
  if (['mp4', 'm4v', 'mov', 'qt'].includes(ext)) return 'video';
  if (ext === 'pdf') return 'pdf';
  return 'other';
}

/** The PDF viewer route of spec 02 §2. */
export const pdfViewerHref = (url: string) => `/pdfjs/web/viewer.html?file=${encodeURIComponent(url)}`;

/** The content URL of a stored file. */
export const contentUrl = (ref: Pick<FileReference, 'id' | 'url'>) => ref.url || `/api/files/${encodeURIComponent(ref.id)}/content`;

/**
 * File bytes need the bearer token, so previews fetch them and show an object URL. Data URLs
 * and other origins are used as they are.
 */
export async function fetchBlobUrl(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = authStore.token();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new Error(`File is not available. (${response.status})`);
  return response.blob();
}

export function useObjectUrl(url: string | undefined) {
  const needsFetch = !!url && url.startsWith('/api/');
  const blob = useQuery({
    queryKey: ['file-content', url],
    queryFn: ({ signal }) => fetchBlobUrl(url!, signal),
    enabled: needsFetch,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [objectUrl, setObjectUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setObjectUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob.data]);
  return { src: needsFetch ? objectUrl : url, error: blob.error, loading: blob.isLoading };
}

/** Camera is offered only on phones (spec 02 §5: not on the web). */
export function isPhone(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Android|iPhone|iPod|Windows Phone|Mobile/i.test(navigator.userAgent) && !/iPad|Tablet/i.test(navigator.userAgent);
}
