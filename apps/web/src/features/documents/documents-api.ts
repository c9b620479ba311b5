import { useQuery } from '@tanstack/react-query';
import type { DocumentFolder, DocumentResource, DocumentStation, FolderListing, PageMeta } from '@turnout/shared';
import { authStore } from '../../api/auth-store.ts';
import { api } from '../../api/index.ts';
import type { FileResource } from '../../fields/common/files.ts';

/**
 * Where the documents screen is (spec 01 §2.3 DocumentList): topLevelPath none | my |
 * stations | station, currentStation, folderPath (folder ids joined by |).
 */
export type TopLevelPath = 'none' | 'my' | 'stations' | 'station';
export interface DocumentPlace {
  top: TopLevelPath;
  station: string | null;
  folderPath: string[];
}

export function placeFromSearch(search: URLSearchParams): DocumentPlace {
  const raw = search.get('topLevelPath');
  const top: TopLevelPath = raw === 'my' || raw === 'stations' || raw === 'station' ? raw : 'none';
  const station = top === 'station' ? search.get('currentStation') || null : null;
  const folderPath = (search.get('folderPath') ?? '').split('|').filter(Boolean);
  if (top === 'station' && !station) return { top: 'stations', station: null, folderPath: [] };
  return { top, station, folderPath: top === 'my' || top === 'station' ? folderPath : [] };
}

export function placeHref(place: DocumentPlace): string {
  const params = new URLSearchParams();
  if (place.top !== 'none') params.set('topLevelPath', place.top);
  if (place.station) params.set('currentStation', place.station);
  if (place.folderPath.length) params.set('folderPath', place.folderPath.join('|'));
  const query = params.toString();
  return query ? `/documents/?${query}` : '/documents/';
}

/** The library query of a place inside a library (my or a station), else null. */
export function libraryOf(place: DocumentPlace): { library: 'my' | 'station'; station_id?: string; folder_id?: string } | null {
  if (place.top !== 'my' && place.top !== 'station') return null;
  const folder = place.folderPath.at(-1);
  return {
    library: place.top,
    ...(place.station ? { station_id: place.station } : {}),
    ...(folder ? { folder_id: folder } : {}),
  };
}

export const documentKeys = {
  all: ['documents'] as const,
  stations: () => ['documents', 'stations'] as const,
  folder: (q: object) => ['documents', 'folder', q] as const,
  list: (q: object) => ['documents', 'list', q] as const,
  tree: (q: object) => ['documents', 'tree', q] as const,
  one: (id: string) => ['documents', 'one', id] as const,
};

export const useStations = (enabled: boolean) =>
  useQuery({
    queryKey: documentKeys.stations(),
    queryFn: ({ signal }) => api.get<{ data: DocumentStation[] }>('/documents/stations', { signal }).then((r) => r.data),
    enabled,
  });

export const useFolderListing = (q: ReturnType<typeof libraryOf>) =>
  useQuery({
    queryKey: documentKeys.folder(q ?? {}),
    queryFn: ({ signal }) => api.get<{ data: FolderListing }>('/document-folders', { query: q ?? {}, signal }).then((r) => r.data),
    enabled: q !== null,
  });

export const DOCUMENT_PAGE = 48;

export const useDocumentList = (q: ReturnType<typeof libraryOf>, page: number) =>
  useQuery({
    queryKey: documentKeys.list({ ...q, page }),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentResource[]; meta: PageMeta }>('/documents', { query: { ...q, page, per_page: DOCUMENT_PAGE }, signal }),
    enabled: q !== null,
  });

export const fetchFolderTree = (q: { library: 'my' | 'station'; station_id?: string }) =>
  api.get<{ data: DocumentFolder[] }>('/document-folders/tree', { query: q }).then((r) => r.data);

export const useDocument = (id: string) =>
  useQuery({
    queryKey: documentKeys.one(id),
    queryFn: ({ signal }) => api.get<{ data: DocumentResource }>(`/documents/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
    retry: false,
  });

/** A short-lived URL of the file's bytes for a <video> element (POST /files/{id}/content-url). */
export const useSignedContentUrl = (fileId: string) =>
  useQuery({
    queryKey: ['file-content-url', fileId],
    queryFn: () =>
      api.post<{ data: { url: string; expires_at: string } }>(`/files/${encodeURIComponent(fileId)}/content-url`).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export const createFolder = (body: {
  folder_name: string;
  library: 'my' | 'station';
  station_id?: string;
  parent_folder?: string | null;
}) => api.post<{ data: DocumentFolder }>('/document-folders', body);
export const updateFolder = (id: string, body: { folder_name?: string; parent_folder?: string | null }) =>
  api.put<{ data: DocumentFolder }>(`/document-folders/${id}`, body);
export const deleteFolder = (id: string, force: boolean) =>
  api.delete(`/document-folders/${id}`, { query: force ? { force: 'true' } : {} });
export const updateDocument = (id: string, body: { folder_id?: string | null; is_handbook?: boolean }) =>
  api.put<{ data: DocumentResource }>(`/documents/${id}`, body);
export const deleteDocument = (id: string) => api.delete(`/documents/${id}`);
export const fileDocument = (body: { file_id: string; library: 'my' | 'station'; station_id?: string; folder_id?: string | null }) =>
  api.post<{ data: DocumentResource }>('/documents', body);

/**
 * POST /files with upload progress (fetch reports none): XMLHttpRequest with the bearer
 * token. Resolves with the stored file; rejects with the server's message.
 */
export function uploadWithProgress(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<FileResource> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    const token = authStore.token();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { data?: FileResource; message?: string; errors?: Record<string, string[]> } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says enough
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.data) {
        onProgress(1);
        resolve(body.data);
      } else {
        const detail = body.errors ? Object.values(body.errors).flat()[0] : undefined;
        reject(new Error(detail ?? body.message ?? `Upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new Error('Failed to fetch'));
    xhr.onabort = () => reject(new Error('User cancelled'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('offline_id', crypto.randomUUID());
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
