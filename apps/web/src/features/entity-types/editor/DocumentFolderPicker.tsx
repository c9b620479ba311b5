import { Select } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { DocumentFolder } from '@turnout/shared';
import { documentKeys, fetchFolderTree, useStations } from '../../documents/documents-api.ts';

export const DOCUMENT_FOLDER_GONE = 'A folder that is no longer available';

/** Each folder's path from its station's top level ('Manuals / Engines'), in name order. */
export function folderPaths(folders: DocumentFolder[]): { value: string; label: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (folder: DocumentFolder): string => {
    const names = [folder.folder_name];
    const seen = new Set([folder.id]);
    let parent = folder.parent_folder ? byId.get(folder.parent_folder) : undefined;
    while (parent && !seen.has(parent.id)) {
      names.unshift(parent.folder_name);
      seen.add(parent.id);
      parent = parent.parent_folder ? byId.get(parent.parent_folder) : undefined;
    }
    return names.join(' / ');
  };
  return folders
    .map((f) => ({ value: f.id, label: pathOf(f) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/**
 * An entity type's document_folder (spec 02 §3): a station folder of the tenant where files
 * uploaded on the type's records also appear. Folders are grouped by station; the server
 * checks the choice on save (422 at object_data.document_folder).
 */
export function DocumentFolderPicker({
  value,
  onChange,
  readOnly,
  error,
}: {
  value: string | null;
  onChange: (next: string | null) => void;
  readOnly: boolean;
  error?: string | undefined;
}) {
  const stations = useStations(true);
  const trees = useQueries({
    queries: (stations.data ?? []).map((s) => ({
      queryKey: documentKeys.tree({ library: 'station', station_id: s.id }),
      queryFn: () => fetchFolderTree({ library: 'station', station_id: s.id }),
    })),
  });
  const groups = (stations.data ?? [])
    .map((s, i) => ({ group: s.display_name, items: folderPaths(trees[i]?.data ?? []) }))
    .filter((g) => g.items.length > 0);
  const loading = stations.isPending || trees.some((t) => t.isPending);
  const known = groups.some((g) => g.items.some((item) => item.value === value));
  const data = value && !known && !loading ? [{ value, label: DOCUMENT_FOLDER_GONE }, ...groups] : groups;
  const unavailable = stations.isError ? 'Station folders are not available here (select a tenant first).' : undefined;
  return (
    <Select
      label="Document folder"
      description="Files uploaded on this type's records also appear in this station folder."
      placeholder={loading ? 'Loading folders…' : groups.length ? 'None' : 'No station folders yet'}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage="No documents found"
      disabled={readOnly || stations.isError}
      error={error ?? unavailable}
    />
  );
}
