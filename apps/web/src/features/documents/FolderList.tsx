import { ActionIcon, Group, Menu, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconFolder } from '@tabler/icons-react';
import type { DocumentFolder, LibraryAbilities } from '@turnout/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/index.ts';
import { type DocumentPlace, deleteFolder, placeHref, updateFolder } from './documents-api.ts';
import { ConfirmDelete, FolderNameDialog, type LibraryQuery, MoveDialog, useRefreshDocuments } from './folder-dialogs.tsx';

type Dialog = { kind: 'rename' | 'move' | 'delete'; folder: DocumentFolder; detail?: string } | null;

/** Whether a folder has anything in it (then deleting it asks with a warning first). */
async function isEmpty(query: LibraryQuery, folder: DocumentFolder): Promise<boolean> {
  const q = { library: query.library, ...(query.station_id ? { station_id: query.station_id } : {}), folder_id: folder.id };
  const [listing, docs] = await Promise.all([
    api.get<{ data: { folders: unknown[] } }>('/document-folders', { query: q }),
    api.get<{ meta: { total: number } }>('/documents', { query: { ...q, per_page: 1 } }),
  ]);
  return listing.data.folders.length === 0 && docs.meta.total === 0;
}

/** The subfolders of the current place, each with Rename, Move and Delete when allowed. */
export function FolderList({
  place,
  query,
  folders,
  can,
}: {
  place: DocumentPlace;
  query: LibraryQuery;
  folders: DocumentFolder[];
  can: LibraryAbilities;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = useRefreshDocuments();
  const close = () => setDialog(null);
  const askDelete = async (folder: DocumentFolder) => {
    const empty = await isEmpty(query, folder).catch(() => false);
    setDialog({
      kind: 'delete',
      folder,
      ...(empty ? {} : { detail: `The folder ${folder.folder_name} is not empty: everything in it will be deleted too.` }),
    });
  };
  const hasMenu = can.update_folder || can.delete_folder;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label="Folders" role="list">
        {folders.map((folder) => (
          <Paper key={folder.id} withBorder radius="md" p="xs" role="listitem">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <UnstyledButton
                component={Link}
                to={placeHref({ ...place, folderPath: [...place.folderPath, folder.id] })}
                style={{ flex: 1, minWidth: 0, minHeight: 44, display: 'flex', alignItems: 'center', gap: 10 }}
              >
                <IconFolder size={22} aria-hidden />
                <Text fw={500} truncate>
                  {folder.folder_name}
                </Text>
              </UnstyledButton>
              {hasMenu && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Folder actions for ${folder.folder_name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {can.update_folder && <Menu.Item onClick={() => setDialog({ kind: 'rename', folder })}>Rename</Menu.Item>}
                    {can.update_folder && <Menu.Item onClick={() => setDialog({ kind: 'move', folder })}>Move</Menu.Item>}
                    {can.delete_folder && (
                      <Menu.Item color="red" onClick={() => void askDelete(folder)}>
                        Delete
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {dialog?.kind === 'rename' && (
        <FolderNameDialog
          opened
          title="Rename Folder"
          initial={dialog.folder.folder_name}
          submitLabel="Save"
          onClose={close}
          onSubmit={async (folder_name) => {
            await updateFolder(dialog.folder.id, { folder_name });
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          name={dialog.folder.folder_name}
          query={query}
          exclude={dialog.folder.id}
          onClose={close}
          onMove={async (parent_folder) => {
            await updateFolder(dialog.folder.id, { parent_folder });
            await refresh();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDelete
          {...(dialog.detail ? { detail: dialog.detail } : {})}
          onClose={close}
          onConfirm={async () => {
            await deleteFolder(dialog.folder.id, dialog.detail !== undefined);
            await refresh();
          }}
        />
      )}
    </>
  );
}
